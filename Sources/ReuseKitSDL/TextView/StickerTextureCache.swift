import AnimationRuntime
import Foundation

/// One streaming texture per visible sticker view, updated with the view's current frame.
///
/// Textures of views that were not drawn in a frame are dropped at the end of it, so scrolled-out
/// stickers hold no texture and do no work.
@MainActor
final class StickerTextureCache {
  private final class Entry {
    weak var view: StickerView?
    let texture: SDLTexture
    init(view: StickerView, texture: SDLTexture) {
      self.view = view
      self.texture = texture
    }
  }

  let renderer: SDLRenderer
  private var entries: [ObjectIdentifier: Entry] = [:]
  private var used: Set<ObjectIdentifier> = []

  init(renderer: SDLRenderer) { self.renderer = renderer }

  /// The number of textures held.
  var count: Int { entries.count }

  /// The texture showing `frame` for `view`, reusing the view's texture when the size matches.
  func texture(for view: StickerView, frame: RGBAImage) throws(SDLError) -> SDLTexture {
    let key = ObjectIdentifier(view)
    used.insert(key)
    if let entry = entries[key], entry.view === view, entry.texture.width == frame.width,
      entry.texture.height == frame.height
    {
      try entry.texture.update(with: frame)
      return entry.texture
    }
    let texture = try SDLTexture(renderer: renderer, rgba: frame)
    entries[key] = Entry(view: view, texture: texture)
    return texture
  }

  /// Drops the textures of views not drawn since the last call.
  func endFrame() {
    entries = entries.filter { used.contains($0.key) && $0.value.view != nil }
    used.removeAll(keepingCapacity: true)
  }
}
