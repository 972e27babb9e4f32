import AnimationRuntime
import Foundation
import ReuseKitSupport
import TextEngine

/// A sticker attachment's rendering surface: it owns the sticker's `AnimationState`.
///
/// It renders only when the view layer asks for ``currentFrame(pixelSize:)`` — which it does for
/// visible stickers only — so a sticker off screen does no rendering work. Frames come from the
/// runtime's shared `FrameCache`. The view layer draws it as a `FrameSurface`, as it draws any
/// surface that shows frames.
public final class StickerView: TextViewportRenderingSurface, FrameSurface {
  public var frame: CGRect
  /// The sticker's playback state, created with the view and living as long as it.
  ///
  /// A placeholder view has a one-frame, paused state.
  public let animationState: AnimationState
  /// The sticker's name.
  public let stickerName: String
  /// Why the view shows the placeholder, or `nil` when it shows the sticker.
  public private(set) var failureReason: String?
  /// How many frames the view has produced (cache hits included): its rendering work.
  public private(set) var framesProduced = 0
  /// Which frame ``currentFrame(pixelSize:)`` last returned (asset, pixel size, frame index), or `nil`
  /// before the first frame and after the view was discarded. Equal keys mean equal pixels, so a
  /// texture holding that frame need not be uploaded again.
  public private(set) var lastFrameKey: FrameCacheKey?
  /// Where the frame ``currentFrame(pixelSize:)`` last returned came from.
  public private(set) var lastFrameOrigin: FrameOrigin = .unknown

  private let runtime: StickerRuntime
  private var player: (any StickerPlayer)?
  private var lastFrame: RGBAImage?
  private var pausedForReuseCache = false

  /// Creates a view playing `player` from frame 0.
  public init(stickerName: String, player: any StickerPlayer, runtime: StickerRuntime, frame: CGRect) {
    self.frame = frame
    self.stickerName = stickerName
    self.runtime = runtime
    self.player = player
    self.failureReason = nil
    self.animationState = player.makeAnimationState(clock: runtime.clock)
  }

  /// Creates a placeholder view for a sticker that could not be loaded.
  public init(placeholderFor stickerName: String, reason: String, runtime: StickerRuntime, frame: CGRect) {
    self.frame = frame
    self.stickerName = stickerName
    self.runtime = runtime
    self.player = nil
    self.failureReason = reason
    self.animationState = AnimationState.still(clock: runtime.clock)
  }

  /// When the animation reaches its next frame (clock time), or `nil` for a placeholder, a paused
  /// animation or a single frame.
  /// Under reduced motion the frame never changes: `nil`. A sticker waiting for its frame asks to
  /// be drawn again in the next frame, when its frame may have arrived.
  public var nextFrameTime: Double? {
    guard player != nil, !runtime.reducesMotion else { return nil }
    if lastFrameOrigin.isLate { return runtime.clock.now + 1.0 / 120 }
    return animationState.nextFrameTime
  }

  /// Whether the view stands in for a sticker that could not be loaded.
  public var isPlaceholder: Bool { player == nil }

  /// The frame matching the animation's own time, in a `pixelSize × pixelSize` square.
  ///
  /// Straight-alpha RGBA bytes (see `RGBAImage`): upload as `SDL_PIXELFORMAT_RGBA32`
  /// (`SDL_PIXELFORMAT_ABGR8888` on little-endian) and draw with `SDL_BLENDMODE_BLEND`.
  /// - Parameter pixelSize: The display size in physical pixels, 1 to `StickerLimits.maxRenderPixelSize`.
  /// - Returns: The frame, or `nil` for a size outside the limits.
  /// A render that overruns `StickerLimits.renderTimeBudget` turns the view into the placeholder,
  /// with ``failureReason`` set.
  /// - Complexity: O(1) on a frame-cache hit; one render on a miss.
  public func currentFrame(pixelSize: Int) -> RGBAImage? {
    guard pixelSize >= 1, pixelSize <= runtime.limits.maxRenderPixelSize else { return nil }
    framesProduced += 1
    guard let player else { return placeholderFrame(pixelSize: pixelSize) }
    if let failure = runtime.playbackFailure(named: stickerName) {
      becomePlaceholder(failure)
      return placeholderFrame(pixelSize: pixelSize)
    }
    if runtime.isUnseen { return unseenFrame(pixelSize: pixelSize) }
    // Reduced motion shows the first frame; the state keeps its own time, so nothing resets.
    let frameIndex = runtime.reducesMotion ? 0 : animationState.frameIndex
    let key = FrameCacheKey(asset: player.contentKey, pixelSize: pixelSize, frameIndex: frameIndex)
    let defers =
      runtime.frameDelivery == .nextFrame || (player is WorkerPlayer && runtime.frameDelivery == .whenDecoded)
    if defers {
      return frameWithoutWaiting(player, key: key)
    }
    var overran: StickerError?
    let decodesBefore = runtime.frameCache.decodes
    let image = runtime.frameCache.image(for: key) {
      switch runtime.render(player, named: stickerName, frame: frameIndex, pixelSize: pixelSize) {
      case .success(let image): return image
      case .failure(let error):
        overran = error
        return runtime.library.placeholder.image(pixelSize: pixelSize)
      }
    }
    if let overran {
      // Over the render budget, or the decoder died: the sticker becomes the placeholder, with the error.
      becomePlaceholder(overran)
    }
    lastFrame = image
    lastFrameKey = key
    lastFrameOrigin = runtime.frameCache.decodes != decodesBefore ? .decoded : origin(ofCached: key)
    return image
  }

