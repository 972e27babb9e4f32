import ReuseKitSupport

/// The canvas raster frames are composited on, in straight-alpha RGBA; everything outside it is clipped.
struct RasterCanvas {
  /// The canvas pixels.
  private(set) var image: RGBAImage

  /// A transparent canvas.
  init(width: Int, height: Int) {
    image = RGBAImage(width: width, height: height)
  }

  /// Draws `frame` with its top-left corner at `x`, `y`, clipped to the canvas.
  /// - Parameters:
  ///   - frame: The frame's pixels.
  ///   - x: Left edge on the canvas (may lie partly outside).
  ///   - y: Top edge on the canvas.
  ///   - over: `true` blends over what is there (source-over); `false` replaces it.
  /// - Complexity: O(visible frame pixels).
  mutating func draw(_ frame: RGBAImage, x: Int, y: Int, over: Bool) {
    let left = max(0, x)
    let top = max(0, y)
    let right = min(image.width, x + frame.width)
    let bottom = min(image.height, y + frame.height)
    guard left < right, top < bottom else { return }
    let canvasWidth = image.width
    frame.pixels.withUnsafeBufferPointer { source in
      image.pixels.withUnsafeMutableBufferPointer { target in
        for row in top..<bottom {
          for column in left..<right {
            let from = ((row - y) * frame.width + column - x) * 4
            let to = (row * canvasWidth + column) * 4
            let alpha = Int(source[from + 3])
            if !over || alpha == 255 {
              for channel in 0..<4 { target[to + channel] = source[from + channel] }
              continue
            }
            guard alpha > 0 else { continue }
            let below = Int(target[to + 3]) * (255 - alpha) / 255
            let total = alpha + below
            for channel in 0..<3 {
              let mixed = (Int(source[from + channel]) * alpha + Int(target[to + channel]) * below) / max(1, total)
              target[to + channel] = UInt8(min(255, mixed))
            }
            target[to + 3] = UInt8(min(255, total))
          }
        }
      }
    }
  }

  /// Makes a rectangle transparent (disposal to background: never black), clipped to the canvas.
  mutating func clear(x: Int, y: Int, width: Int, height: Int) {
    let left = max(0, x)
    let top = max(0, y)
    let right = min(image.width, x + width)
    let bottom = min(image.height, y + height)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      let start = (row * image.width + left) * 4
      image.pixels.replaceSubrange(
        start..<start + (right - left) * 4, with: repeatElement(0, count: (right - left) * 4))
    }
  }

  /// Puts back a canvas saved earlier (disposal to previous).
  mutating func restore(_ saved: RGBAImage) {
    image = saved
  }
}
