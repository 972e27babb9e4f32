import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

@Suite struct ReuseRegistrationTests {
  static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  /// Types one character in the sticker paragraph; the counter deltas, with the real-object checks.
  private func typeOneCharacter(_ scenario: ReuseScenario) throws -> Counters {
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let (counters, violations) = try scenario.measure {
      try scenario.view.replaceCharacters(in: start..<start, with: "x")
    }
    #expect(violations == [])
    return counters
  }

  /// Apple's raw values (`NSTextAttachmentViewProviderReusePolicy`: scroll 1, edit 2, `NSUInteger`),
  /// so that a stored, logged or bridged raw value names the same policy.
  @Test func rawValuesAreApples() {
    let scroll: UInt = TextAttachmentViewProviderReusePolicy.onScrollingOutOfViewport.rawValue
    #expect(scroll == 1)
    #expect(TextAttachmentViewProviderReusePolicy.onEditingInlineParagraphs.rawValue == 2)
    #expect(TextAttachmentViewProviderReusePolicy(rawValue: 1) == .onScrollingOutOfViewport)
    let both: TextAttachmentViewProviderReusePolicy = [.onScrollingOutOfViewport, .onEditingInlineParagraphs]
    #expect(TextAttachmentViewProviderReusePolicy(rawValue: 3) == both)
    #expect(TextAttachmentViewProviderReusePolicy(shortName: "scroll")?.rawValue == 1)
  }

  @Test(arguments: policies)
  func aPolicyRegisteredMidwayAppliesFromTheNextPass(policy: TextAttachmentViewProviderReusePolicy) throws {
    let scenario = ReuseScenario(policy: [])
    #expect(try typeOneCharacter(scenario).providersCreated == 3)
    scenario.view.register(policy, forTextAttachmentViewProviderType: AnimatedTestProvider.self)
    // This keystroke's edit is decided before the next pass: the old (empty) policy holds.
    #expect(try typeOneCharacter(scenario).providersCreated == 3)
    #expect(scenario.view.reusePolicy(forTextAttachmentViewProviderType: AnimatedTestProvider.self) == policy)
    let third = try typeOneCharacter(scenario)
    #expect(third.providersCreated == (policy.contains(.onEditingInlineParagraphs) ? 0 : 3))
    #expect(third.providersReusedOnEdit == (policy.contains(.onEditingInlineParagraphs) ? 3 : 0))
  }

  @Test func registeringAnEmptySetRemovesThePolicy() throws {
    let scenario = ReuseScenario(policy: .onEditingInlineParagraphs)
    #expect(try typeOneCharacter(scenario).providersReusedOnEdit == 3)
    scenario.view.register([], forTextAttachmentViewProviderType: AnimatedTestProvider.self)
    scenario.view.layoutViewport()
    #expect(scenario.view.reusePolicy(forTextAttachmentViewProviderType: AnimatedTestProvider.self) == [])
    #expect(try typeOneCharacter(scenario).providersCreated == 3)
  }

  @Test func removingTheScrollPolicyEmptiesTheCacheAtTheNextPass() {
    let scenario = ReuseScenario(policy: .onScrollingOutOfViewport)
    scenario.view.scroll(toY: 408)
    #expect(scenario.view.cachedViewCount == 4)
    let counters = scenario.view.instrumentation.measure {
      scenario.view.register([], forTextAttachmentViewProviderType: AnimatedTestProvider.self)
      scenario.view.layoutViewport()
    }
    #expect(scenario.view.cachedViewCount == 0)
    #expect(counters.viewsDiscarded == 4 && counters.surfacesEvicted == 0)
    #expect(scenario.view.reuseInvariantViolations() == [])
  }

