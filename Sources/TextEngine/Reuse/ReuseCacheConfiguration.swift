/// Bounds and behaviour of a text view's scroll cache (`.onScrollingOutOfViewport`).
public struct ReuseCacheConfiguration: Equatable, Sendable {
  /// The most views the cache holds (default 64).
  public var countLimit: Int
  /// The most bytes (sum of ``TextViewportRenderingSurface/reuseCacheCost``) it holds (default 32 MiB).
  public var byteLimit: Int
  /// Whether cached animations keep advancing with the clock (default `false`: they pause
  /// and resume where they stopped).
  public var keepsAnimationsAdvancing: Bool

  public init(countLimit: Int = 64, byteLimit: Int = 32 << 20, keepsAnimationsAdvancing: Bool = false) {
    self.countLimit = countLimit
    self.byteLimit = byteLimit
    self.keepsAnimationsAdvancing = keepsAnimationsAdvancing
  }
}
