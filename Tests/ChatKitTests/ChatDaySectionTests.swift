import AnimationRuntime
import ChatKit
import ChatModel
import Foundation
import Instrumentation
import ReuseKitTestSupport
import SDLTestSupport
import Stickers
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Day separators and collapsible days (the seed session's second example) in the chat.
@Suite @MainActor struct ChatDaySectionTests {
  nonisolated static let policies = TextAttachmentViewProviderReusePolicy.allCombinations
  nonisolated static let today = ChatDay(year: 2026, month: 11, day: 30)!

  /// Three days: 28 Nov (3 messages, 1 sticker), yesterday (4 messages, 2 stickers), today (2, 1).
  static func transcript() -> Transcript {
    Transcript(messages: [
      ChatMessage(from: "ana", time: "09:00", date: "2026-11-28", text: "Friday plans?"),
      ChatMessage(from: "me", time: "09:02", date: "2026-11-28", parts: [.text("Cinema "), .sticker("star")]),
      ChatMessage(from: "ana", time: "09:05", date: "2026-11-28", text: "Deal."),
      ChatMessage(from: "ben", time: "18:00", date: "2026-11-29", parts: [.text("Great film "), .sticker("fire")]),
      ChatMessage(from: "me", time: "18:01", date: "2026-11-29", text: "Loved it."),
      ChatMessage(from: "ana", time: "18:03", date: "2026-11-29", parts: [.text("Again soon "), .sticker("heart")]),
      ChatMessage(from: "me", time: "18:04", date: "2026-11-29", text: "Yes!"),
      ChatMessage(from: "ana", time: "08:00", date: "2026-11-30", parts: [.text("Morning "), .sticker("wave")]),
      ChatMessage(from: "me", time: "08:01", date: "2026-11-30", text: "Hi!"),
    ])
  }

  private func makeView(_ fixture: ChatFixture, policy: TextAttachmentViewProviderReusePolicy = []) throws
    -> ChatTextView
  {
    let storage = Self.transcript().storage(stickers: StickerFactory(runtime: fixture.runtime))
    let view = try fixture.view(storage, height: 900)
    view.today = Self.today
    view.setStickerPolicy(policy)
    try view.renderFrame()
    return view
  }

  @Test func daysAreLabelledRelativeToAnInjectedToday() throws {
    #expect(ChatDay(iso: "2026-11-30")?.label(today: Self.today) == "Today")
    #expect(ChatDay(iso: "2026-11-29")?.label(today: Self.today) == "Yesterday")
    #expect(ChatDay(iso: "2026-11-28")?.label(today: Self.today) == "28 Nov 2026")
    #expect(ChatDay(iso: "2026-11-29")?.label(today: nil) == "29 Nov 2026")
    #expect(ChatDay(iso: "2024-03-01")?.adding(days: -1).description == "2024-02-29")
    #expect(ChatDay(iso: "2026-01-01")?.adding(days: -1).description == "2025-12-31")
    #expect(ChatDay(iso: "2026-02-29") == nil && ChatDay(iso: "26-1-1") == nil && ChatDay(iso: "2026-13-01") == nil)
  }

  @Test func aDatedTranscriptHasOneSeparatorPerDayAndSavesWithoutThem() throws {
    let fixture = try ChatFixture()
    let transcript = Self.transcript()
    let storage = transcript.storage(stickers: StickerFactory(runtime: fixture.runtime))
    #expect(storage.paragraphCount == transcript.messages.count + 3)
    let separators = (0..<storage.paragraphCount).filter {
      storage.paragraph(at: $0)?.paragraphAttributes[ChatDay.separatorKey] != nil
    }
    #expect(separators == [0, 4, 9])
    let view = try fixture.view(storage)
    view.collapseDay(at: 5)  // collapsed days are saved too
    #expect(Transcript(storage: storage) == transcript)
    let bytes = TranscriptCodec.encode(transcript)
    let decoded = try bytes.withUnsafeBytes { buffer throws(TranscriptError) in try TranscriptCodec.decode(buffer) }
    #expect(decoded == transcript)
  }

  @Test func aBadDateIsAClearError() {
    let json = #"{"messages": [{"from": "ana", "date": "30/11/2026", "text": "hi"}]}"#
    let error = #expect(throws: TranscriptError.self) {
      try Array(json.utf8).withUnsafeBytes { buffer throws(TranscriptError) in try TranscriptCodec.decode(buffer) }
    }
    #expect(error?.description.contains("YYYY-MM-DD") == true)
  }

  @Test(arguments: policies)
  func collapsingAndExpandingADayCountsAsScrollingItOutAndBack(policy: TextAttachmentViewProviderReusePolicy) throws {
    let fixture = try ChatFixture()
    let view = try makeView(fixture, policy: policy)
    let caches = policy.contains(.onScrollingOutOfViewport)
    let storage = view.textContentManager
    let stickers = (5...8).flatMap { storage.paragraph(at: $0)!.attributedString.attachments }
    #expect(stickers.count == 2)
    let providers = stickers.map { view.viewProvider(for: $0) }
    #expect(providers.allSatisfy { $0?.view != nil })
    let shownBefore = view.visibleFragments().count

    let collapse = view.instrumentation.measure { #expect(view.collapseDay(at: 4)) }
    let hiding: [Counter: Int] = caches ? [.surfacesCachedOnScrollOut: 2] : [.viewsDiscarded: 2]
    #expect(collapse.reuseMismatches(expecting: hiding) == [])
    #expect(view.daySeparatorLabel(for: "2026-11-29") == "Yesterday · 4 messages")
    try view.renderFrame()
    #expect(view.visibleFragments().count == shownBefore - 4)
    #expect(!view.visibleFragments().contains { (5...8).contains($0.paragraphIndex) })
    #expect(view.reuseInvariantViolations() == [])

    let expand = view.instrumentation.measure { #expect(view.expandDay(at: 4)) }
    let showing: [Counter: Int] =
      caches ? [.surfacesRestoredOnScrollIn: 2] : [.viewsLoaded: 2, .animationStatesCreated: 2, .animationResets: 2]
    #expect(expand.reuseMismatches(expecting: showing) == [])
    #expect(expand.layoutFragmentsCreated == 4)
    for (sticker, provider) in zip(stickers, providers) { #expect(view.viewProvider(for: sticker) === provider) }
    #expect(view.daySeparatorLabel(for: "2026-11-29") == "Yesterday")
    try view.renderFrame()
    #expect(view.visibleFragments().count == shownBefore)
    #expect(view.reuseInvariantViolations() == [])
  }

  @Test func clickingASeparatorTogglesItsDay() throws {
    let fixture = try ChatFixture()
    let view = try makeView(fixture)
    let separator = try #require(view.visibleFragments().first { $0.paragraphIndex == 4 })
    let point = CGPoint(x: 180, y: separator.origin.y + separator.fragment.height / 2)
    #expect(view.handle(.mouseDown(x: point.x, y: point.y, clickCount: 1, modifiers: [])))
    #expect(view.daySections.isCollapsed("2026-11-29"))
    try view.renderFrame()
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try view.screenshot(), named: "chat-collapsed-day")
    #expect(outcome.passed, "\(outcome.message)")
    let again = try #require(view.visibleFragments().first { $0.paragraphIndex == 4 })
    #expect(
      view.handle(.mouseDown(x: 180, y: again.origin.y + again.fragment.height / 2, clickCount: 1, modifiers: [])))
    #expect(!view.daySections.isCollapsed("2026-11-29"))
  }
}
