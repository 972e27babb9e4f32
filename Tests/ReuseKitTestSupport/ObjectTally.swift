/// Real objects made during a test, counted by the objects themselves (not by instrumentation).
public final class ObjectTally {
  public var providersInitialized = 0
  public var viewsLoaded = 0
  public var animationStatesCreated = 0
  public var viewsDiscarded = 0
  /// Providers whose `deinit` ran: `providersInitialized - providersDeinitialized` are alive.
  public var providersDeinitialized = 0

  /// The providers alive now, counted by the objects themselves.
  public var liveProviders: Int { providersInitialized - providersDeinitialized }

  public init() {}
}
