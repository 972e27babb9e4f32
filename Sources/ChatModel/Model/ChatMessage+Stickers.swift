import Foundation
import TextEngine

extension ChatMessage {
  /// The bounds of a sticker inside a message's text: about two lines tall, sitting on the baseline.
  public static let inlineStickerBounds = CGRect(x: 0, y: -6, width: 32, height: 32)
  /// The bounds of the sticker of a sticker-only message, drawn large without a bubble.
  public static let stickerOnlyBounds = CGRect(x: 0, y: -4, width: 128, height: 128)

  /// The name of the sticker `attachment` stands for: its `TextAttachment.fileType`, as every
  /// ``StickerAttachmentMaker`` sets it, or `"unknown"` for an attachment without one.
  /// - Complexity: O(1).
  public static func stickerName(of attachment: TextAttachment) -> String {
    attachment.fileType ?? "unknown"
  }
}
