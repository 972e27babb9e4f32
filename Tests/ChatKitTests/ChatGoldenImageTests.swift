import AnimationRuntime
import ChatKit
import Foundation
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Golden images of the chat view, rendered offscreen with the real sticker library.
/// Re-record after an intended change with `RECORD_GOLDENS=1 make record-goldens`
/// (`RECORD_GOLDENS=1 SDL_VIDEODRIVER=dummy swift test --filter GoldenImageTests`), then look at the PNGs.
@Suite @MainActor struct ChatGoldenImageTests {
  private func verify(_ view: ChatTextView, named name: String) throws {
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try view.screenshot(), named: name)
    #expect(outcome.passed, "\(outcome.message)")
  }

  /// Renders once so stickers load at time 0, then half a second later: a mid-animation frame.
  private func renderMidAnimation(_ view: ChatTextView, _ fixture: ChatFixture) throws {
    try view.renderFrame()
    fixture.clock.advance(by: 0.5)
    try view.renderFrame()
  }

  @Test func emptyChat() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(TextContentStorage(), height: 360)
    try view.renderFrame()
    try verify(view, named: "chat-empty")
  }

  @Test func bubblesFromTwoSendersWithStickers() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    try renderMidAnimation(view, fixture)
    #expect(view.isScrolledToBottom)
    try verify(view, named: "chat-bubbles")
  }

  @Test func selectionInsideAndAcrossMessages() throws {
    let fixture = try ChatFixture()
    let storage = fixture.conversation()
    let view = try fixture.view(storage)
    let start = try storage.startOffset(ofParagraphAt: 4) + 6  // from "me in too." into the next message
    let end = try storage.startOffset(ofParagraphAt: 5) + 7
    try view.setSelectedRange(start..<end)
    try renderMidAnimation(view, fixture)
    try verify(view, named: "chat-selection")
  }

  @Test func hudOverTheChat() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.conversation())
    view.setStickerPolicy([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    view.isHUDVisible = true
    view.setFrameStatistics(fps: 59.8, frameTime: 0.00412)
    try renderMidAnimation(view, fixture)
    try verify(view, named: "chat-hud")
  }

  @Test func scrolledUpShowsJumpToLatest() throws {
    let fixture = try ChatFixture()
    let view = try fixture.view(fixture.stickerTranscript(count: 30), height: 420)
    try view.renderFrame()
    view.handle(.wheel(dy: -300))
    fixture.clock.advance(by: 0.25)
    try view.renderFrame()
    #expect(view.jumpToLatestButtonFrame != nil)
    try verify(view, named: "chat-jump-to-latest")
  }
}
