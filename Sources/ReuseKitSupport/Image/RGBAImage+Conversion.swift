extension RGBAImage {
  /// Converts rlottie's output — native-endian 32-bit ARGB words with premultiplied alpha — to straight RGBA bytes.
  ///
  /// Each colour channel is divided by alpha with rounding (`c * 255 / a`), clamped to 255;
  /// fully transparent pixels become transparent black.
  /// - Parameters:
  ///   - premultipliedARGB: `width * height` words, `0xAARRGGBB`.
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  /// - Complexity: O(width × height).
  public init(premultipliedARGB: [UInt32], width: Int, height: Int) {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for (index, word) in premultipliedARGB.prefix(width * height).enumerated() {
      let alpha = word >> 24
      guard alpha > 0 else { continue }
      let offset = index * 4
      bytes[offset] = Self.unpremultiply((word >> 16) & 0xFF, alpha)
      bytes[offset + 1] = Self.unpremultiply((word >> 8) & 0xFF, alpha)
      bytes[offset + 2] = Self.unpremultiply(word & 0xFF, alpha)
      bytes[offset + 3] = UInt8(alpha)
    }
    self.init(width: width, height: height, pixels: bytes)
  }

  private static func unpremultiply(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
    UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
  }

  /// This image scaled to fit a `size × size` square, centred, aspect ratio kept.
  ///
  /// Filters in premultiplied space with a tent filter whose support widens when shrinking, so
  /// downscaled frames are smooth and transparent edges get no dark fringe.
  /// - Parameter size: The side of the square, in pixels.
  /// - Returns: A `size × size` image.
  /// - Complexity: O(size² × (1 + scale factor)).
  public func scaledToFit(square size: Int) -> RGBAImage {
    guard width > 0, height > 0, size > 0 else { return RGBAImage(width: max(0, size), height: max(0, size)) }
    if width == size, height == size { return self }
    let scale = min(Double(size) / Double(width), Double(size) / Double(height))
    let targetWidth = max(1, Int((Double(width) * scale).rounded()))
    let targetHeight = max(1, Int((Double(height) * scale).rounded()))
    return resampled(width: targetWidth, height: targetHeight, into: (size, size))
  }

  /// This image resampled to `width × height` pixels (aspect ratio not kept), with the same tent
  /// filter as ``scaledToFit(square:)``; colour emoji bitmaps are scaled to the line's size this way.
  /// - Complexity: O(width × height × (1 + scale factor)).
  public func scaled(width targetWidth: Int, height targetHeight: Int) -> RGBAImage {
    guard width > 0, height > 0, targetWidth > 0, targetHeight > 0 else {
      return RGBAImage(width: max(0, targetWidth), height: max(0, targetHeight))
    }
    if width == targetWidth, height == targetHeight { return self }
    return resampled(width: targetWidth, height: targetHeight, into: (targetWidth, targetHeight))
  }

  /// Resamples to `targetWidth × targetHeight`, centred in a canvas of `canvas` size.
  private func resampled(width targetWidth: Int, height targetHeight: Int, into canvas: (width: Int, height: Int))
    -> RGBAImage
  {
    let premultiplied = premultipliedFloats()
    let horizontal = Self.resample(
      premultiplied, lineLength: width, lineCount: height, stride: (4, width * 4), to: targetWidth)
    let vertical = Self.resample(
      horizontal, lineLength: height, lineCount: targetWidth, stride: (targetWidth * 4, 4), to: targetHeight,
      outputStride: (targetWidth * 4, 4))
    var result = RGBAImage(width: canvas.width, height: canvas.height)
    let left = (canvas.width - targetWidth) / 2
    let top = (canvas.height - targetHeight) / 2
    for y in 0..<targetHeight {
      for x in 0..<targetWidth {
        let source = (y * targetWidth + x) * 4
        let alpha = min(1, max(0, vertical[source + 3]))
        guard alpha > 0.5 / 255 else { continue }
        let target = ((top + y) * canvas.width + left + x) * 4
        for channel in 0..<3 {
          result.pixels[target + channel] = UInt8(min(255, max(0, vertical[source + channel] / alpha * 255 + 0.5)))
        }
        result.pixels[target + 3] = UInt8(alpha * 255 + 0.5)
      }
    }
    return result
  }

  private func premultipliedFloats() -> [Float] {
    var values = [Float](repeating: 0, count: pixels.count)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = Float(pixels[index + 3]) / 255
      values[index] = Float(pixels[index]) / 255 * alpha
      values[index + 1] = Float(pixels[index + 1]) / 255 * alpha
      values[index + 2] = Float(pixels[index + 2]) / 255 * alpha
      values[index + 3] = alpha
    }
    return values
  }

  /// Resamples every line of a 4-channel float buffer along one axis with a tent filter.
  ///
  /// `stride.0` steps between samples of a line, `stride.1` between lines; the output defaults to
  /// lines of `newLength` packed one after the other.
  private static func resample(
    _ input: [Float], lineLength: Int, lineCount: Int, stride: (sample: Int, line: Int), to newLength: Int,
    outputStride: (sample: Int, line: Int)? = nil
  ) -> [Float] {
    let out = outputStride ?? (4, newLength * 4)
    var output = [Float](repeating: 0, count: newLength * lineCount * 4)
    let scale = Double(newLength) / Double(lineLength)
    let support = max(1, 1 / scale)
    var weights: [[(Int, Float)]] = []
    weights.reserveCapacity(newLength)
    for position in 0..<newLength {
      let centre = (Double(position) + 0.5) / scale - 0.5
      let first = max(0, Int((centre - support).rounded(.up)))
      let last = min(lineLength - 1, Int((centre + support).rounded(.down)))
      var taps: [(Int, Float)] = []
      var total = 0.0
      if first <= last {
        for sample in first...last {
          let weight = max(0, 1 - abs(Double(sample) - centre) / support)
          if weight > 0 {
            taps.append((sample, Float(weight)))
            total += weight
          }
        }
      }
      if total == 0 {
        taps = [(min(lineLength - 1, max(0, Int(centre.rounded()))), 1)]
      } else {
        taps = taps.map { ($0.0, $0.1 / Float(total)) }
      }
      weights.append(taps)
    }
    for line in 0..<lineCount {
      for position in 0..<newLength {
        let target = line * out.line + position * out.sample
        for (sample, weight) in weights[position] {
          let source = line * stride.line + sample * stride.sample
          for channel in 0..<4 { output[target + channel] += input[source + channel] * weight }
        }
      }
    }
    return output
  }
}
