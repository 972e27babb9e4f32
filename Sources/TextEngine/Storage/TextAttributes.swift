import ReuseKitSupport

/// An RGBA colour with 8-bit channels: ReuseKitSupport's, named here too so that TextEngine's users
/// see it without another import.
public typealias TextColor = ReuseKitSupport.TextColor

/// The attributes of a run of characters.
///
/// An attachment is the character U+FFFC carrying ``attachment``.
/// Attachments compare by object identity.
public struct TextAttributes: Hashable {
  /// The attachment drawn in place of U+FFFC.
  public var attachment: TextAttachment?
  /// The text colour; `nil` means the view's default.
  public var foregroundColor: TextColor?
  /// Whether the run is drawn in the bold face.
  public var isBold: Bool
  /// A multiplier on the view's font size (1 is the body size).
  public var fontScale: Double

  /// Attributes from their values; the defaults are plain body text in the view's colour.
  /// - Parameters:
  ///   - attachment: The attachment drawn in place of U+FFFC, or `nil`.
  ///   - foregroundColor: The text colour, or `nil` for the view's default.
  ///   - isBold: Whether the run is drawn in the bold face.
  ///   - fontScale: A multiplier on the view's font size (1 is the body size).
  public init(
    attachment: TextAttachment? = nil, foregroundColor: TextColor? = nil, isBold: Bool = false,
    fontScale: Double = 1
  ) {
    self.attachment = attachment
    self.foregroundColor = foregroundColor
    self.isBold = isBold
    self.fontScale = fontScale
  }

  public static func == (lhs: TextAttributes, rhs: TextAttributes) -> Bool {
    lhs.attachment === rhs.attachment && lhs.foregroundColor == rhs.foregroundColor
      && lhs.isBold == rhs.isBold && lhs.fontScale == rhs.fontScale
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(attachment.map(ObjectIdentifier.init))
    hasher.combine(foregroundColor)
    hasher.combine(isBold)
    hasher.combine(fontScale)
  }

  /// The same attributes without the attachment: what text typed next to an attachment gets.
  public var withoutAttachment: TextAttributes {
    var copy = self
    copy.attachment = nil
    return copy
  }
}
