import ChatModel
import TextEngine

/// Collapsible days (the seed session's second example): the storage's content-manager delegate
/// hides the messages of collapsed days from enumeration and layout.
///
/// One object per storage, shared by every ``ChatTextView`` on it (they find it as the storage's
/// delegate): collapsing a day hides it in all of them, and each is asked for a pass through
/// `TextViewportLayoutControllerDelegate.textViewportLayoutControllerReceivedSetNeedsLayout(_:)`.
/// A collapsed day's separator stays and shows "N messages". For reuse, hiding a message counts as
/// scrolling it out (see ReusePolicies).
public final class ChatDaySections: TextContentManagerDelegate {
  /// The collapsed days (`"YYYY-MM-DD"`) and how many messages each hides.
  public private(set) var collapsed: [String: Int] = [:]
  private var views: [WeakView] = []

  init() {}

  /// The sections of `storage`: its delegate when that is one already, else a new one, installed as
  /// the delegate unless the storage has another delegate (which is kept: days then never hide).
  public static func sections(of storage: TextContentManager) -> ChatDaySections {
    if let existing = storage.delegate as? ChatDaySections { return existing }
    let sections = ChatDaySections()
    if storage.delegate == nil { storage.delegate = sections }
    return sections
  }

  /// Asks `view` (held weakly) for a pass whenever a day collapses or expands; chat views add
  /// themselves.
  public func add(_ view: TextView) {
    guard !views.contains(where: { $0.view === view }) else { return }
    views.removeAll { $0.view == nil }
    views.append(WeakView(view: view))
  }

  /// Whether `date` is collapsed.
  public func isCollapsed(_ date: String) -> Bool { collapsed[date] != nil }

  /// Hides the messages of the day whose separator is paragraph `separatorIndex` of `storage`.
  /// - Returns: Whether anything changed.
  /// - Complexity: O(messages in the day × log n) to count them, plus one pass per view.
  @discardableResult
  public func collapse(separatorAt separatorIndex: Int, in storage: TextContentManager) -> Bool {
    guard let date = storage.paragraph(at: separatorIndex)?.paragraphAttributes[ChatDay.separatorKey],
      collapsed[date] == nil
    else { return false }
    var count = 0
    var index = separatorIndex + 1
    while let paragraph = storage.paragraph(at: index), paragraph.paragraphAttributes[ChatDay.separatorKey] == nil {
      if paragraph.paragraphAttributes[ChatMessage.dateKey] == date { count += 1 }
      index += 1
    }
    collapsed[date] = count
    requestLayout()
    return true
  }

  /// Shows the messages of collapsed day `date` again.
  /// - Returns: Whether anything changed.
  @discardableResult
  public func expand(_ date: String) -> Bool {
    guard collapsed.removeValue(forKey: date) != nil else { return false }
    requestLayout()
    return true
  }

  /// The separator paragraph of the day holding paragraph `index` of `storage` (itself when it is a
  /// separator), or `nil` when the paragraph belongs to no day.
  /// - Complexity: O(messages of the day before it × log n).
  public func separatorIndex(forParagraphAt index: Int, in storage: TextContentManager) -> Int? {
    var current = index
    while current >= 0, let paragraph = storage.paragraph(at: current) {
      if paragraph.paragraphAttributes[ChatDay.separatorKey] != nil { return current }
      if paragraph.paragraphAttributes[ChatMessage.dateKey] == nil { return nil }
      current -= 1
    }
    return nil
  }

  /// The separator paragraphs of `storage`'s days, oldest first, collapsed days included.
  /// - Complexity: O(n): it walks the storage (scenarios use it; clicks know their paragraph).
  public func separatorIndices(in storage: TextContentManager) -> [Int] {
    var result: [Int] = []
    var index = 0
    let delegate = storage.delegate
    storage.delegate = nil  // collapsed days count too
    defer { storage.delegate = delegate }
    storage.enumerateTextElements { element in
      if (element as? TextParagraph)?.paragraphAttributes[ChatDay.separatorKey] != nil { result.append(index) }
      index += 1
      return true
    }
    return result
  }

  private func requestLayout() {
    for view in views.compactMap(\.view) {
      view.textViewportLayoutControllerReceivedSetNeedsLayout(view.textViewportLayoutController)
    }
  }

  /// Hides the messages of collapsed days: `false` for a paragraph whose message date (its
  /// `ChatMessage.dateKey` paragraph attribute) is in ``collapsed``, `true` for every other element,
  /// day separators included.
  /// - Complexity: O(1).
  public func textContentManager(
    _ textContentManager: TextContentManager, shouldEnumerate textElement: TextElement,
    options: TextContentManagerEnumerationOptions
  ) -> Bool {
    guard !collapsed.isEmpty, let paragraph = textElement as? TextParagraph,
      let date = paragraph.paragraphAttributes[ChatMessage.dateKey]
    else { return true }
    return collapsed[date] == nil
  }

  /// Day separators and the messages of collapsed days never change, in any view on the storage:
  /// an edit that would type into a separator, delete one, merge a message into one, or touch a
  /// message the user cannot see is refused, so that no text lands in a paragraph a save skips.
  /// - Complexity: O(paragraphs spanned × log n); O(log n) for a keystroke.
  public func textContentManager(
    _ textContentManager: TextContentManager, shouldChangeCharactersIn range: Range<Int>
  ) -> Bool {
    guard let first = try? textContentManager.location(at: range.lowerBound),
      let last = try? textContentManager.location(at: range.upperBound),
      let start = textContentManager.index(of: first), let end = textContentManager.index(of: last),
      start <= end
    else { return true }  // out of range: the storage refuses it itself
    for index in start...end {
      guard let paragraph = textContentManager.paragraph(at: index) else { continue }
      if paragraph.paragraphAttributes[ChatDay.separatorKey] != nil { return false }
      if !collapsed.isEmpty, let date = paragraph.paragraphAttributes[ChatMessage.dateKey], collapsed[date] != nil {
        return false
      }
    }
    return true
  }
}

private struct WeakView {
  weak var view: TextView?
}
