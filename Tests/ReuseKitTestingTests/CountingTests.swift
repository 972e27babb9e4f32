import ReuseKitTesting
import Testing

/// The counting side of the product: a host's `measure` and `expectCounts`, and `PerPolicy`.
@Suite struct CountingTests {
  /// A provider with the default view (a placeholder surface of the attachment's size).
  final class Still: TextAttachmentViewProvider {}

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func anEditCountsAsItsPolicySays(policy: TextAttachmentViewProviderReusePolicy) throws {
    let host = ReuseTestHost(messages: 100, attachmentEvery: 10, provider: Still.self, policy: policy)
    let delta = try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("ab")
    }
    let expected = PerPolicy(
      none: Counters(providersCreated: 2, providersDiscarded: 2, viewsLoaded: 2, viewsDiscarded: 2),
      edit: Counters(providersReusedOnEdit: 2),
      scroll: Counters(providersCreated: 2, providersDiscarded: 2, viewsLoaded: 2, viewsDiscarded: 2),
      both: Counters(providersReusedOnEdit: 2))
    #expect(expectCounts(delta.reuse, equal: expected[policy]))
    #expect(host.invariantViolations().isEmpty)
  }

  @Test func expectCountsNamesEachCounterThatDiffers() {
    withKnownIssue {
      let equal = expectCounts(Counters(providersCreated: 1, viewsLoaded: 2), equal: Counters(viewsLoaded: 3), "edit")
      #expect(!equal)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("edit: counters differ")
        && text.contains("providersCreated: expected 0, got 1") && text.contains("viewsLoaded: expected 3, got 2")
    }
  }

  @Test func expectCountsRecordsNothingWhenTheyAreEqual() {
    #expect(expectCounts(Counters(providersCreated: 4), equal: Counters(providersCreated: 4)))
  }

  @Test func perPolicyLooksUpByTheTwoReuseOptions() {
    let values = PerPolicy(none: "n", edit: "e", scroll: "s", both: "b")
    #expect(values[[]] == "n")
    #expect(values[.onEditingInlineParagraphs] == "e")
    #expect(values[.onScrollingOutOfViewport] == "s")
    #expect(values[[.onEditingInlineParagraphs, .onScrollingOutOfViewport]] == "b")
    #expect(TextAttachmentViewProviderReusePolicy.allCombinations.map { values[$0] } == ["n", "e", "s", "b"])
  }
}
