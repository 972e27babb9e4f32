import AnimationRuntime
import Foundation
import TextEngine

/// Makes sticker attachments for chat messages.
public struct StickerFactory {
  /// The runtime stickers play in.
  public let runtime: StickerRuntime

  /// Inline stickers sit on the baseline at about two lines tall.
  public static let inlineBounds = CGRect(x: 0, y: -7, width: 30, height: 30)
  /// Sticker-only messages are drawn large.
  public static let standaloneBounds = CGRect(x: 0, y: -10, width: 112, height: 112)

  public init(runtime: StickerRuntime) { self.runtime = runtime }

  /// Whether the library has a sticker called `name`.
  public func knows(_ name: String) -> Bool { runtime.library[name] != nil }

  /// A new sticker attachment; an unknown name still makes one (it shows a placeholder).
  public func make(_ name: String, standalone: Bool = false) -> StickerAttachment {
    StickerAttachment(
      stickerName: name, runtime: runtime, bounds: standalone ? Self.standaloneBounds : Self.inlineBounds)
  }
}
