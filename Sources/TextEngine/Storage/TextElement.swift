import Synchronization

/// An element of a document: the unit that storage hands to layout.
///
/// Subclass it for custom backing stores, as with `NSTextElement`.
open class TextElement {
  /// The manager this element belongs to, while it is in a document.
  public internal(set) weak var textContentManager: TextContentManager?

  /// An element that belongs to no content manager yet (``textContentManager`` is `nil`).
  public init() {}

  /// The range the element covers, or `nil` once it has left its document.
  open var elementRange: TextRange? { nil }
}

/// One paragraph: an immutable run of attributed text, without its `\n` separator.
///
/// An edit never mutates a paragraph; storage replaces it with a new paragraph with a new
/// ``identifier``, so the identifier tells whether a paragraph changed. Unchanged paragraphs keep
/// their identifier. A content manager may release a paragraph object nothing holds and later build
/// an equal one from its source with the same identifier (see <doc:StorageIdentity>).
public final class TextParagraph: TextElement {
  private static let serials = Atomic<Int>(0)

  /// The paragraph's content.
  public let attributedString: AttributedText
  /// Paragraph-level attributes (the chat demo keeps sender and timestamp here).
  public let paragraphAttributes: [String: String]
  /// A process-wide creation number, for descriptions and logs.
  public let serial: Int
  /// The paragraph's identity in its document, kept across the release and rebuilding of the
  /// object: its source's element identifier (a process-wide number for the in-memory source).
  public let identifier: Int64

  /// The node that holds this paragraph in its storage's tree, while it is in the document.
  ///
  /// Not `weak` (a weak reference costs every node a side-table allocation). Read it only after
  /// checking that ``textContentManager`` is the storage asking: storage clears it when the
  /// paragraph leaves the document, and a storage's nodes die only with the storage, after
  /// ``textContentManager`` (weak) has become `nil`.
  unowned(unsafe) var storageNode: SequenceTree<TextParagraph?>.Node?

  /// Creates a paragraph; without an `identifier` it gets a new process-wide one.
  public init(attributedString: AttributedText, paragraphAttributes: [String: String] = [:], identifier: Int64? = nil) {
    self.attributedString = attributedString
    self.paragraphAttributes = paragraphAttributes
    let serial = Self.serials.wrappingAdd(1, ordering: .relaxed).oldValue
    self.serial = serial
    self.identifier = identifier ?? -Int64(serial) - 1
  }

  /// Takes `count` consecutive process-wide serials at once: the in-memory source numbers its
  /// elements from them, so that its identifiers never meet a paragraph's own.
  /// - Returns: The first of them.
  static func reserveSerials(_ count: Int) -> Int {
    serials.wrappingAdd(count, ordering: .relaxed).oldValue
  }

  /// The number of characters, without the separator.
  public var length: Int { attributedString.length }

  /// Whether the paragraph is still in a document.
  public var isInDocument: Bool { textContentManager != nil && storageNode != nil }

  public override var elementRange: TextRange? {
    guard isInDocument else { return nil }
    return TextRange(
      location: TextLocation(paragraph: self, offset: 0), end: TextLocation(paragraph: self, offset: length))
  }
}
