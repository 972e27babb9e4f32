import AnimationRuntime
import Foundation
import ReuseKitSupport
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
  /// The size a frame was asked for at.
  private struct PixelSize: Equatable {
    var width: Int
    var height: Int
  }
  /// Frames asked for by ``prepare(_:pixelWidth:pixelHeight:)`` this frame, not drawn yet.
  private var prepared: [ObjectIdentifier: (size: PixelSize, frame: RGBAImage?)] = [:]
  /// Frames whose view could not name them, each counted as new.
  private var unnamedFrames = 0

  /// Creates an empty cache for textures drawn with `renderer`.
  public init(renderer: SDLRenderer) { self.renderer = renderer }

  /// The number of textures held.
  var count: Int { entries.count }

  /// The texture showing `view`'s current square frame at `pixelSize`.
  /// - Parameters:
  ///   - view: The surface; asked for `FrameSurface.currentFrame(pixelSize:)`.
  ///   - pixelSize: The side of the frame in physical pixels.
  /// - Returns: The texture, or `nil` when the view has no frame at that size.
  /// - Throws: `SDLError` when SDL cannot create or fill the texture.
  /// - Complexity: O(1) when the frame did not change, else O(pixels).
  public func texture(for view: any FrameSurface, pixelSize: Int) throws(SDLError) -> SDLTexture? {
    try texture(for: view, pixelWidth: pixelSize, pixelHeight: pixelSize)
  }

  /// The texture showing `view`'s current frame in a `pixelWidth × pixelHeight` rectangle,
  /// uploading the frame only when it changed. The texture has the frame's own size, which a
  /// square surface makes the shorter side's square.
  /// - Parameters:
  ///   - view: The surface; asked for `FrameSurface.currentFrame(pixelWidth:pixelHeight:)`.
  ///   - pixelWidth: The width of the frame in physical pixels.
  ///   - pixelHeight: The height of the frame in physical pixels.
  /// - Returns: The texture, or `nil` when the view has no frame at that size.
  /// - Throws: `SDLError` when SDL cannot create or fill the texture.
  /// - Complexity: O(1) when the frame did not change, else O(pixels).
  public func texture(for view: any FrameSurface, pixelWidth: Int, pixelHeight: Int) throws(SDLError)
    -> SDLTexture?
  {
    let key = ObjectIdentifier(view)
    let size = PixelSize(width: pixelWidth, height: pixelHeight)
    let asked = prepared.removeValue(forKey: key).flatMap { $0.size == size ? $0 : nil }
    guard
      let frame = asked.map({ $0.frame }) ?? view.currentFrame(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    else { return nil }
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

  /// Asks `view` for its current square frame ahead of drawing; see ``prepare(_:pixelWidth:pixelHeight:)``.
  /// - Returns: A key that changes whenever the frame's pixels do (a fresh one when the view cannot say).
  public func prepare(_ view: any FrameSurface, pixelSize: Int) -> Int {
    prepare(view, pixelWidth: pixelSize, pixelHeight: pixelSize)
  }

  /// Asks `view` for its current frame ahead of drawing, so a frame can tell whether it changed;
  /// a ``texture(for:pixelWidth:pixelHeight:)`` call in the same frame at the same size uses that
  /// frame, and the view keeps its texture through ``endFrame()`` even when nothing of it is drawn.
  /// - Returns: A key that changes whenever the frame's pixels do (a fresh one when the view cannot say).
  public func prepare(_ view: any FrameSurface, pixelWidth: Int, pixelHeight: Int) -> Int {
    let frame = view.currentFrame(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    let key = ObjectIdentifier(view)
    prepared[key] = (PixelSize(width: pixelWidth, height: pixelHeight), frame)
    used.insert(key)
    guard frame != nil else { return -1 }
    guard let frameKey = view.lastFrameKey else {
      unnamedFrames += 1
      return unnamedFrames
    }
    return frameKey.hashValue
  }

  /// Drops the textures of views neither drawn nor prepared since the last call.
  public func endFrame() {
    // In place: most frames keep every texture, and then nothing is copied.
    for (key, entry) in entries where !used.contains(key) || entry.view == nil {
      entries.removeValue(forKey: key)
    }
    used.removeAll(keepingCapacity: true)
    prepared.removeAll(keepingCapacity: true)
  }
}
