/// Bounds and behaviour of a text view's scroll cache (`.onScrollingOutOfViewport`).
///
/// By default the cache is **unbounded**, as Apple documents the policy: once registered it
/// "applies to every instance of that view provider subclass for as long as the text view exists",
/// so a registered view scrolled out comes back as it was however far the user scrolled. A bound is
/// ReuseKit's own option: set ``countLimit`` or ``byteLimit`` and the views beyond it are evicted at
/// the end of a pass, least recently cached first (`surfacesEvicted` and `viewsDiscarded`); their
/// providers stay, and load a new view when their attachment comes back. The chat demo sets
/// ``chatDemo`` (64 views, 32 MiB) and shows it in its HUD.
public struct ReuseCacheConfiguration: Equatable, Sendable, CustomStringConvertible {
  /// The most views the cache holds (default `Int.max`: no bound).
  public var countLimit: Int
  /// The most bytes (sum of ``TextViewportRenderingSurface/reuseCacheCost``) it holds (default
  /// `Int.max`: no bound).
  public var byteLimit: Int
  /// Whether cached animations keep advancing with the clock (default `false`: they pause
  /// and resume where they stopped).
  public var keepsAnimationsAdvancing: Bool

  /// Creates a configuration; with no arguments, an unbounded cache whose animations pause.
  /// - Parameters:
  ///   - countLimit: The most views the cache holds.
  ///   - byteLimit: The most bytes it holds.
  ///   - keepsAnimationsAdvancing: Whether cached animations keep advancing with the clock.
  public init(countLimit: Int = .max, byteLimit: Int = .max, keepsAnimationsAdvancing: Bool = false) {
    self.countLimit = countLimit
    self.byteLimit = byteLimit
    self.keepsAnimationsAdvancing = keepsAnimationsAdvancing
  }

  /// Apple's behaviour, the default: no bound.
  public static let unbounded = ReuseCacheConfiguration()
  /// The chat demo's bound: 64 views and 32 MiB.
  public static let chatDemo = ReuseCacheConfiguration(countLimit: 64, byteLimit: 32 << 20)

  /// Whether either limit bounds the cache.
  public var isBounded: Bool { countLimit != .max || byteLimit != .max }

  /// `unbounded`, or the limits, as `64 views / 32 MiB`.
  public var description: String {
    guard isBounded else { return "unbounded" }
    let count = countLimit == .max ? "any number of views" : "\(countLimit) views"
    let bytes =
      byteLimit == .max
      ? "any size" : byteLimit % (1 << 20) == 0 ? "\(byteLimit >> 20) MiB" : "\(byteLimit) bytes"
    return "\(count) / \(bytes)"
  }
}
