import ReuseKitSupport

extension RGBAImage {
  /// The image shrunk by a whole factor with a box filter (averaged in premultiplied alpha, so
  /// transparent pixels lend no colour), so that its larger side stays at least `side * 2`; the image
  /// itself when it is already that small. A cheap first step before ``scaledToFit(square:)``.
  /// - Complexity: O(width × height), one pass with integer arithmetic.
  func reduced(toAbout side: Int) -> RGBAImage {
    let factor = max(width, height) / max(1, side * 2)
    guard factor >= 2 else { return self }
    let targetWidth = width / factor
    let targetHeight = height / factor
    guard targetWidth >= 1, targetHeight >= 1 else { return self }
    var result = RGBAImage(width: targetWidth, height: targetHeight)
    let sourceWidth = width
    let area = UInt32(factor * factor)
    pixels.withUnsafeBufferPointer { source in
      result.pixels.withUnsafeMutableBufferPointer { target in
        for row in 0..<targetHeight {
          for column in 0..<targetWidth {
            var red: UInt32 = 0
            var green: UInt32 = 0
            var blue: UInt32 = 0
            var alpha: UInt32 = 0
            for y in row * factor..<(row + 1) * factor {
              var index = (y * sourceWidth + column * factor) * 4
              for _ in 0..<factor {
                let a = UInt32(source[index + 3])
                red += UInt32(source[index]) * a
                green += UInt32(source[index + 1]) * a
                blue += UInt32(source[index + 2]) * a
                alpha += a
                index += 4
              }
            }
            let out = (row * targetWidth + column) * 4
            guard alpha > 0 else { continue }
            target[out] = UInt8(min(255, red / alpha))
            target[out + 1] = UInt8(min(255, green / alpha))
            target[out + 2] = UInt8(min(255, blue / alpha))
            target[out + 3] = UInt8(min(255, (alpha + area / 2) / area))
          }
        }
      }
    }
    return result
  }
}
