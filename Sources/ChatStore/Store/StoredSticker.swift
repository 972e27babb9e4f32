/// A sticker part of a stored message: one occurrence of a sticker, a row of the `stickers` table.
struct StoredSticker: Equatable, Sendable {
  /// The UTF-8 offset in the message's body of the U+FFFC that stands for the sticker.
  var offset: Int
  /// The sticker's name in the library.
  var name: String
  /// The stable sticker id (the attachment's `persistentIdentifier`, the `attachment` column),
  /// shared by every occurrence of the attachment; `nil` before the store assigns one.
  var id: Int64?
}