  @Test func aRegistrationCoversSubclassesUnlessTheyHaveTheirOwn() {
    let view = Fixtures.view(Fixtures.chat(paragraphs: 3))
    view.register(.onEditingInlineParagraphs, forTextAttachmentViewProviderType: AnimatedTestProvider.self)
    view.layoutViewport()
    #expect(
      view.reusePolicy(forTextAttachmentViewProviderType: SpecialAnimatedTestProvider.self)
        == .onEditingInlineParagraphs)
    #expect(view.reusePolicy(forTextAttachmentViewProviderType: TextAttachmentViewProvider.self) == [])
    view.register(.onScrollingOutOfViewport, forTextAttachmentViewProviderType: SpecialAnimatedTestProvider.self)
    view.layoutViewport()
    #expect(
      view.reusePolicy(forTextAttachmentViewProviderType: SpecialAnimatedTestProvider.self) == .onScrollingOutOfViewport
    )
    #expect(
      view.reusePolicy(forTextAttachmentViewProviderType: AnimatedTestProvider.self) == .onEditingInlineParagraphs)
  }

  @Test func subclassProvidersAreReusedUnderTheParentsRegistration() throws {
    let storage = TextContentStorage(Fixtures.text(["a ", " b"], provider: SpecialAnimatedTestProvider.self))
    let view = Fixtures.view(storage, policy: .onEditingInlineParagraphs)
    let counters = try view.instrumentation.measure { try view.replaceCharacters(in: 0..<0, with: "x") }
    #expect(counters.providersReusedOnEdit == 1 && counters.providersCreated == 0)
    #expect(view.instrumentation.perProviderType["SpecialAnimatedTestProvider"]?.providersReusedOnEdit == 1)
  }

  @Test(arguments: policies)
  func twoViewsOnOneStorageKeepTheirOwnProvidersAndCounters(policy: TextAttachmentViewProviderReusePolicy) throws {
    let scenario = ReuseScenario(policy: policy)
    let other = Fixtures.view(scenario.storage, policy: policy)
    let sticker = scenario.attachments(in: ReuseScenario.stickerParagraph)[0]
    #expect(scenario.view.viewProvider(for: sticker) !== other.viewProvider(for: sticker))
    let otherBefore = other.instrumentation.totals
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let counters = try scenario.view.instrumentation.measure {
      for offset in 0..<5 {
        let otherPasses = other.instrumentation.totals.viewportLayoutPasses
        try scenario.view.replaceCharacters(in: (start + offset)..<(start + offset), with: "x")
        // The other view ran no pass during the edit; it lays out on its own next pass (a frame).
        #expect(other.instrumentation.totals.viewportLayoutPasses == otherPasses)
        other.layoutIfNeeded()
        #expect(other.instrumentation.totals.viewportLayoutPasses == otherPasses + 1)
      }
    }
    let otherCounters = other.instrumentation.totals - otherBefore
    let keeps = policy.contains(.onEditingInlineParagraphs)
    for delta in [counters, otherCounters] {
      #expect(delta.providersCreated == (keeps ? 0 : 15))
      #expect(delta.providersReusedOnEdit == (keeps ? 15 : 0))
    }
    #expect(scenario.view.reuseInvariantViolations() == [] && other.reuseInvariantViolations() == [])
    #expect(
      other.textContentManager.paragraph(at: ReuseScenario.stickerParagraph)?.attributedString.string.hasPrefix("xxxxx")
        == true)
  }

  @Test(arguments: policies)
  func movingAStickerWithinOneTransactionKeepsItsProviderOnlyWithTheEditPolicy(
    policy: TextAttachmentViewProviderReusePolicy
  ) throws {
    let scenario = ReuseScenario(policy: policy)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let sticker = scenario.attachments(in: ReuseScenario.stickerParagraph)[0]
    let (counters, violations) = try scenario.measure {
      let target = try scenario.start(of: 30) - 1  // offsets of paragraph 30 after the removal below
      try scenario.storage.performEditingTransaction {
        try scenario.storage.replaceCharacters(in: (start + 6)..<(start + 7), with: "")  // take it out
        try scenario.storage.replaceCharacters(in: target..<target, with: AttributedText(attachment: sticker))
      }
      scenario.view.layoutIfNeeded()
    }
    #expect(scenario.attachments(in: 30).first === sticker)
    let keeps = policy.contains(.onEditingInlineParagraphs)
    // The moved sticker and the two left behind: handed over with the edit policy, re-created without.
    #expect(counters.providersReusedOnEdit == (keeps ? 3 : 0))
    #expect(counters.providersCreated == (keeps ? 0 : 3))
    #expect(violations == [])
  }
}
