import Foundation
import Instrumentation
import ReuseKitTestSupport
import ScenarioVocabulary
import Testing

@testable import TextEngine

/// The reuse specification for edits, run under all four policy combinations.
///
/// Each expectation table differs between the combinations with and without
/// `.onEditingInlineParagraphs`, so each test fails if that policy is switched off.
@Suite struct ReusePolicyEditingTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// k stickers re-created per edit without the edit policy; handed over with it.
  private func turnover(_ k: Int, times n: Int = 1) -> PerPolicy<[Counter: Int]> {
    let recreate: [Counter: Int] = [
      .providersCreated: k * n, .providersDiscarded: k * n, .viewsLoaded: k * n, .viewsDiscarded: k * n,
      .animationStatesCreated: k * n, .animationResets: k * n,
    ]
    let reuse: [Counter: Int] = [.providersReusedOnEdit: k * n]
    return PerPolicy(none: recreate, edit: reuse, scroll: recreate, both: reuse)
  }

  @Test(arguments: policies, Backend.allCases)
  func typingBeforeAndAfterAStickerKeepsProvidersOnlyWithTheEditPolicy(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend
  )
    throws
  {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let stickers = scenario.attachments(in: ReuseScenario.stickerParagraph)
    // Held weakly, so that the test itself keeps no provider alive (measure counts live objects).
    let providersBefore = stickers.map { WeakBox(scenario.view.viewProvider(for: $0)) }
    let (counters, violations) = try scenario.measure {
      try scenario.view.setSelectedRange((start + 3)..<(start + 3))  // before the first sticker
      for _ in 0..<10 { scenario.view.insertText("a") }
      try scenario.view.setSelectedRange((start + 30)..<(start + 30))  // after the second sticker
      for _ in 0..<10 { scenario.view.insertText("b") }
    }
    #expect(turnover(3, times: 20).mismatches(counters, policy: policy) == [])
    #expect(violations == [])
    let providersAfter = stickers.map { scenario.view.viewProvider(for: $0) }
    #expect(providersAfter.allSatisfy { $0 != nil })
    let kept = zip(providersBefore, providersAfter).allSatisfy { $0.value === $1 }
    #expect(kept == policy.contains(.onEditingInlineParagraphs))
    if policy.contains(.onEditingInlineParagraphs) {
      // The handed-over providers point at the new paragraph.
      let paragraph = try #require(scenario.storage.paragraph(at: ReuseScenario.stickerParagraph))
      #expect(providersAfter.allSatisfy { $0?.location.elementIdentifier == paragraph.identifier })
      let fragment = try #require(
        scenario.view.textLayoutManager.ensureLayout(forParagraphAt: ReuseScenario.stickerParagraph))
      #expect(
        fragment.textAttachmentViewProviders.map(ObjectIdentifier.init)
          == providersAfter.compactMap { $0 }.map(ObjectIdentifier.init))
    }
  }

  @Test(arguments: policies, Backend.allCases)
  func splittingAtAStickerOnEitherSide(policy: TextAttachmentViewProviderReusePolicy, backend: Backend) throws {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    // "Happy ⧉ birthday ⧉ see ⧉ you": offset 6 is the first sticker, 17 the second.
    let (beforeSticker, v1) = try scenario.measure {
      try scenario.view.setSelectedRange((start + 6)..<(start + 6))
      scenario.view.insertParagraphBreak()  // the sticker starts the new paragraph
    }
    #expect(turnover(3).mismatches(beforeSticker, policy: policy) == [])
    let secondStart = try scenario.start(of: ReuseScenario.stickerParagraph + 1)
    let (afterSticker, v2) = try scenario.measure {
      try scenario.view.setSelectedRange((secondStart + 1)..<(secondStart + 1))
      scenario.view.insertParagraphBreak()  // the sticker ends its paragraph
    }
    #expect(turnover(3).mismatches(afterSticker, policy: policy) == [])
    #expect(scenario.storage.paragraph(at: ReuseScenario.stickerParagraph + 1)?.attributedString.string == "\u{FFFC}")
    #expect(v1 == [] && v2 == [])
  }

  @Test(arguments: policies, Backend.allCases)
  func mergingTwoParagraphsThatHoldStickers(policy: TextAttachmentViewProviderReusePolicy, backend: Backend) throws {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let end = try scenario.start(of: ReuseScenario.neighbourParagraph) - 1
    let (counters, violations) = try scenario.measure {
      try scenario.view.setSelectedRange((end + 1)..<(end + 1))
      scenario.view.deleteBackward()  // joins paragraph 10 (3 stickers) and 11 (1 sticker)
    }
    #expect(scenario.attachments(in: ReuseScenario.stickerParagraph).count == 4)
    #expect(turnover(4).mismatches(counters, policy: policy) == [])
    #expect(violations == [])
  }

  @Test(arguments: policies, Backend.allCases)
  func deletingAStickerDiscardsItOnceAndUndoBringsBackTheSameObject(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend
  )
    throws
  {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let second = scenario.attachments(in: ReuseScenario.stickerParagraph)[1]
    let (deletion, v1) = try scenario.measure {
      try scenario.view.setSelectedRange((start + 17)..<(start + 18))
      scenario.view.deleteBackward()
    }
    let keepsOthers = policy.contains(.onEditingInlineParagraphs)
    // The deleted sticker's provider is discarded exactly once; the other two follow the policy.
    let deleteExpected = PerPolicy<[Counter: Int]>(
      none: [
        .providersCreated: 2, .providersDiscarded: 3, .viewsLoaded: 2, .viewsDiscarded: 3, .animationStatesCreated: 2,
        .animationResets: 2,
      ],
      edit: [.providersDiscarded: 1, .viewsDiscarded: 1, .providersReusedOnEdit: 2],
      scroll: [
        .providersCreated: 2, .providersDiscarded: 3, .viewsLoaded: 2, .viewsDiscarded: 3, .animationStatesCreated: 2,
        .animationResets: 2,
      ],
      both: [.providersDiscarded: 1, .viewsDiscarded: 1, .providersReusedOnEdit: 2]
    )
    #expect(deleteExpected.mismatches(deletion, policy: policy) == [])
    #expect(scenario.view.viewProvider(for: second) == nil)
    let (undo, v2) = scenario.measure { scenario.view.undo() }
    #expect(scenario.attachments(in: ReuseScenario.stickerParagraph)[1] === second)
    // The returning sticker had a state before in this view: its new one is a reset.
    let undoExpected = PerPolicy<[Counter: Int]>(
      none: [
        .providersCreated: 3, .providersDiscarded: 2, .viewsLoaded: 3, .viewsDiscarded: 2, .animationStatesCreated: 3,
        .animationResets: 3,
      ],
      edit: [
        .providersCreated: 1, .viewsLoaded: 1, .animationStatesCreated: 1, .animationResets: 1,
        .providersReusedOnEdit: 2,
      ],
      scroll: [
        .providersCreated: 3, .providersDiscarded: 2, .viewsLoaded: 3, .viewsDiscarded: 2, .animationStatesCreated: 3,
        .animationResets: 3,
      ],
      both: [
        .providersCreated: 1, .viewsLoaded: 1, .animationStatesCreated: 1, .animationResets: 1,
        .providersReusedOnEdit: 2,
      ]
    )
    #expect(undoExpected.mismatches(undo, policy: policy) == [])
    #expect(scenario.view.viewProvider(for: second) != nil)
    #expect(keepsOthers == (undo.providersCreated == 1))
    #expect(v1 == [] && v2 == [])
  }

  @Test(arguments: policies, Backend.allCases)
  func cutAndPasteMakesANewStickerWithANewProvider(policy: TextAttachmentViewProviderReusePolicy, backend: Backend)
    throws
  {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let original = scenario.attachments(in: ReuseScenario.stickerParagraph)[0]
    let (counters, violations) = try scenario.measure {
      try scenario.view.setSelectedRange((start + 6)..<(start + 7))
      scenario.view.cut()
      let target = try scenario.start(of: 20) + 3
      try scenario.view.setSelectedRange(target..<target)
      scenario.view.paste()
    }
    let pasted = try #require(scenario.attachments(in: 20).first)
    #expect(pasted !== original)
    #expect(pasted.fileType == original.fileType)
    // Cut: like a deletion. Paste into a paragraph without stickers: one new provider in every policy.
    let expected = PerPolicy<[Counter: Int]>(
      none: [
        .providersCreated: 3, .providersDiscarded: 3, .viewsLoaded: 3, .viewsDiscarded: 3, .animationStatesCreated: 3,
        .animationResets: 2,
      ],
      edit: [
        .providersCreated: 1, .providersDiscarded: 1, .viewsLoaded: 1, .viewsDiscarded: 1, .animationStatesCreated: 1,
        .providersReusedOnEdit: 2,
      ],
      scroll: [
        .providersCreated: 3, .providersDiscarded: 3, .viewsLoaded: 3, .viewsDiscarded: 3, .animationStatesCreated: 3,
        .animationResets: 2,
      ],
      both: [
        .providersCreated: 1, .providersDiscarded: 1, .viewsLoaded: 1, .viewsDiscarded: 1, .animationStatesCreated: 1,
        .providersReusedOnEdit: 2,
      ]
    )
    #expect(expected.mismatches(counters, policy: policy) == [])
    #expect(violations == [])
  }

  @Test(arguments: policies, Backend.allCases)
  func changingAttributesKeepsProvidersOnlyWithTheEditPolicy(
    policy: TextAttachmentViewProviderReusePolicy, backend: Backend
  ) throws {
    let scenario = ReuseScenario(policy: policy, backend: backend)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let (counters, violations) = try scenario.measure {
      try scenario.view.changeAttributes(in: start..<(start + 5)) { $0.isBold = true }
    }
    #expect(turnover(3).mismatches(counters, policy: policy) == [])
    #expect(violations == [])
  }
}
