import ReuseKitSupport

/// The image shown instead of a sticker that cannot be loaded: a grey rounded square with a
/// broken-image cross, drawn procedurally at any size (it never fails).
public struct PlaceholderSticker: Sendable {
  /// The placeholder; it holds nothing and draws each image on request.
  public init() {}

  /// The placeholder drawn into a `pixelSize × pixelSize` square, straight-alpha RGBA.
  /// - Complexity: O(pixelSize²).
  public func image(pixelSize: Int) -> RGBAImage {
    let size = max(0, pixelSize)
    var image = RGBAImage(width: size, height: size)
    guard size > 0 else { return image }
    let side = Double(size)
    let inset = side * 0.08
    let radius = side * 0.18
    let stroke = max(1, side * 0.07)
    for y in 0..<size {
      for x in 0..<size {
        let px = Double(x) + 0.5
        let py = Double(y) + 0.5
        let dx = max(inset + radius - px, 0, px - (side - inset - radius))
        let dy = max(inset + radius - py, 0, py - (side - inset - radius))
        guard dx * dx + dy * dy <= radius * radius else { continue }
        let onCross = abs(px - py) < stroke / 2 * 1.4 || abs(px + py - side) < stroke / 2 * 1.4
        let inCross = px > side * 0.3 && px < side * 0.7 && py > side * 0.3 && py < side * 0.7
        let grey: UInt8 = onCross && inCross ? 110 : 200
        let index = (y * size + x) * 4
        image.pixels[index] = grey
        image.pixels[index + 1] = grey
        image.pixels[index + 2] = grey
        image.pixels[index + 3] = 255
      }
    }
    return image
  }
}
