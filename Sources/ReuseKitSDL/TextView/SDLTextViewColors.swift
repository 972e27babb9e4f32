import TextEngine

/// The colours an ``SDLTextView`` draws with.
public struct SDLTextViewColors: Equatable, Sendable {
  /// The view's background.
  public var background: TextColor
  /// Text without a colour of its own.
  public var text: TextColor
  /// The selection highlight (translucent).
  public var selection: TextColor
  /// The caret.
  public var caret: TextColor
  /// The background of an IME composition shown inline.
  public var compositionBackground: TextColor
  /// The underline of an IME composition.
  public var compositionUnderline: TextColor
  /// The scroll bar's thumb.
  public var scrollBar: TextColor
  /// Boxes drawn for attachment views that are not stickers.
  public var placeholder: TextColor
  /// The skeleton drawn where a sticker waits for its first decoded frame (opaque, so its pixels
  /// can be counted in a screenshot): what ``Counter/blankStickerPixelFrames`` counts.
  public var pendingSticker = TextColor(red: 219, green: 223, blue: 231)

  /// A palette from its colours (``light`` is the default one).
  /// - Parameters:
  ///   - background: The view's background.
  ///   - text: Text without a colour of its own.
  ///   - selection: The selection highlight, drawn behind the text (translucent in ``light``).
  ///   - caret: The caret.
  ///   - compositionBackground: The background of an IME composition shown inline.
  ///   - compositionUnderline: The underline of an IME composition.
  ///   - scrollBar: The scroll bar's thumb.
  ///   - placeholder: Boxes drawn for attachment views that are not stickers.
  public init(
    background: TextColor, text: TextColor, selection: TextColor, caret: TextColor, compositionBackground: TextColor,
    compositionUnderline: TextColor, scrollBar: TextColor, placeholder: TextColor
  ) {
    self.background = background
    self.text = text
    self.selection = selection
    self.caret = caret
    self.compositionBackground = compositionBackground
    self.compositionUnderline = compositionUnderline
    self.scrollBar = scrollBar
    self.placeholder = placeholder
  }

  /// Dark text on white, a blue caret and selection.
  public static let light = SDLTextViewColors(
    background: TextColor(red: 255, green: 255, blue: 255), text: TextColor(red: 24, green: 26, blue: 32),
    selection: TextColor(red: 46, green: 120, blue: 240, alpha: 80), caret: TextColor(red: 30, green: 100, blue: 230),
    compositionBackground: TextColor(red: 255, green: 244, blue: 200),
    compositionUnderline: TextColor(red: 60, green: 60, blue: 70),
    scrollBar: TextColor(red: 0, green: 0, blue: 0, alpha: 70),
    placeholder: TextColor(red: 150, green: 156, blue: 166))
}

/// How one paragraph's text, selection and caret are coloured (the chat colours each side differently).
public struct FragmentColors: Equatable, Sendable {
  /// Text without a colour of its own.
  public var text: TextColor
  /// The selection highlight.
  public var selection: TextColor
  /// The caret.
  public var caret: TextColor

  /// A paragraph's colours.
  /// - Parameters:
  ///   - text: Text without a colour of its own.
  ///   - selection: The selection highlight.
  ///   - caret: The caret.
  public init(text: TextColor, selection: TextColor, caret: TextColor) {
    self.text = text
    self.selection = selection
    self.caret = caret
  }
}
