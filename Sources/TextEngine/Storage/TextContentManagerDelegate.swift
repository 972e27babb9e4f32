/// Options for ``TextContentManager/enumerateTextElements(from:options:using:)``.
public struct TextContentManagerEnumerationOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Enumerate backwards from the location.
  public static let reverse = TextContentManagerEnumerationOptions(rawValue: 1)
}

/// The storage delegate. Its one hook hides elements from enumeration and layout.
public protocol TextContentManagerDelegate: AnyObject {
  /// Whether `textElement` takes part in enumeration and layout. Return `false` to collapse it.
  ///
  /// After changing the answer, call
  /// ``TextViewportLayoutControllerDelegate/textViewportLayoutControllerReceivedSetNeedsLayout(_:)``
  /// (or ``TextView/setNeedsLayout()``) so that the next pass asks again.
  func textContentManager(
    _ textContentManager: TextContentManager, shouldEnumerate textElement: TextElement,
    options: TextContentManagerEnumerationOptions
  ) -> Bool

  /// Whether the characters in `range` (document offsets) may change. Every text view on the
  /// storage asks before each edit it makes for its user (see ``TextView/shouldChangeText(in:)``),
  /// so a storage-wide rule (the chat's day separators, hidden paragraphs) holds in every view.
  /// The default allows every edit.
  func textContentManager(_ textContentManager: TextContentManager, shouldChangeCharactersIn range: Range<Int>)
    -> Bool
}

extension TextContentManagerDelegate {
  /// The default allows every edit: `true`.
  public func textContentManager(
    _ textContentManager: TextContentManager, shouldChangeCharactersIn range: Range<Int>
  ) -> Bool { true }
}

/// Told about every edit, in order, and about the end of each outermost editing transaction that
/// edited. Layout managers observe their storage's edits through this (to invalidate layout); text
/// views observe the ends of transactions (to settle reuse and mark themselves for layout; never a
/// pass from inside the notification). Both methods default to doing nothing.
protocol TextContentObserver: AnyObject {
  /// Paragraphs `range` (indices before the edit) were replaced by `inserted`. Told inside the
  /// editing transaction: no edit may be made from here.
  func textContentManager(
    _ manager: TextContentManager, didReplaceParagraphsIn range: Range<Int>, removed: [TextParagraph],
    inserted: [TextParagraph])
  /// The outermost editing transaction ended, and it edited the document.
  func textContentManagerDidEndEditingTransaction(_ manager: TextContentManager)
  /// A store-backed manager is about to release `paragraph`, which holds attachments, for memory
  /// (it rebuilds it, with new objects, when it is next read). No edit: the document is unchanged.
  func textContentManager(_ manager: TextContentManager, willRelease paragraph: TextParagraph)
}

extension TextContentObserver {
  func textContentManager(
    _ manager: TextContentManager, didReplaceParagraphsIn range: Range<Int>, removed: [TextParagraph],
    inserted: [TextParagraph]
  ) {}
  func textContentManagerDidEndEditingTransaction(_ manager: TextContentManager) {}
  func textContentManager(_ manager: TextContentManager, willRelease paragraph: TextParagraph) {}
}
