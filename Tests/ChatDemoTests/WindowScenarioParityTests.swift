import CSDL2
import ChatKit
import Foundation
import ReuseKitSDL
import ReuseKitTestSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ChatDemoCore

/// The window and a headless scenario doing the same things count the same: the same actions go
/// once through the window's path (SDL events into the app, routed and drawn frame by frame as
/// `ChatApp.run()` does) and once as scenario steps, and the whole reports are compared.
///
/// The actions: collapse today's day (a click on its pill), type into a message of yesterday, send
/// a message into the collapsed day (the app's send rule expands it), split (F5), type and undo in
/// view 1, undo in view 0. A runner whose `send` skipped the app's rules (as it once did) would
/// leave the day collapsed and count differently.
@MainActor @Suite struct WindowScenarioParityTests {
  /// A scenario over the seed transcript (two days, a sticker in each).
  private func scenario(_ steps: String) throws -> Scenario {
    let json = #"{"name": "parity", "transcript": \#(SeedScenarioTests.transcript), "steps": [\#(steps)]}"#
    return try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.temporaryDirectory())
  }

  private func runner(_ steps: String = "") throws -> ScenarioRunner {
    ScenarioRunner(scenario: try scenario(steps), options: .init(stickerDirectory: RepositoryAssets.stickers))
  }

  /// The window's path: each batch of events is one pass of the loop (`SDL_PollEvent` until empty,
  /// then a frame). Returns the report and the steps a scenario needs to do the same.
  private func windowRun() throws -> (ScenarioReport, [String]) {
    let runner = try runner()
    let app = try runner.makeApp()
    var frames = 0
    func frame(_ events: [SDL_Event]) throws {
      for event in events { app.route(event) }
      try app.drawFrame()
      frames += 1
    }
    func click(_ view: SDLTextView, paragraph: Int, x: Double, in rect: CGRect) throws -> [SDL_Event] {
      let fragment = try #require(view.visibleFragments().first { $0.paragraphIndex == paragraph })
      let y = rect.minY + fragment.origin.y + fragment.fragment.height / 2
      return [
        SyntheticSDLEvent.mouseButton(down: true, x: Int32(rect.minX + x), y: Int32(y)),
        SyntheticSDLEvent.mouseButton(down: false, x: Int32(rect.minX + x), y: Int32(y)),
      ]
    }
    func selection(_ view: SDLTextView, paragraph: Int) throws -> Int {
      view.selectedRange.lowerBound - (try view.textContentManager.startOffset(ofParagraphAt: paragraph))
    }
    var steps: [String] = []
    try frame([])
    // Collapse today (separator 4) with a click on its pill, centred in the transcript.
    let chatRect = app.state.layout.chatRect
    try frame(try click(app.chatView, paragraph: 4, x: chatRect.midX, in: chatRect))
    #expect(app.chatView.daySections.collapsed["2026-11-30"] == 2)
    steps.append(#"{"op": "collapse", "day": 1}"#)
    // Click into yesterday's sticker message and type.
    try frame(try click(app.chatView, paragraph: 2, x: chatRect.maxX - 60, in: chatRect))
    steps.append(#"{"op": "select", "message": 2, "offset": \#(try selection(app.chatView, paragraph: 2))}"#)
    for character in "hi" { try frame(SyntheticSDLEvent.keystroke(typing: character)) }
    steps.append(#"{"op": "type", "text": "hi"}"#)
    // Send into the collapsed day: click into the composer, type, Enter.
    let field = app.state.layout.composerTextRect
    try frame(
      [
        SyntheticSDLEvent.mouseButton(down: true, x: Int32(field.maxX - 1), y: Int32(field.maxY - 1)),
        SyntheticSDLEvent.mouseButton(down: false, x: Int32(field.maxX - 1), y: Int32(field.maxY - 1)),
      ] + "yo".flatMap { SyntheticSDLEvent.keystroke(typing: $0) } + [
        SyntheticSDLEvent.keyDown(SDLK_RETURN), SyntheticSDLEvent.keyUp(SDLK_RETURN),
      ])
    #expect(app.chatView.daySections.collapsed.isEmpty, "a message sent into a collapsed day expands it")
    steps.append(#"{"op": "send", "text": "yo"}"#)
    // Split (F5), type into view 1 and undo there.
    try frame([SyntheticSDLEvent.keyDown(SDLK_F5), SyntheticSDLEvent.keyUp(SDLK_F5)])
    steps.append(#"{"op": "split", "split": "on"}"#)
    let second = try #require(app.secondaryView)
    let secondRect = app.state.layout.secondaryRect
    try frame(try click(second, paragraph: 1, x: 40, in: secondRect))
    steps.append(#"{"op": "select", "message": 1, "offset": \#(try selection(second, paragraph: 1)), "view": 1}"#)
    try frame(SyntheticSDLEvent.keystroke(typing: "x"))
    steps.append(#"{"op": "type", "text": "x", "view": 1}"#)
    let undo = [SyntheticSDLEvent.keyDown(SDLK_z, KMOD_LCTRL), SyntheticSDLEvent.keyUp(SDLK_z, KMOD_LCTRL)]
    try frame(undo)
    steps.append(#"{"op": "undo", "view": 1}"#)
    // Back in view 0: click into a message and undo the typing there.
    try frame(try click(app.chatView, paragraph: 3, x: 40, in: app.state.layout.chatRect))
    steps.append(#"{"op": "select", "message": 3, "offset": \#(try selection(app.chatView, paragraph: 3))}"#)
    try frame(undo)
    steps.append(#"{"op": "undo"}"#)
    runner.framesRendered = frames
    return (runner.report(app), steps)
  }

  @Test func theWindowAndAHeadlessScenarioGiveTheSameReport() throws {
    let (window, steps) = try windowRun()
    let headless = try runner(steps.joined(separator: ", ")).run()
    #expect(window.errors == [] && headless.errors == [])
    #expect(window.counters.providersCreated > 0 && window.counters.viewportLayoutPasses > 0)
    #expect(window.views.count == 2 && window.views[1].counters.providersCreated > 0)
    #expect(headless.counters == window.counters)
    #expect(headless.perProviderType == window.perProviderType)
    #expect(headless.perAttachment == window.perAttachment)
    #expect(headless.views == window.views)
    #expect(headless.stickers == window.stickers)
    #expect(headless.framesRendered == window.framesRendered)
    #expect(headless == window)
    // The comparison sees a difference: without the collapse the reports differ.
    let withoutCollapse = try runner(steps.dropFirst().joined(separator: ", ")).run()
    #expect(withoutCollapse.perAttachment != window.perAttachment || withoutCollapse.counters != window.counters)
  }
}
