/// The name of a rendering attribute: TextKit's `NSAttributedString.Key`, as
/// ``TextLayoutManager``'s rendering attributes take it.
///
/// Rendering attributes are drawn over the text but never change layout, so only keys that do not
/// affect layout are defined: ``backgroundColor``, ``foregroundColor`` and ``underlineStyle``.
public struct RenderingAttributeKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The key's name, as `NSAttributedString.Key.rawValue`.
  public let rawValue: String

  /// A key from its name.
  /// - Parameter rawValue: The key's name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A colour filled behind the characters (`NSAttributedString.Key.backgroundColor`); its value is
  /// ``RenderingAttributeValue/color(_:)``.
  public static let backgroundColor = RenderingAttributeKey(rawValue: "NSBackgroundColor")
  /// The colour the characters are drawn in, over their own (`NSAttributedString.Key.foregroundColor`);
  /// its value is ``RenderingAttributeValue/color(_:)``.
  public static let foregroundColor = RenderingAttributeKey(rawValue: "NSColor")
  /// A line under the characters (`NSAttributedString.Key.underlineStyle`); its value is
  /// ``RenderingAttributeValue/underlineStyle(_:)``.
  public static let underlineStyle = RenderingAttributeKey(rawValue: "NSUnderline")

  /// The key's name.
  public var description: String { rawValue }
}

/// The value of a rendering attribute: typed, where TextKit takes `Any`.
public enum RenderingAttributeValue: Hashable, Sendable {
  /// A colour (``RenderingAttributeKey/backgroundColor``, ``RenderingAttributeKey/foregroundColor``).
  case color(TextColor)
  /// An underline (``RenderingAttributeKey/underlineStyle``).
  case underlineStyle(UnderlineStyle)

  /// The colour, when the value is one.
  public var color: TextColor? {
    if case .color(let color) = self { return color }
    return nil
  }

  /// The underline style, when the value is one.
  public var underlineStyle: UnderlineStyle? {
    if case .underlineStyle(let style) = self { return style }
    return nil
  }
}

/// How a line under text is drawn: TextKit's `NSUnderlineStyle`, with its raw values.
public struct UnderlineStyle: OptionSet, Hashable, Sendable {
  /// The style's bits, as `NSUnderlineStyle.rawValue`.
  public let rawValue: Int

  /// A style from its bits.
  /// - Parameter rawValue: The bits, as `NSUnderlineStyle.rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// One thin line.
  public static let single = UnderlineStyle(rawValue: 0x01)
  /// One thick line.
  public static let thick = UnderlineStyle(rawValue: 0x02)
  /// Two thin lines.
  public static let double = UnderlineStyle(rawValue: 0x09)
}

/// A set of rendering attributes, as TextKit's `[NSAttributedString.Key: Any]`.
public typealias RenderingAttributes = [RenderingAttributeKey: RenderingAttributeValue]
