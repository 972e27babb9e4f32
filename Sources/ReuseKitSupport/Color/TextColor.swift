/// An RGBA colour with 8-bit channels, straight alpha.
///
/// Text runs carry it (TextEngine's `TextAttributes.foregroundColor`) and the SDL wrappers draw
/// with it, so it lives below both.
public struct TextColor: Hashable, Sendable, Codable {
  /// The colour's red, green, blue and alpha channels, 0 to 255; alpha is straight (not
  /// premultiplied), 255 opaque and 0 transparent.
  public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

  /// A colour from its channels.
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  ///   - alpha: Opacity, 255 (the default) for opaque.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}
