import ChatModel
import Foundation
import Stickers
import TextEngine

/// Makes sticker attachments for chat messages: the `StickerAttachmentMaker` over the `Stickers`
/// module, each attachment playing in one shared runtime.
public struct StickerFactory: StickerAttachmentMaker {
  /// The runtime stickers play in.
  public let runtime: StickerRuntime

  /// Inline stickers sit on the baseline at about two lines tall (the chat view's size).
  public static let inlineBounds = ChatMessage.inlineStickerBounds
  /// Sticker-only messages are drawn large, without a bubble.
  public static let standaloneBounds = ChatMessage.stickerOnlyBounds

  /// A factory whose stickers all play in `runtime` (its clock, library, frame cache and limits).
  public init(runtime: StickerRuntime) { self.runtime = runtime }

  /// Whether the library has a sticker called `name`.
  public func knows(_ name: String) -> Bool { runtime.library[name] != nil }

  /// A new sticker attachment; an unknown name still makes one (it shows a placeholder).
  public func make(_ name: String, standalone: Bool = false) -> StickerAttachment {
    StickerAttachment(
      stickerName: name, runtime: runtime, bounds: standalone ? Self.standaloneBounds : Self.inlineBounds)
  }

  /// A new sticker attachment (``make(_:standalone:)``), whose `fileType` is `name`.
  public func makeAttachment(forSticker name: String, standalone: Bool) -> TextAttachment {
    make(name, standalone: standalone)
  }
}
