import ChatModel
import Foundation
import SDLSupport
import TextEngine

/// Day separators and collapsible days.
///
/// A day separator is a paragraph of its own (see ``ChatDay``), laid out as a band with a pill
/// centred in it: "Today", "Yesterday" or the date, relative to ``today``. Clicking the pill (or
/// ``collapseDay(at:)``) collapses the day: its messages are hidden through the storage delegate
/// (``ChatDaySections``) and the pill reads "Yesterday · 12 messages"; clicking again expands it.
extension ChatTextView {
  /// The separator paragraph of the day holding paragraph `index` (itself when it is a separator),
  /// or `nil` when the paragraph belongs to no day.
  /// - Complexity: O(messages of the day before it × log n).
  public func daySeparatorIndex(forParagraphAt index: Int) -> Int? {
    daySections.separatorIndex(forParagraphAt: index, in: textContentManager)
  }

  /// Collapses the day holding paragraph `index`.
  /// - Returns: Whether the day was expanded before.
  @discardableResult
  public func collapseDay(at index: Int) -> Bool {
    guard let separator = daySeparatorIndex(forParagraphAt: index) else { return false }
    return daySections.collapse(separatorAt: separator, in: textContentManager)
  }

  /// Expands the day holding paragraph `index` (or separated by it).
  /// - Returns: Whether the day was collapsed before.
  @discardableResult
  public func expandDay(at index: Int) -> Bool {
    guard let separator = daySeparatorIndex(forParagraphAt: index),
      let date = textContentManager.paragraph(at: separator)?.paragraphAttributes[ChatDay.separatorKey]
    else { return false }
    return daySections.expand(date)
  }

  /// Collapses or expands the day separated by paragraph `separatorIndex`.
  public func toggleDay(separatorAt separatorIndex: Int) {
    if !collapseDay(at: separatorIndex) { expandDay(at: separatorIndex) }
  }

  /// The separator's label: the day relative to ``today``, and "· N messages" when collapsed.
  public func daySeparatorLabel(for date: String) -> String {
    let day = ChatDay(iso: date)?.label(today: today) ?? date
    guard let count = daySections.collapsed[date] else { return day }
    return "\(day) · \(count) message\(count == 1 ? "" : "s")"
  }

  /// The separator's pill relative to its fragment.
  @MainActor
  func daySeparatorPill(of fragment: TextLayoutFragment, label: String) -> CGRect {
    let textWidth = width(of: label, attributes: style.timeAttributes)
    let height = layout.timeMetrics.lineHeight + 8
    return CGRect(
      x: ((fragment.layoutWidth - textWidth) / 2 - 10).rounded(), y: ((fragment.height - height) / 2).rounded(),
      width: textWidth + 20, height: height)
  }

  /// Draws a day separator's pill and label.
  @MainActor
  func drawDaySeparator(of item: VisibleFragment, date: String) throws(SDLError) {
    let label = daySeparatorLabel(for: date)
    let pill = daySeparatorPill(of: item.fragment, label: label).offsetBy(dx: item.origin.x, dy: item.origin.y)
    try canvas.fillRoundedRect(pill, radius: pill.height / 2, color: style.stickerTimePill)
    try textRenderer.cache.draw(
      label, attributes: style.timeAttributes, color: TextColor(red: 255, green: 255, blue: 255),
      penX: pill.minX + 10, baselineY: pill.minY + 4 + layout.timeMetrics.ascent)
  }

  /// The separator paragraph under `point` (view pixels), if any.
  func daySeparator(at point: CGPoint) -> Int? {
    let y = point.y - containerToViewY
    guard y >= 0, let index = textLayoutManager.paragraphIndex(atY: y),
      textContentManager.paragraph(at: index)?.paragraphAttributes[ChatDay.separatorKey] != nil
    else { return nil }
    return index
  }
}
