/// One edit of a document as an assistive technology hears of it: paragraphs replaced, with
/// their texts before and after. Building or releasing paragraphs (for memory) is not an edit and
/// is never reported.
public struct TextContentEdit: Sendable, Equatable {
  /// The index of the first paragraph replaced.
  public var firstParagraph: Int
  /// The texts of the paragraphs removed, in order.
  public var removed: [String]
  /// The texts of the paragraphs inserted in their place, in order.
  public var inserted: [String]
}

/// Reports a content manager's edits (``TextContentEdit``) to a handler for as long as it lives,
/// as `NSTextStorage`'s editing notifications do for TextKit.
public final class TextContentEditObservation {
  private final class Observer: TextContentObserver {
    let handler: (TextContentEdit) -> Void
    let ended: (() -> Void)?
    init(handler: @escaping (TextContentEdit) -> Void, ended: (() -> Void)?) {
      self.handler = handler
      self.ended = ended
    }

    func textContentManagerDidEndEditingTransaction(_ manager: TextContentManager) { ended?() }

    func textContentManager(
      _ manager: TextContentManager, didReplaceParagraphsIn range: Range<Int>, removed: [TextParagraph],
      inserted: [TextParagraph]
    ) {
      let edit = TextContentEdit(
        firstParagraph: range.lowerBound, removed: removed.map(\.attributedString.string),
        inserted: inserted.map(\.attributedString.string))
      handler(edit)
    }
  }

  private let observer: Observer
  /// The manager observed.
  public let manager: TextContentManager

  /// Starts reporting `manager`'s edits to `handler`, told inside each edit's transaction (never
  /// edit the document there), and the end of each transaction that edited to `ended` (the
  /// document may be read then, whole).
  public init(
    of manager: TextContentManager, handler: @escaping (TextContentEdit) -> Void, ended: (() -> Void)? = nil
  ) {
    self.manager = manager
    observer = Observer(handler: handler, ended: ended)
    manager.addObserver(observer)
  }
}
