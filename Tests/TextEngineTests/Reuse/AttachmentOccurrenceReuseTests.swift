import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// One attachment object in several ranges gets one provider per occurrence (location), as
/// `viewProvider(for:location:textContainer:)` implies, on the same rules as any other provider.
@Suite struct AttachmentOccurrenceReuseTests {
  /// 200 paragraphs; `sticker` sits twice in paragraph 10 and once in paragraph 12.
  private static func scenario(_ policy: TextAttachmentViewProviderReusePolicy) -> (CountingTextView, TextAttachment) {
    let sticker = Fixtures.sticker()
    func with(_ pieces: [String]) -> AttributedText {
      var text = AttributedText()
      for (index, piece) in pieces.enumerated() {
        text.append(AttributedText(piece))
        if index < pieces.count - 1 { text.append(AttributedText(attachment: sticker)) }
      }
      return text
    }
    let storage = TextContentStorage(
      paragraphs: (0..<200).map { index in
        switch index {
        case 10: (with(["twice ", " and ", " here"]), [:])
        case 12: (with(["once ", " there"]), [:])
        default: (AttributedText("message \(index)"), [:])
        }
      })
    return (Fixtures.view(storage, policy: policy), sticker)
  }

  private func providers(of sticker: TextAttachment, in view: TextView) -> [TextAttachmentViewProvider] {
    view.visibleAttachmentViewProviders.filter { $0.textAttachment === sticker }
  }

  @Test func eachOccurrenceHasItsOwnProviderAtItsLocation() throws {
    let (view, sticker) = Self.scenario([])
    let shown = providers(of: sticker, in: view)
    #expect(shown.count == 3)
    #expect(Set(shown.map(ObjectIdentifier.init)).count == 3)
    #expect(shown.map(\.location.offset) == [6, 12, 5])
    #expect(view.instrumentation.totals.providersCreated == 3)
    #expect(view.textContentManager.occurrenceCount(of: sticker.identity) == 3)
    #expect(view.reuseInvariantViolations() == [])
    #expect(view.reuseController.checkInvariants() == [])
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func occurrencesPersistAcrossScrollingAndFollowTheEditRule(policy: TextAttachmentViewProviderReusePolicy) throws {
    let (view, sticker) = Self.scenario(policy)
    let before = providers(of: sticker, in: view).map { WeakBox($0) }
    let away = view.instrumentation.measure {
      view.scroll(toY: 1_600)
      view.scroll(toY: 0)
    }
    #expect(away.providersCreated == 0 && away.providersDiscarded == 0)
    #expect(before.holdExactly(providers(of: sticker, in: view)))
    // Typing in paragraph 12 touches only its occurrence.
    let start = try view.textContentManager.startOffset(ofParagraphAt: 12)
    let typed = try view.instrumentation.measure { try view.replaceCharacters(in: start..<start, with: "x") }
    let keeps = policy.contains(.onEditingInlineParagraphs)
    #expect(typed.providersCreated == (keeps ? 0 : 1) && typed.providersReusedOnEdit == (keeps ? 1 : 0))
    #expect(before.dropLast().map { $0 }.holdExactly(Array(providers(of: sticker, in: view).prefix(2))))
    #expect(view.reuseInvariantViolations() == [])
    #expect(view.reuseController.checkInvariants() == [])
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func deletingOneOccurrenceDiscardsOneProvider(policy: TextAttachmentViewProviderReusePolicy) throws {
    let (view, sticker) = Self.scenario(policy)
    let paragraph = try view.textContentManager.startOffset(ofParagraphAt: 10)
    // "twice ⧉ and ⧉ here": the first sticker is at offset 6.
    let counters = try view.instrumentation.measure {
      try view.replaceCharacters(in: (paragraph + 6)..<(paragraph + 7), with: "")
    }
    #expect(view.textContentManager.occurrenceCount(of: sticker.identity) == 2)
    #expect(providers(of: sticker, in: view).count == 2)
    #expect(view.liveObjects.providers == 2)
    #expect(counters.providersDiscarded - counters.providersCreated == 1)
    #expect(view.reuseInvariantViolations() == [])
    #expect(view.reuseController.checkInvariants() == [])
  }
}