  /// A cached frame's origin: prefetched (first use told once) or plainly cached.
  private func origin(ofCached key: FrameCacheKey) -> FrameOrigin {
    runtime.frameCache.takePrefetchedMark(for: key) ? .prefetched(firstUse: true) : .cached
  }

  /// The frame for `key` if it is decoded; otherwise asks for it and returns the last good frame
  /// meanwhile (``FrameOrigin/stale``), the sticker's first frame when the view has shown none,
  /// or a transparent square when that is not decoded either (``FrameOrigin/pending``, which the
  /// view layer draws as a skeleton).
  private func frameWithoutWaiting(_ player: any StickerPlayer, key: FrameCacheKey) -> RGBAImage? {
    if runtime.frameDelivery == .whenDecoded { runtime.pollWorkers() }
    if let image = runtime.frameCache.cachedImage(for: key) {
      lastFrame = image
      lastFrameKey = key
      lastFrameOrigin = origin(ofCached: key)
      return image
    }
    runtime.requestFrame(player, named: stickerName, key: key)
    if let failure = runtime.playbackFailure(named: stickerName) {
      becomePlaceholder(failure)
      return placeholderFrame(pixelSize: key.pixelSize)
    }
    if let lastFrame, lastFrame.width == key.pixelSize, lastFrameOrigin != .pending {
      lastFrameOrigin = .stale
      return lastFrame
    }
    // A view that never showed a frame stands in with the sticker's first frame when it is decoded
    // (what prefetching decodes), as messengers show a sticker's thumbnail: late, not blank.
    let first = FrameCacheKey(asset: key.asset, pixelSize: key.pixelSize, frameIndex: 0)
    if key.frameIndex != 0, let image = runtime.frameCache.cachedImage(for: first) {
      lastFrame = image
      lastFrameKey = first
      lastFrameOrigin = .firstFrame(prefetchedFirstUse: runtime.frameCache.takePrefetchedMark(for: first))
      return image
    }
    let pending = FrameCacheKey(asset: "pending", pixelSize: key.pixelSize, frameIndex: 0)
    let blank = RGBAImage(width: key.pixelSize, height: key.pixelSize)
    lastFrame = blank
    lastFrameKey = pending
    lastFrameOrigin = .pending
    return blank
  }

  /// While nobody can see the stickers: the frame shown last, unchanged, or the pending skeleton
  /// before any; nothing is decoded or requested.
  private func unseenFrame(pixelSize: Int) -> RGBAImage {
    if let lastFrame, lastFrame.width == pixelSize, lastFrameOrigin != .pending { return lastFrame }
    let blank = RGBAImage(width: pixelSize, height: pixelSize)
    lastFrame = blank
    lastFrameKey = FrameCacheKey(asset: "pending", pixelSize: pixelSize, frameIndex: 0)
    lastFrameOrigin = .pending
    return blank
  }

  private func placeholderFrame(pixelSize: Int) -> RGBAImage {
    let key = FrameCacheKey(asset: "placeholder", pixelSize: pixelSize, frameIndex: 0)
    let image = runtime.frameCache.image(for: key) { runtime.library.placeholder.image(pixelSize: pixelSize) }
    lastFrame = image
    lastFrameKey = key
    lastFrameOrigin = .unknown
    return image
  }

  /// Shows the placeholder from now on, with `error` as the reason.
  private func becomePlaceholder(_ error: StickerError) {
    player = nil
    failureReason = error.description
    animationState.pause()
  }

  /// The bytes of the last frame the view holds.
  public var reuseCacheCost: Int { lastFrame?.byteCount ?? 0 }

  /// Pauses the animation unless it should keep advancing (per the text view or ``StickerRuntime/keepsAdvancingWhileCached``).
  public func surfaceWillEnterReuseCache(keepsAdvancing: Bool) {
    guard !keepsAdvancing, !runtime.keepsAdvancingWhileCached, !animationState.isPaused else { return }
    animationState.pause()
    pausedForReuseCache = true
  }

  /// Resumes the animation if entering the cache paused it; an animation paused before stays paused.
  public func surfaceDidLeaveReuseCache() {
    guard pausedForReuseCache else { return }
    pausedForReuseCache = false
    animationState.resume()
  }

  /// Stops the animation and drops the last frame.
  public func surfaceWillBeDiscarded() {
    animationState.pause()
    lastFrame = nil
    lastFrameKey = nil
    lastFrameOrigin = .unknown
  }
}
