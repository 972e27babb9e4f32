/// Counts of the work a text texture cache did, for the HUD and for tests.
public struct TextCacheStatistics: Equatable, Sendable {
  /// Runs drawn from an existing texture.
  public var hits = 0
  /// Runs that had to be rendered with SDL2_ttf and uploaded.
  public var misses = 0
  /// Textures dropped to stay under the byte limit.
  public var evictions = 0
  /// Bytes of texture memory held now.
  public var bytes = 0
  /// Textures held now.
  public var entries = 0

  /// Statistics with every count at zero.
  public init() {}
}
