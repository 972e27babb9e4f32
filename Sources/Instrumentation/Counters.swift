/// A set of counter values: totals, a breakdown bucket, or the difference of two snapshots.
public struct Counters: Equatable, Hashable, Sendable {
  public var providersCreated = 0
  public var providersReusedOnEdit = 0
  public var providersDiscarded = 0
  public var viewsLoaded = 0
  public var viewsDiscarded = 0
  public var surfacesCachedOnScrollOut = 0
  public var surfacesRestoredOnScrollIn = 0
  public var surfacesEvicted = 0
  public var animationStatesCreated = 0
  public var animationResets = 0
  public var layoutFragmentsCreated = 0
  public var viewportLayoutPasses = 0
  public var layoutFragmentsReleased = 0
  public var surfacesCreated = 0
  public var surfacesReused = 0
  public var providerCacheRequests = 0
  public var providerCacheHits = 0
  public var surfaceCacheRequests = 0
  public var surfaceCacheHits = 0
  public var fontconfigCalls = 0
  public var missingGlyphs = 0

  /// Creates an all-zero set of counters.
  public init() {}

  /// Reads or writes one counter by name.
  public subscript(counter: Counter) -> Int {
    get {
      switch counter {
      case .providersCreated: providersCreated
      case .providersReusedOnEdit: providersReusedOnEdit
      case .providersDiscarded: providersDiscarded
      case .viewsLoaded: viewsLoaded
      case .viewsDiscarded: viewsDiscarded
      case .surfacesCachedOnScrollOut: surfacesCachedOnScrollOut
      case .surfacesRestoredOnScrollIn: surfacesRestoredOnScrollIn
      case .surfacesEvicted: surfacesEvicted
      case .animationStatesCreated: animationStatesCreated
      case .animationResets: animationResets
      case .layoutFragmentsCreated: layoutFragmentsCreated
      case .viewportLayoutPasses: viewportLayoutPasses
      case .layoutFragmentsReleased: layoutFragmentsReleased
      case .surfacesCreated: surfacesCreated
      case .surfacesReused: surfacesReused
      case .providerCacheRequests: providerCacheRequests
      case .providerCacheHits: providerCacheHits
      case .surfaceCacheRequests: surfaceCacheRequests
      case .surfaceCacheHits: surfaceCacheHits
      case .fontconfigCalls: fontconfigCalls
      case .missingGlyphs: missingGlyphs
      }
    }
    set {
      switch counter {
      case .providersCreated: providersCreated = newValue
      case .providersReusedOnEdit: providersReusedOnEdit = newValue
      case .providersDiscarded: providersDiscarded = newValue
      case .viewsLoaded: viewsLoaded = newValue
      case .viewsDiscarded: viewsDiscarded = newValue
      case .surfacesCachedOnScrollOut: surfacesCachedOnScrollOut = newValue
      case .surfacesRestoredOnScrollIn: surfacesRestoredOnScrollIn = newValue
      case .surfacesEvicted: surfacesEvicted = newValue
      case .animationStatesCreated: animationStatesCreated = newValue
      case .animationResets: animationResets = newValue
      case .layoutFragmentsCreated: layoutFragmentsCreated = newValue
      case .viewportLayoutPasses: viewportLayoutPasses = newValue
      case .layoutFragmentsReleased: layoutFragmentsReleased = newValue
      case .surfacesCreated: surfacesCreated = newValue
      case .surfacesReused: surfacesReused = newValue
      case .providerCacheRequests: providerCacheRequests = newValue
      case .providerCacheHits: providerCacheHits = newValue
      case .surfaceCacheRequests: surfaceCacheRequests = newValue
      case .surfaceCacheHits: surfaceCacheHits = newValue
      case .fontconfigCalls: fontconfigCalls = newValue
      case .missingGlyphs: missingGlyphs = newValue
      }
    }
  }

  /// The counter-by-counter difference `lhs - rhs`, used by ``Instrumentation/measure(_:)``.
  public static func - (lhs: Counters, rhs: Counters) -> Counters {
    var result = Counters()
    for counter in Counter.allCases { result[counter] = lhs[counter] - rhs[counter] }
    return result
  }
}
