import Foundation
import TextEngine

/// The messenger look of a ``ChatTextView``: colours, bubble geometry and the small type of names and times.
public struct ChatStyle: Equatable, Sendable {
  /// The transcript's background.
  public var background = TextColor(red: 226, green: 232, blue: 239)
  /// Bubbles of messages from others.
  public var incomingBubble = TextColor(red: 255, green: 255, blue: 255)
  /// Bubbles of the local sender's messages.
  public var outgoingBubble = TextColor(red: 51, green: 128, blue: 246)
  /// A soft shadow under each bubble.
  public var bubbleShadow = TextColor(red: 20, green: 40, blue: 70, alpha: 30)
  /// The outline around the message the keyboard focus is on.
  public var focusRing = TextColor(red: 255, green: 149, blue: 0)
  /// Text of incoming messages.
  public var incomingText = TextColor(red: 24, green: 28, blue: 34)
  /// Text of outgoing messages.
  public var outgoingText = TextColor(red: 255, green: 255, blue: 255)
  /// Times inside incoming bubbles.
  public var incomingTime = TextColor(red: 136, green: 146, blue: 158)
  /// Times inside outgoing bubbles.
  public var outgoingTime = TextColor(red: 212, green: 228, blue: 255)
  /// Selection inside incoming bubbles.
  public var incomingSelection = TextColor(red: 51, green: 128, blue: 246, alpha: 70)
  /// Selection inside outgoing bubbles.
  public var outgoingSelection = TextColor(red: 255, green: 255, blue: 255, alpha: 90)
  /// The caret inside incoming bubbles.
  public var incomingCaret = TextColor(red: 51, green: 128, blue: 246)
  /// The caret inside outgoing bubbles.
  public var outgoingCaret = TextColor(red: 255, green: 255, blue: 255)
  /// The pill behind the time of a sticker-only message.
  public var stickerTimePill = TextColor(red: 60, green: 72, blue: 88, alpha: 120)
  /// Sender names, picked by a stable hash of the name.
  public var namePalette: [TextColor] = [
    TextColor(red: 214, green: 72, blue: 64), TextColor(red: 38, green: 146, blue: 84),
    TextColor(red: 40, green: 112, blue: 214), TextColor(red: 150, green: 82, blue: 200),
    TextColor(red: 222, green: 118, blue: 28), TextColor(red: 20, green: 142, blue: 160),
  ]
  /// The outline of a sticker whose animation was just reset.
  public var resetFlash = TextColor(red: 235, green: 36, blue: 36)

  /// Space between the view's edges and the bubbles.
  public var sideMargin = 10.0
  /// Extra space on the trailing side for the scroll bar.
  public var scrollBarGutter = 6.0
  /// Vertical space between two messages.
  public var messageGap = 8.0
  /// The widest a bubble may be, as a fraction of the view's width.
  public var maximumBubbleFraction = 0.72
  /// Space between a bubble's sides and its text.
  public var bubblePaddingX = 12.0
  /// Space between a bubble's top and its first line (or name).
  public var bubblePaddingTop = 7.0
  /// Space between a bubble's bottom and its time.
  public var bubblePaddingBottom = 5.0
  /// The bubble's corner radius.
  public var cornerRadius = 16.0
  /// The narrowest text column a bubble gets.
  public var minimumContentWidth = 28.0
  /// The scale of sender names (bold).
  public var nameScale = 0.87
  /// The scale of times.
  public var timeScale = 0.73
  /// Whether the local sender's bubbles show the name too.
  public var showsLocalSenderName = false

  /// The default style: every property at the value it is declared with.
  public init() {}

  /// The colour of `sender`'s name: the same on every run and machine.
  public func nameColor(for sender: String) -> TextColor {
    guard !namePalette.isEmpty else { return incomingText }
    let hash = sender.unicodeScalars.reduce(UInt32(5381)) { ($0 &* 33) &+ $1.value }
    return namePalette[Int(hash % UInt32(namePalette.count))]
  }

  /// Attributes of sender names.
  public var nameAttributes: TextAttributes { TextAttributes(isBold: true, fontScale: nameScale) }
  /// Attributes of times.
  public var timeAttributes: TextAttributes { TextAttributes(fontScale: timeScale) }
}
