import ReuseKit
import Testing

/// Expects `actual` to equal `expected`, recording one issue that lists each counter that differs
/// (`"animationResets: expected 0, got 3"`) when they do not.
///
/// `#expect(delta.reuse == expected)` works too and shows both values; this names the differences.
/// - Parameters:
///   - actual: The counters measured (often `Counters.reuse` of a delta).
///   - expected: The counters expected.
///   - comment: Said with the failure, first.
///   - sourceLocation: Where the failure is reported (the caller, by default).
/// - Returns: Whether the two are equal.
@discardableResult
public func expectCounts(
  _ actual: Counters, equal expected: Counters, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let differences = actual.differences(from: expected)
  guard !differences.isEmpty else { return true }
  let heading = comment.map { "\($0.rawValue): " } ?? ""
  Issue.record(
    Comment(rawValue: heading + "counters differ:\n  " + differences.joined(separator: "\n  ")),
    sourceLocation: sourceLocation)
  return false
}

extension InstrumentationSnapshot {
  /// The counters of providers of `type`, all zero when it counted nothing.
  /// - Parameter type: The provider class (by its name, as the instrumentation keys it).
  public subscript(_ type: TextAttachmentViewProvider.Type) -> Counters {
    self[providerType: String(describing: type)]
  }
}
