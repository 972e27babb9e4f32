/// The in-memory content manager, TextKit's `NSTextContentStorage`: a ``TextContentManager`` over
/// the document held in memory, split from attributed text at `\n` or given one per message.
///
/// It is the same engine as every other content manager: the contents given become an in-memory
/// ``TextContentSource`` (kept as given, not copied), read in blocks, built into paragraphs when
/// something asks for them and released when nothing holds them, so opening a million messages
/// costs little more than summing their lengths. A released paragraph built again is equal, with
/// the same identifier and the same attachment objects (see <doc:StorageIdentity>).
///
/// An edit replaces exactly the paragraphs it touches with new objects; every other paragraph
/// keeps its ``TextParagraph/identifier`` (and its object while anything holds it). Bad input throws
/// ``TextEditError`` and changes nothing. The editing API is ``TextContentManager``'s.
public final class TextContentStorage: TextContentManager {
  /// Creates storage holding `text`, split into paragraphs at `\n`.
  public convenience init(_ text: AttributedText = AttributedText(), paragraphAttributes: [String: String] = [:]) {
    self.init(paragraphs: text.length > 0 ? text.splitIntoParagraphs().map { ($0, paragraphAttributes) } : [])
  }

  /// Creates storage from ready-made paragraphs (one per message, for example).
  ///
  /// The contents are kept as given and made into paragraph objects as they are needed. Their
  /// attachments are counted now (every run is read), so that ``TextContentManager/contains(_:)``
  /// knows them before their paragraphs are built. An attachment object given in several places
  /// stays that object in each of them (see <doc:StorageIdentity>).
  /// - Complexity: O(n) time, but only summing lengths and registering attachments; memory
  ///   O(n / `InMemoryTextContentSource.blockSize`) beyond the contents themselves.
  public init(paragraphs contents: [(AttributedText, [String: String])]) {
    super.init(memory: InMemoryTextContentSource(contents))
    releaseSlack = Self.releaseSlack
  }

  /// The in-memory document's ``TextContentManager/releaseSlack``: paragraphs whose contents are in
  /// memory anyway are cheap to keep, so a sweep waits for 4,096 of them, and a jump or a scroll
  /// frame seldom pays for one.
  public static let releaseSlack = 4_096
}
