import ReuseKitSupport

/// The result of ``ImageComparator/compare(_:to:makeDiffImage:)``.
public struct ImageComparison: Sendable {
  /// Whether the images match within the comparator's tolerances.
  public let matches: Bool
  /// How many pixels differ beyond the per-channel tolerance.
  public let differingPixels: Int
  /// How many pixels were compared.
  public let totalPixels: Int
  /// The largest per-channel difference seen, 0–255.
  public let maxChannelDelta: Int
  /// The first differing pixel in reading order, if any.
  public let firstDifference: (x: Int, y: Int)?
  /// A one-line human-readable account of the difference.
  public let summary: String
  /// Differing pixels in red over a pale copy of the expected image, when requested.
  public let diffImage: RGBAImage?
}
