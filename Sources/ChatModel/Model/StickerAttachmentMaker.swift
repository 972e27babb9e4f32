import TextEngine

/// Makes the attachments that stand for a message's sticker parts in a chat's text.
///
/// The chat model names stickers (``ChatMessage/Part/sticker(_:)``) and leaves playing them to
/// whoever implements this: the app's `StickerFactory` (ChatKit) makes `StickerAttachment`s over the
/// `Stickers` module, a test may make plain `TextAttachment`s. Whatever it makes, the attachment's
/// `TextAttachment.fileType` must be the sticker's name: that is how a paragraph's stickers are read
/// back (``ChatMessage/stickerName(of:)``).
public protocol StickerAttachmentMaker {
  /// A new attachment for the sticker `name`; an unknown name still gets one (it shows a placeholder).
  /// - Parameters:
  ///   - name: The sticker's name.
  ///   - standalone: Whether the sticker is the whole message (drawn large, see
  ///     ``ChatMessage/stickerOnlyBounds``) rather than inline (``ChatMessage/inlineStickerBounds``).
  /// - Returns: An attachment whose `fileType` is `name`.
  func makeAttachment(forSticker name: String, standalone: Bool) -> TextAttachment
}
