/// An ``Instrumentation``'s totals and per-provider-type breakdown at one moment, or the
/// difference of two such moments (what ``Instrumentation/measureBreakdown(_:)`` returns).
public struct InstrumentationSnapshot: Equatable, Sendable, CustomStringConvertible {
  /// The counters over every provider type (and the layout counters, which belong to none).
  public var totals: Counters
  /// The counters per provider type name (`String(describing:)` of the provider class); a
  /// difference leaves out the types whose counters did not change.
  public var perProviderType: [String: Counters]

  /// Creates a snapshot.
  /// - Parameters:
  ///   - totals: The counters over every provider type.
  ///   - perProviderType: The counters per provider type name.
  public init(totals: Counters = Counters(), perProviderType: [String: Counters] = [:]) {
    self.totals = totals
    self.perProviderType = perProviderType
  }

  /// The counters of one provider type, by name; all zero when it counted nothing.
  /// - Parameter providerType: The provider class's name, as ``perProviderType`` keys it.
  public subscript(providerType providerType: String) -> Counters {
    perProviderType[providerType] ?? Counters()
  }

  /// The totals, then each provider type's counters, sorted by name.
  public var description: String {
    let types = perProviderType.keys.sorted().map { "\($0): \(perProviderType[$0]!)" }
    return (["totals: \(totals)"] + types).joined(separator: "; ")
  }

  /// The counter-by-counter difference `lhs - rhs`, in total and per provider type; provider types
  /// whose counters did not change are left out.
  public static func - (lhs: InstrumentationSnapshot, rhs: InstrumentationSnapshot) -> InstrumentationSnapshot {
    var perType: [String: Counters] = [:]
    for name in Set(lhs.perProviderType.keys).union(rhs.perProviderType.keys) {
      let delta = lhs[providerType: name] - rhs[providerType: name]
      if !delta.isZero { perType[name] = delta }
    }
    return InstrumentationSnapshot(totals: lhs.totals - rhs.totals, perProviderType: perType)
  }
}
