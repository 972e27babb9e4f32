import AnimationRuntime
import Foundation
import SDLSupport

/// One streaming texture per drawn frame surface (a sticker view, or any other `FrameSurface`),
/// holding the surface's current frame.
///
/// A texture is uploaded only when the surface's frame changed (by `FrameSurface.lastFrameKey`), so a
/// paused sticker, or one whose animation has not reached its next frame, costs no upload. Textures of
/// views that were not drawn in a frame are dropped at the end of it, so scrolled-out stickers hold no
/// texture and do no work.
@MainActor
public final class StickerTextureCache {
  private final class Entry {
    weak var view: (any FrameSurface)?
    let texture: SDLTexture
    /// The frame the texture holds.
    var frameKey: FrameCacheKey?
    init(view: any FrameSurface, texture: SDLTexture, frameKey: FrameCacheKey?) {
      self.view = view
      self.texture = texture
      self.frameKey = frameKey
    }
  }

  /// The renderer the textures belong to.
  public let renderer: SDLRenderer
  /// Frames uploaded so far (new textures and updates): the cache's work.
  private(set) var uploads = 0
  private var entries: [ObjectIdentifier: Entry] = [:]
  private var used: Set<ObjectIdentifier> = []

  /// Creates an empty cache for textures drawn with `renderer`.
  public init(renderer: SDLRenderer) { self.renderer = renderer }

  /// The number of textures held.
  var count: Int { entries.count }

  /// The texture showing `view`'s current frame at `pixelSize`, uploading the frame only when it changed.
  /// - Parameters:
  ///   - view: The surface; asked for `FrameSurface.currentFrame(pixelSize:)`.
  ///   - pixelSize: The side of the frame in physical pixels.
  /// - Returns: The texture, or `nil` when the view has no frame at that size.
  /// - Throws: `SDLError` when SDL cannot create or fill the texture.
  /// - Complexity: O(1) when the frame did not change, else O(pixels).
  public func texture(for view: any FrameSurface, pixelSize: Int) throws(SDLError) -> SDLTexture? {
    guard let frame = view.currentFrame(pixelSize: pixelSize) else { return nil }
    let key = ObjectIdentifier(view)
    let frameKey = view.lastFrameKey
    used.insert(key)
    if let entry = entries[key], entry.view === view, entry.texture.width == frame.width,
      entry.texture.height == frame.height
    {
      if frameKey == nil || entry.frameKey != frameKey {
        try entry.texture.update(with: frame)
        uploads += 1
        entry.frameKey = frameKey
      }
      return entry.texture
    }
    let texture = try SDLTexture(renderer: renderer, rgba: frame)
    uploads += 1
    entries[key] = Entry(view: view, texture: texture, frameKey: frameKey)
    return texture
  }

  /// Drops the textures of views not drawn since the last call.
  public func endFrame() {
    entries = entries.filter { used.contains($0.key) && $0.value.view != nil }
    used.removeAll(keepingCapacity: true)
  }
}
