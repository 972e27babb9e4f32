import Foundation

/// A JSON-ready snapshot of an ``Instrumentation``.
public struct InstrumentationReport: Codable, Equatable, Sendable {
  /// The totals over every event.
  public var counters: Counters
  /// The counters of each provider type, keyed by type name (events that concern a provider).
  public var perProviderType: [String: Counters]
  /// Keyed by the attachment identifier, as a decimal string.
  public var perAttachment: [String: Counters]
  /// The number of ``InstrumentationEvent/Kind/error`` events recorded.
  public var errors: Int
  /// The event log (the newest events its capacity keeps, oldest first) when asked for
  /// (`report(includeEvents: true)`); `nil` otherwise.
  public var events: [InstrumentationEvent]?
}

extension Instrumentation {
  /// A snapshot of the counters and breakdowns.
  /// - Parameter includeEvents: Whether to include the event log.
  public func report(includeEvents: Bool = false) -> InstrumentationReport {
    InstrumentationReport(
      counters: totals, perProviderType: perProviderType,
      perAttachment: Dictionary(uniqueKeysWithValues: perAttachment.map { (String($0.key), $0.value) }),
      errors: errorCount, events: includeEvents ? events : nil)
  }

  /// The report encoded as pretty-printed JSON with sorted keys.
  public func jsonData(includeEvents: Bool = false) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(report(includeEvents: includeEvents))
  }
}
