import ReuseKitSupport

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
  public func compare(_ actual: RGBAImage, to expected: RGBAImage, makeDiffImage: Bool = false) -> ImageComparison {
    let count = actual.width * actual.height
    guard actual.width == expected.width, actual.height == expected.height else {
      return ImageComparison(
        matches: false, differingPixels: count, totalPixels: max(count, 1),
        maxChannelDelta: 255, firstDifference: nil,
        summary: "size differs: actual \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)",
        diffImage: nil)
    }
    var differing = 0
    var maxDelta: UInt8 = 0
    var first: (x: Int, y: Int)?
    var diff = makeDiffImage ? [UInt32](repeating: 0, count: count) : []
    actual.pixels.withUnsafeBufferPointer { a in
      expected.pixels.withUnsafeBufferPointer { e in
        for index in 0..<count {
          var delta: UInt8 = 0
          for channel in index * 4..<index * 4 + 4 {
            delta = max(delta, a[channel] > e[channel] ? a[channel] - e[channel] : e[channel] - a[channel])
          }
          maxDelta = max(maxDelta, delta)
          let differs = delta > channelTolerance
          if differs {
            differing += 1
            if first == nil { first = (index % actual.width, index / actual.width) }
          }
          if makeDiffImage {
            diff[index] = differs ? 0xFFFF_0000 : Self.faded(e[index * 4], e[index * 4 + 1], e[index * 4 + 2])
          }
        }
      }
    }
    let total = max(count, 1)
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
      diffImage: makeDiffImage ? RGBAImage(width: actual.width, height: actual.height, argb: diff) : nil)
  }

  /// A pale grey version of a pixel, the background of a diff image.
  private static func faded(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt32 {
    let luma = (UInt32(red) * 3 + UInt32(green) * 6 + UInt32(blue)) / 10
    let pale = 192 + luma / 4
    return 0xFF00_0000 | pale << 16 | pale << 8 | pale
  }
}
