import ReuseKitTesting
import Testing

/// A wrong count says why: the host keeps the measured block's event log and attaches it, as text,
/// to the failing test.
@Suite struct FailureEventLogTests {
  /// A provider with the default view (a placeholder surface of the attachment's size).
  final class Still: TextAttachmentViewProvider {}

  @Test func theMeasuredBlockKeepsItsOwnEvents() throws {
    let host = ReuseTestHost(messages: 100, attachmentEvery: 10, provider: Still.self, policy: [])
    try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("a")
    }
    let kinds = host.lastMeasuredEvents.map(\.kind)
    #expect(kinds.filter { $0 == .providerCreated }.count == 1)
    #expect(kinds.filter { $0 == .providerDiscarded }.count == 1)
    #expect(host.lastMeasuredEventLog.contains("providerCreated"))
    #expect(host.lastMeasuredEventLog.contains("provider=Still"))
  }

  @Test func aWrongExpectationFailsWithTheDifferencesAndAttachesTheLog() throws {
    let host = ReuseTestHost(messages: 100, attachmentEvery: 10, provider: Still.self, policy: [])
    let delta = try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("a")
    }
    withKnownIssue {
      // Deliberately wrong: without the edit policy the edit replaces the provider.
      #expect(!host.expectCounts(delta.reuse, equal: Counters(providersReusedOnEdit: 1), "edit"))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("providersReusedOnEdit: expected 1, got 0")
    }
  }

  @Test func eachDiscardSaysWhy() throws {
    let host = ReuseTestHost(messages: 100, attachmentEvery: 10, provider: Still.self, policy: [])
    try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("a")
      try host.scroll(toMessage: 80)
    }
    let log = host.lastMeasuredEventLog.split(separator: "\n")
    let edited = log.filter { $0.contains("viewDiscarded") && $0.contains("paragraph=10 ") }
    #expect(edited.first?.contains("why=an edit replaced its paragraph's fragment") == true, "\(edited)")
    let scrolled = log.filter { $0.contains("viewDiscarded") && $0.contains("paragraph=0 ") }
    #expect(scrolled.first?.contains("why=it left the viewport and onScrollingOutOfViewport is off") == true)
    // A bounded scroll cache says which bound evicted a view.
    let bounded = ReuseTestHost(
      messages: 100, attachmentEvery: 10, provider: Still.self, policy: .onScrollingOutOfViewport,
      scrollCache: ReuseCacheConfiguration(countLimit: 1))
    try bounded.measure { try bounded.scroll(toMessage: 80) }
    #expect(bounded.lastMeasuredEventLog.contains("why=the scroll cache was over its bound (1 views"))
  }

  @Test func anEmptyBlockSaysSo() {
    let host = ReuseTestHost(messages: 10, attachmentEvery: 0, provider: Still.self, policy: [])
    host.measure {}
    #expect(host.lastMeasuredEventLog == "(no events logged)")
  }
}
