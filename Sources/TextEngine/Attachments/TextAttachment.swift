import Foundation
import Synchronization

/// An inline object in text: U+FFFC carrying this object in ``TextAttributes/attachment``.
///
/// Identity is the object, or its ``persistentIdentifier`` when it has one. As in TextKit, one
/// attachment object may sit in several ranges of a document, in one paragraph or several:
/// inserting it again (``TextContentManager/replaceCharacters(in:with:paragraphAttributes:)``,
/// ``TextContentManager/insertParagraphs(_:at:)``) inserts that very object, and each place it
/// occupies gets its own view provider (``viewProvider(for:location:textContainer:)`` is asked once
/// per location). Paste makes new objects (``copy()``), as an archived attachment on Apple's
/// pasteboard does; undo re-inserts the original object. See <doc:StorageIdentity>.
open class TextAttachment {
  private static let identifiers = Atomic<Int>(1)

  /// A process-wide identifier, used by instrumentation breakdowns and the event log.
  public let id: Int
  /// The attachment's data, if it carries any (a sticker file, for example).
  public let contents: [UInt8]?
  /// The attachment's identity in a backing store (a stored sticker id), or `nil` for an
  /// attachment that lives only in memory. Stable across the release and rebuilding of its element.
  public var persistentIdentifier: String?
  /// What the attachment is: a uniform type or, for stickers, the sticker name.
  public let fileType: String?
  /// The attachment's bounds; the origin's y is relative to the baseline (negative descends).
  public let bounds: CGRect
  /// The provider class ``viewProvider(for:location:textContainer:)`` instantiates.
  public var viewProviderType: TextAttachmentViewProvider.Type

  /// Creates an attachment with a new process-wide ``id`` and no ``persistentIdentifier``, as
  /// `NSTextAttachment(data:ofType:)` does. Unlike TextKit, the bounds and the provider class are given
  /// here: TextKit sets `bounds` afterwards and finds the provider class by file type
  /// (`registerViewProviderClass(_:forFileType:)`).
  /// - Parameters:
  ///   - contents: The attachment's data (a sticker file), or `nil`.
  ///   - fileType: What the attachment is: a uniform type or, for stickers, the sticker name.
  ///   - bounds: Its rectangle, the origin's y relative to the baseline (default 16 × 16 on the baseline).
  ///   - viewProviderType: The provider class made for each place it occupies (default
  ///     ``TextAttachmentViewProvider``, which shows a placeholder).
  public init(
    contents: [UInt8]? = nil, fileType: String? = nil, bounds: CGRect = CGRect(x: 0, y: 0, width: 16, height: 16),
    viewProviderType: TextAttachmentViewProvider.Type = TextAttachmentViewProvider.self
  ) {
    self.id = Self.identifiers.wrappingAdd(1, ordering: .relaxed).oldValue
    self.contents = contents
    self.fileType = fileType
    self.bounds = bounds
    self.viewProviderType = viewProviderType
  }

  /// A new attachment object with the same contents, type, bounds and provider type, and no
  /// ``persistentIdentifier`` (it is another attachment): what a paste inserts.
  ///
  /// Subclasses with extra state override this.
  open func copy() -> TextAttachment {
    TextAttachment(contents: contents, fileType: fileType, bounds: bounds, viewProviderType: viewProviderType)
  }

  /// The factory the framework calls for a provider when the attachment's fragment is
  /// configured in a viewport pass (and no reusable provider exists).
  /// - Parameters:
  ///   - parentView: The text view that will show the attachment.
  ///   - location: Where the attachment is.
  ///   - textContainer: The container laid out into.
  /// - Returns: A new provider. Throw to get a placeholder and an error event instead.
  open func viewProvider(
    for parentView: TextView?, location: TextLocation, textContainer: TextContainer?
  ) throws -> TextAttachmentViewProvider {
    viewProviderType.init(
      textAttachment: self, parentView: parentView, textLayoutManager: parentView?.textLayoutManager,
      location: location)
  }
}
