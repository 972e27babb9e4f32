import ChatModel
import Foundation
import TextEngine

/// The chat's layout rules: paragraph styles that leave room for bubbles, names and times, and the
/// bubble geometry drawing derives from a laid-out fragment.
///
/// It is the layout manager's delegate, which the layout manager holds weakly: whoever installs it keeps
/// it alive (the ``ChatTextView``, or the benchmark's headless view). Styles depend only on the
/// paragraph, the container width and the style, so a fragment never needs a neighbour to lay out.
public final class ChatLayout: TextLayoutManagerDelegate {
  /// The `"from"` value of the messages drawn on the trailing side.
  public let localSender: String
  /// The look the geometry follows.
  public let style: ChatStyle
  /// Line metrics of names.
  let nameMetrics: LineMetrics
  /// Line metrics of times.
  let timeMetrics: LineMetrics

  /// Creates the rules with the name and time line metrics already known.
  init(localSender: String, style: ChatStyle, nameMetrics: LineMetrics, timeMetrics: LineMetrics) {
    self.localSender = localSender
    self.style = style
    self.nameMetrics = nameMetrics
    self.timeMetrics = timeMetrics
  }

  /// Creates the rules, measuring names and times with `measurer` (the one layout uses).
  /// - Parameters:
  ///   - localSender: The `"from"` value of the messages drawn on the trailing side.
  ///   - style: The look.
  ///   - measurer: The glyph measurer of the text view laid out with these rules.
  public convenience init(localSender: String, style: ChatStyle, measurer: any GlyphMeasuring) {
    self.init(
      localSender: localSender, style: style, nameMetrics: measurer.lineMetrics(for: style.nameAttributes),
      timeMetrics: measurer.lineMetrics(for: style.timeAttributes))
  }

  func message(_ paragraph: TextParagraph) -> ChatMessage.Header {
    ChatMessage.Header(paragraph, localSender: localSender)
  }

  func showsName(_ message: ChatMessage.Header) -> Bool {
    message.sender != nil && (!message.isLocal || style.showsLocalSenderName)
  }

  /// Space above the text inside the fragment: half the gap, the bubble's top padding and the name.
  func topInset(_ message: ChatMessage.Header) -> Double {
    let name = showsName(message) ? nameMetrics.lineHeight + 1 : 0
    return style.messageGap / 2 + (message.isStickerOnly ? name : style.bubblePaddingTop + name)
  }

  /// Space below the text inside the fragment: the time, the bubble's bottom padding and half the gap.
  func bottomInset(_ message: ChatMessage.Header) -> Double {
    // A sticker-only message's time sits in a pill over the sticker's bottom edge.
    guard !message.isStickerOnly else { return style.messageGap / 2 + 2 }
    return style.messageGap / 2 + style.bubblePaddingBottom + timeMetrics.lineHeight + 1
  }

  var trailingMargin: Double { style.sideMargin + style.scrollBarGutter }

  /// The style of `paragraph`: margins and spacing that leave room for its bubble, name and time.
  public func textLayoutManager(_ textLayoutManager: TextLayoutManager, paragraphStyleFor paragraph: TextParagraph)
    -> ParagraphStyle
  {
    let message = message(paragraph)
    if message.separatedDay != nil {  // a day separator: a band for its pill
      return ParagraphStyle(headIndent: style.sideMargin, tailIndent: trailingMargin, spacingBefore: 6, spacingAfter: 6)
    }
    let width = textLayoutManager.textContainer.size.width
    let padding = message.isStickerOnly ? 0 : style.bubblePaddingX
    let maximumLine = max(style.minimumContentWidth, (width * style.maximumBubbleFraction).rounded(.down) - 2 * padding)
    let head = style.sideMargin + padding
    let tail = trailingMargin + padding
    var result = ParagraphStyle(
      headIndent: head, tailIndent: tail, spacingBefore: topInset(message), spacingAfter: bottomInset(message),
      maximumLineWidth: maximumLine, blockAlignment: message.isLocal ? .trailing : .leading,
      mirrorsRightToLeftBlocks: false)  // the bubble stays on its sender's side; RTL lines align right in it
    if message.isLocal {  // the block's trailing edge is the container's, minus the margin
      result.headIndent = max(head, width - tail - maximumLine)
    }
    return result
  }

  /// The bubble's content width without the text: the name, the time and the minimum, so that a
  /// right-to-left message's lines end at its bubble's right edge (measured only when laid out).
  public func textLayoutManager(_ textLayoutManager: TextLayoutManager, minimumBlockWidthFor paragraph: TextParagraph)
    -> Double
  {
    let message = message(paragraph)
    guard message.separatedDay == nil, !message.isStickerOnly else { return 0 }
    let measurer = textLayoutManager.glyphMeasurer
    func width(_ string: String, _ attributes: TextAttributes) -> Double {
      measurer.advances(of: string[...], attributes: attributes).reduce(0, +)
    }
    let name = showsName(message) ? width(message.sender ?? "", style.nameAttributes) : 0
    let time = message.time.map { width($0, style.timeAttributes) } ?? 0
    return max(style.minimumContentWidth, name, time)
  }

  /// The bubble's rectangle relative to the fragment, wide enough for the text, the name and the time.
  /// - Parameters:
  ///   - fragment: A laid-out message.
  ///   - message: How the fragment's paragraph reads (``message(_:)``).
  ///   - nameWidth: The width of the sender's name as drawn (0 when not shown).
  ///   - timeWidth: The width of the time as drawn.
  func bubbleFrame(of fragment: TextLayoutFragment, message: ChatMessage.Header, nameWidth: Double, timeWidth: Double)
    -> CGRect
  {
    let lines = fragment.textLineBounds  // O(1), whatever the message's length
    let textMinX = lines.minX
    let textMaxX = lines.maxX
    let widest = max(
      style.minimumContentWidth, fragment.layoutWidth * style.maximumBubbleFraction - 2 * style.bubblePaddingX)
    let content = min(widest, max(textMaxX - textMinX, nameWidth, timeWidth, style.minimumContentWidth))
    let width = content + 2 * style.bubblePaddingX
    let top = style.messageGap / 2
    let height = fragment.height - style.messageGap
    if message.isLocal {
      let right = fragment.layoutWidth - trailingMargin
      return CGRect(x: right - width, y: top, width: width, height: height)
    }
    return CGRect(x: style.sideMargin, y: top, width: width, height: height)
  }
}
