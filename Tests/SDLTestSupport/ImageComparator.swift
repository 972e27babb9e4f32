import SDLSupport

/// Compares two images with a per-channel tolerance and an allowance of differing pixels.
///
/// Golden-image tests use it so that tiny rasterisation differences (anti-aliasing, a font
/// hinting change) do not fail, while a misplaced bubble or a missing line does.
public struct ImageComparator: Sendable {
  /// The largest per-channel difference (0–255) at which two pixels still count as equal.
  public var channelTolerance: UInt8
  /// The largest fraction (0–1) of pixels that may differ beyond the tolerance.
  public var maxDifferingFraction: Double

  /// Creates a comparator.
  /// - Parameters:
  ///   - channelTolerance: Per-channel tolerance, 0–255.
  ///   - maxDifferingFraction: Allowed fraction of differing pixels, 0–1.
  public init(channelTolerance: UInt8 = 8, maxDifferingFraction: Double = 0.0001) {
    self.channelTolerance = channelTolerance
    self.maxDifferingFraction = maxDifferingFraction
  }

  /// Compares `actual` with `expected`.
  /// - Parameters:
  ///   - actual: The image just rendered.
  ///   - expected: The reference image.
  ///   - makeDiffImage: Whether to build ``ImageComparison/diffImage``.
  /// - Returns: The comparison, with a readable summary.
  /// - Complexity: O(pixels).
  public func compare(_ actual: PixelImage, to expected: PixelImage, makeDiffImage: Bool = false) -> ImageComparison {
    guard actual.width == expected.width, actual.height == expected.height else {
      return ImageComparison(
        matches: false, differingPixels: actual.pixels.count, totalPixels: max(actual.pixels.count, 1),
        maxChannelDelta: 255, firstDifference: nil,
        summary: "size differs: actual \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)",
        diffImage: nil)
    }
    let a = actual.straightened()
    let e = expected.straightened()
    var differing = 0
    var maxDelta: UInt32 = 0
    var first: (x: Int, y: Int)?
    var diff = makeDiffImage ? [UInt32](repeating: 0, count: a.pixels.count) : []
    for index in a.pixels.indices {
      let delta = Self.maxChannelDelta(a.pixels[index], e.pixels[index])
      maxDelta = max(maxDelta, delta)
      let differs = delta > UInt32(channelTolerance)
      if differs {
        differing += 1
        if first == nil { first = (index % a.width, index / a.width) }
      }
      if makeDiffImage { diff[index] = differs ? 0xFFFF_0000 : Self.faded(e.pixels[index]) }
    }
    let total = max(a.pixels.count, 1)
    let fraction = Double(differing) / Double(total)
    let matches = fraction <= maxDifferingFraction
    let percent = (fraction * 10_000).rounded() / 100
    var summary =
      "\(differing) of \(total) pixels (\(percent)%) differ by more than \(channelTolerance) per channel;"
      + " allowed \(maxDifferingFraction * 100)%; largest channel difference \(maxDelta)"
    if let first { summary += "; first at (\(first.x), \(first.y))" }
    return ImageComparison(
      matches: matches, differingPixels: differing, totalPixels: total, maxChannelDelta: Int(maxDelta),
      firstDifference: first, summary: summary,
      diffImage: makeDiffImage ? PixelImage(width: a.width, height: a.height, pixels: diff) : nil)
  }

  /// The largest absolute difference among the four channels of two `0xAARRGGBB` pixels.
  private static func maxChannelDelta(_ lhs: UInt32, _ rhs: UInt32) -> UInt32 {
    var result: UInt32 = 0
    for shift: UInt32 in [0, 8, 16, 24] {
      let l = (lhs >> shift) & 0xFF
      let r = (rhs >> shift) & 0xFF
      result = max(result, l > r ? l - r : r - l)
    }
    return result
  }

  /// A pale grey version of a pixel, the background of a diff image.
  private static func faded(_ pixel: UInt32) -> UInt32 {
    let luma = (((pixel >> 16) & 0xFF) * 3 + ((pixel >> 8) & 0xFF) * 6 + (pixel & 0xFF)) / 10
    let pale = 192 + luma / 4
    return 0xFF00_0000 | pale << 16 | pale << 8 | pale
  }
}
