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

  @Test func anEmptyBlockSaysSo() {
    let host = ReuseTestHost(messages: 10, attachmentEvery: 0, provider: Still.self, policy: [])
    host.measure {}
    #expect(host.lastMeasuredEventLog == "(no events logged)")
  }
}
