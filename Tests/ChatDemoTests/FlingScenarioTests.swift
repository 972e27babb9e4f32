import CSDL2
import ChatKit
import Foundation
import Instrumentation
import ReuseKitTestSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ChatDemoCore

/// The `fling` op and Shift+Page Up in the window: the same motion through the same path, the same
/// counts; blank stickers counted, prefetching that changes no reuse count, scrolling back that
/// decodes nothing, no decoding unseen.
@MainActor @Suite struct FlingScenarioTests {
  /// `count` messages, every one with a sticker: alone (drawn large) in every third, inline otherwise.
  static func transcript(count: Int) -> String {
    let names = ["heart", "fire", "party", "wave", "star", "smile", "bounce", "spinner"]
    let messages = (0..<count).map { index in
      let name = names[index % names.count]
      let parts = index % 3 == 0 ? #"[{"sticker": "\#(name)"}]"# : #"["m\#(index) ", {"sticker": "\#(name)"}, " end"]"#
      return #"{"from": "\#(index % 2 == 0 ? "ana" : "me")", "time": "10:00", "parts": \#(parts)}"#
    }
    return #"{"messages": [\#(messages.joined(separator: ", "))]}"#
  }

  static func runner(
    _ steps: String, count: Int = 300, root: String = #""stickerFrames": "nextFrame""#, reducesMotion: Bool = false
  ) throws -> ScenarioRunner {
    let json = #"{"name": "fling", \#(root), "transcript": \#(transcript(count: count)), "steps": [\#(steps)]}"#
    let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.temporaryDirectory())
    var options = ScenarioRunner.Options(stickerDirectory: RepositoryAssets.stickers)
    options.reducesMotion = reducesMotion
    return ScenarioRunner(scenario: scenario, options: options)
  }

  @Test func theLibraryHasTheStickersTheTranscriptUses() throws {
    let runner = try Self.runner("")
    let report = try runner.run()
    #expect(report.errors == [])
  }

  @Test func shiftPageUpInTheWindowCountsAsTheFlingOp() throws {
    // The window's path: the key routed and a frame drawn, then the loop's 60 Hz frames while
    // something moves, as `ChatApp.run()` draws them.
    let runner = try Self.runner("")
    let app = try runner.makeApp()
    var frames = 0
    try app.drawFrame()
    frames += 1
    for event in [
      SyntheticSDLEvent.keyDown(SDLK_PAGEUP, KMOD_LSHIFT), SyntheticSDLEvent.keyUp(SDLK_PAGEUP, KMOD_LSHIFT),
    ] {
      app.route(event)
    }
    #expect(app.state.fling != nil)
    try app.drawFrame()
    frames += 1
    var due = app.nextFrameTime()
    for _ in 0..<120 {
      runner.clock.advance(by: 1.0 / 60)
      guard let time = due, time <= runner.clock.now + 1e-6 else { continue }
      try app.drawFrame()
      frames += 1
      due = app.nextFrameTime()
    }
    if app.state.fling != nil { app.perform(.stopFling) }
    runner.framesRendered = frames
    let window = runner.report(app)
    let headless = try Self.runner(#"{"op": "fling", "velocity": -5000, "seconds": 2}"#).run()
    #expect(window.errors == [] && headless.errors == [])
    #expect(window.counters.providersCreated > 0)
    #expect(window.counters.blankStickerPixelFrames > 0)  // without prefetch at first: it starts at the bottom
    #expect(headless.counters == window.counters)
    #expect(headless.framesRendered == window.framesRendered)
    #expect(headless.perAttachment == window.perAttachment)
    // A different fling counts differently: the comparison can fail.
    let slower = try Self.runner(#"{"op": "fling", "velocity": -2500, "seconds": 2}"#).run()
    #expect(slower.counters != window.counters)
  }

  @Test func aKeyStopsAFling() throws {
    let runner = try Self.runner("")
    let app = try runner.makeApp()
    app.route(SyntheticSDLEvent.keyDown(SDLK_PAGEUP, KMOD_LSHIFT))
    #expect(app.state.fling != nil)
    app.route(SyntheticSDLEvent.wheel(1))
    #expect(app.state.fling == nil)
  }

  @Test func prefetchingChangesNoReuseCountAndLeavesFewerBlanks() throws {
    let steps = #"{"op": "fling", "velocity": -3000, "seconds": 2, "friction": 0}"#
    let on = try Self.runner(steps).run()
    let off = try Self.runner(steps, root: #""stickerFrames": "nextFrame", "prefetch": false"#).run()
    #expect(on.counters.framesPrefetched > 0 && off.counters.framesPrefetched == 0)
    #expect(on.counters.reuse == off.counters.reuse)
    #expect(on.counters.layoutFragmentsCreated == off.counters.layoutFragmentsCreated)
    #expect(on.perAttachment.map(\.counters.reuse) == off.perAttachment.map(\.counters.reuse))
    #expect(on.counters.blankStickerPixelFrames < off.counters.blankStickerPixelFrames)
  }

  @Test func waitingForFramesNothingIsBlankOrPrefetched() throws {
    let report = try Self.runner(#"{"op": "fling", "velocity": -5000, "seconds": 1}"#, root: #""prefetch": true"#).run()
    #expect(report.counters.blankStickerPixelFrames == 0 && report.counters.stickerFramesLate == 0)
    #expect(report.counters.framesPrefetched == 0)
    #expect(report.counters.frameCacheHits > 0 && report.counters.frameCacheMisses > 0)
  }

  /// Flings 21,000 points up at a constant speed, then the same way back (over 200 stickers each
  /// way); returns the counters of each pass and the frames the way back decoded and added.
  static func upAndBack(reducesMotion: Bool) throws -> (first: Counters, back: Counters, decoded: Int, added: Int) {
    let runner = try Self.runner("", count: 900, reducesMotion: reducesMotion)
    let (app, host) = try runner.start()
    let up = ScenarioStep.fling(velocity: -7000, seconds: 3, friction: 0)
    let down = ScenarioStep.fling(velocity: 7000, seconds: 3, friction: 0)
    let instrumentation = app.chatView.instrumentation
    let cache = app.stickers.runtime.frameCache
    let first = try instrumentation.measure { try runner.perform(up, index: 0, app: app, host: host) }
    let (keys, decodes) = (Set(cache.keys), cache.decodes)
    let back = try instrumentation.measure { try runner.perform(down, index: 1, app: app, host: host) }
    #expect(cache.evictions == 0)
    return (first, back, cache.decodes - decodes, Set(cache.keys).subtracting(keys).count)
  }

  @Test func scrollingBackDecodesNoFrameAgain() throws {
    let (first, back, decoded, added) = try Self.upAndBack(reducesMotion: false)
    #expect(first.viewsLoaded + first.surfacesRestoredOnScrollIn >= 200)
    #expect(back.surfacesRestoredOnScrollIn + back.viewsLoaded >= 200)
    #expect(first.frameCacheMisses > 0)
    // Every frame decoded on the way back is one no view had shown: a sticker plays on from where
    // it paused, into frames it had not reached; none is decoded a second time.
    #expect(decoded == added)
    #expect(back.frameCacheMisses < first.frameCacheMisses)
  }

  @Test func withReducedMotionScrollingBackDecodesNothing() throws {
    let (first, back, decoded, _) = try Self.upAndBack(reducesMotion: true)
    #expect(first.frameCacheHits > 0 && back.frameCacheHits > 0)
    #expect(back.frameCacheMisses == 0 && decoded == 0)
    #expect(back.blankStickerPixelFrames == 0)
  }

  @Test func aHiddenWindowDecodesNothing() throws {
    let runner = try Self.runner("")
    let (app, host) = try runner.start()
    try host.renderFrame()  // the first frame's stickers, asked for, are delivered
    let decodes = app.stickers.runtime.frameCache.decodes
    app.setStickersSeen(false)
    for _ in 0..<60 {
      runner.clock.advance(by: 1.0 / 60)
      try host.renderFrame()  // an unfocused window still draws what events change
    }
    app.setStickersSeen(true)
    #expect(app.chatView.instrumentation.totals.framesDecodedWhileUnseen == 0)
    #expect(app.stickers.runtime.frameCache.decodes == decodes)
  }

  @Test func badFlingsAreRefused() throws {
    for fields in [
      #""velocity": 5000"#, #""seconds": 1"#, #""velocity": 5000, "seconds": 0"#,
      #""velocity": 2e6, "seconds": 1"#, #""velocity": 5000, "seconds": 1, "friction": -1"#,
    ] {
      #expect(throws: ScenarioError.self) { _ = try Self.runner(#"{"op": "fling", \#(fields)}"#) }
    }
    #expect(throws: ScenarioError.self) { _ = try Self.runner("", root: #""stickerFrames": "later""#) }
  }
}
