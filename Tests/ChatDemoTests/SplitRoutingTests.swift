import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import ReuseKitSDL
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ChatDemoCore

/// The demo's split layout (F5) and editor scene (F6): keys, geometry and routing.
@MainActor @Suite struct SplitRoutingTests {
  @Test func f5AndF6ToggleTheSplitAndTheScene() {
    #expect(ChatCommand(key: .function(5), modifiers: [], focus: .composer) == .toggleSplit)
    #expect(ChatCommand(key: .function(6), modifiers: [], focus: .transcript) == .toggleScene)
    #expect(!ChatCommand.toggleSplit.editsFocusedText)
  }

  @Test func theSplitLayoutPutsANarrowerViewBesideTheTranscript() {
    var layout = ChatWindowLayout(width: 480, height: 860)
    let whole = layout.chatRect
    layout.isSplit = true
    #expect(layout.chatRect.width == 278 && layout.chatRect.height == whole.height)
    #expect(layout.secondaryRect.minX == 280 && layout.secondaryRect.maxX == 480)
    #expect(layout.composerFrame == ChatWindowLayout(width: 480, height: 860).composerFrame)
  }

  @Test func typingIntoTheSecondViewEditsTheStorageBothViewsShow() throws {
    let environment = try SDLTestEnvironment()
    let clock = ManualClock()
    var layout = ChatWindowLayout(width: 480, height: 600)
    layout.isSplit = true
    let storage = TextContentStorage(
      paragraphs: (0..<12).map { (AttributedText("message \($0)"), [ChatMessage.senderKey: "ana"]) })
    func chat(_ rect: CGRect) throws -> ChatTextView {
      try ChatTextView.offscreen(
        storage: storage, width: Int(rect.width), height: Int(rect.height), fonts: environment.fonts, clock: clock)
    }
    let main = try chat(layout.chatRect)
    let second = try chat(layout.secondaryRect)
    let composer = SDLTextView(
      storage: TextContentStorage(), renderer: try SDLRenderer.offscreen(width: 200, height: 30),
      fonts: environment.fonts, clock: clock)
    let router = ChatInputRouter(chatView: main, composer: composer, layout: layout, paletteCount: 0)
    router.secondaryView = second
    try main.renderFrame()
    try second.renderFrame()
    let target = try #require(second.visibleFragments().last)
    let y = layout.secondaryRect.minY + target.origin.y + target.fragment.height / 2
    #expect(router.dispatch(.mouseDown(x: layout.secondaryRect.maxX - 30, y: y, clickCount: 1, modifiers: [])))
    #expect(router.focus == .secondary)
    let mainPasses = main.instrumentation.totals.viewportLayoutPasses
    #expect(router.dispatch(.text("!")))
    #expect(storage.paragraph(at: target.paragraphIndex)?.attributedString.string.contains("!") == true)
    // The other view runs no pass inside the edit; it shows the edit on its own next frame.
    #expect(main.instrumentation.totals.viewportLayoutPasses == mainPasses)
    try main.renderFrame()
    #expect(main.instrumentation.totals.viewportLayoutPasses == mainPasses + 1)
    #expect(main.visibleFragments().contains { $0.fragment.textParagraph.attributedString.string.contains("!") })
    #expect(second.instrumentation !== main.instrumentation)
  }
}
