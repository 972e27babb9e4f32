import ChatModel
import Foundation
import Testing
import TextEngine

@testable import ChatKit
@testable import ReuseKitSDL

/// The chat's layout rules on their own: measured with any measurer, usable by a headless view.
@Suite @MainActor struct ChatLayoutTests {
  @Test func measuresNamesAndTimesWithTheGivenMeasurer() {
    let measurer = FixedAdvanceGlyphMeasurer(advance: 7, ascent: 10, descent: 3)
    let style = ChatStyle()
    let layout = ChatLayout(localSender: "me", style: style, measurer: measurer)
    #expect(layout.nameMetrics == measurer.lineMetrics(for: style.nameAttributes))
    #expect(layout.timeMetrics == measurer.lineMetrics(for: style.timeAttributes))
  }

  @Test func aHeadlessViewLaidOutByItPutsTheLocalSenderOnTheTrailingSide() throws {
    let measurer = FixedAdvanceGlyphMeasurer()
    let layout = ChatLayout(localSender: ChatTextView.defaultLocalSender, style: ChatStyle(), measurer: measurer)
    let storage = TextContentStorage(paragraphs: [
      (AttributedText("hello"), [ChatMessage.senderKey: "ana", ChatMessage.timeKey: "9:00"]),
      (AttributedText("hi"), [ChatMessage.senderKey: ChatTextView.defaultLocalSender, ChatMessage.timeKey: "9:01"]),
    ])
    let view = TextView(storage: storage, viewportSize: CGSize(width: 400, height: 300), glyphMeasurer: measurer)
    view.textLayoutManager.delegate = layout
    view.layoutIfNeeded()
    let fragments = view.textViewportLayoutController.configuredFragments
    try #require(fragments.count == 2)
    let incoming = try #require(fragments[0].fragment.textLineFragments.first).typographicBounds
    let outgoing = try #require(fragments[1].fragment.textLineFragments.first).typographicBounds
    #expect(Double(incoming.minX) == ChatStyle().sideMargin + ChatStyle().bubblePaddingX)
    #expect(Double(outgoing.maxX) > 200, "the local sender's message sits on the trailing side")
    #expect(Double(fragments[0].fragment.textLineFragments[0].typographicBounds.minY) >= layout.nameMetrics.lineHeight)
  }
}
