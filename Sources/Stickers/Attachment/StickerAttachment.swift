import Foundation
import TextEngine

/// A sticker in text: an attachment naming a sticker of a ``StickerRuntime``'s library.
///
/// Its provider type is ``StickerViewProvider``; its `TextAttachment.fileType` is the sticker name.
public final class StickerAttachment: TextAttachment {
  /// The sticker's name in the library.
  public let stickerName: String
  /// The environment the sticker's view plays in.
  public let runtime: StickerRuntime

  /// Creates a sticker attachment.
  /// - Parameters:
  ///   - stickerName: The sticker's name in `runtime.library`; unknown names load as the placeholder.
  ///   - runtime: The shared sticker environment.
  ///   - bounds: The attachment's bounds; the default is a 32-point square sitting slightly below the baseline.
  public init(
    stickerName: String, runtime: StickerRuntime, bounds: CGRect = CGRect(x: 0, y: -6, width: 32, height: 32)
  ) {
    self.stickerName = stickerName
    self.runtime = runtime
    super.init(fileType: stickerName, bounds: bounds, viewProviderType: StickerViewProvider.self)
  }

  /// Creates a sticker attachment for `asset`.
  public convenience init(
    asset: StickerAsset, runtime: StickerRuntime, bounds: CGRect = CGRect(x: 0, y: -6, width: 32, height: 32)
  ) {
    self.init(stickerName: asset.name, runtime: runtime, bounds: bounds)
  }

  /// A new sticker attachment with the same name, runtime, bounds and provider type.
  public override func copy() -> TextAttachment {
    let copy = StickerAttachment(stickerName: stickerName, runtime: runtime, bounds: bounds)
    copy.viewProviderType = viewProviderType
    return copy
  }
}
