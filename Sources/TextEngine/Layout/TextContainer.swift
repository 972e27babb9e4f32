import Foundation

/// The region text is laid out into: a width (and a nominal height) plus insets.
public final class TextContainer {
  /// The container size; only the width affects line breaking. Changing it invalidates layout.
  public internal(set) var size: CGSize
  /// Horizontal padding inside the container on each side.
  public let lineFragmentPadding: Double

  /// A container of `size` with `lineFragmentPadding` on each side.
  /// - Parameters:
  ///   - size: The container size; only the width affects line breaking.
  ///   - lineFragmentPadding: Horizontal padding on each side (default 0; TextKit's default is 5).
  public init(size: CGSize, lineFragmentPadding: Double = 0) {
    self.size = size
    self.lineFragmentPadding = lineFragmentPadding
  }

  /// The width available to lines.
  public var lineWidth: Double { max(1, size.width - 2 * lineFragmentPadding) }
}
