import AnimationRuntime

/// The environment sticker views share: clock, library, frame cache, caps and loaded players.
///
/// One runtime belongs to one rendering thread: it keeps **one player — so one rlottie animation
/// object — per sticker file**, used only from that thread. Several runtimes (threads) may share a
/// ``FrameCache`` only if they serialize access to it. Files that fail to load are remembered, so a
/// bad file is read and refused once, while every view that asks for it still gets the error.
public final class StickerRuntime {
  /// The clock every animation state follows.
  public let clock: any AnimationClock
  /// The stickers available by name.
  public let library: StickerLibrary
  /// Rendered frames shared by every view.
  public let frameCache: FrameCache
  /// Caps on sticker files, checked before decoding.
  public let limits: StickerLimits
  /// Whether cached (scrolled-out) stickers keep advancing even when the text view asks them to pause.
  public var keepsAdvancingWhileCached: Bool

  private var players: [String: Result<any StickerPlayer, StickerError>] = [:]

  /// Creates a runtime.
  /// - Parameters:
  ///   - clock: The clock animation states follow (never wall time in tests).
  ///   - library: The stickers available by name.
  ///   - frameCache: The shared cache of rendered frames.
  ///   - limits: Caps checked before decoding.
  ///   - keepsAdvancingWhileCached: Whether scrolled-out stickers keep advancing (default `false`: they pause).
  public init(
    clock: any AnimationClock, library: StickerLibrary, frameCache: FrameCache = FrameCache(),
    limits: StickerLimits = .default, keepsAdvancingWhileCached: Bool = false
  ) {
    self.clock = clock
    self.library = library
    self.frameCache = frameCache
    self.limits = limits
    self.keepsAdvancingWhileCached = keepsAdvancingWhileCached
  }

  /// The player for the sticker called `name`, loading (and checking) its file the first time.
  /// - Throws: ``StickerError`` naming the file and why it was refused.
  package func player(named name: String) throws(StickerError) -> any StickerPlayer {
    try player(for: try library.asset(named: name))
  }

  /// The player for `asset`, loading (and checking) its file the first time.
  /// - Throws: ``StickerError`` naming the file and why it was refused.
  package func player(for asset: StickerAsset) throws(StickerError) -> any StickerPlayer {
    let key = asset.file.path
    if let loaded = players[key] { return try loaded.get() }
    let result: Result<any StickerPlayer, StickerError>
    do {
      result = .success(try Self.load(asset, limits: limits))
    } catch {
      result = .failure(error)
    }
    players[key] = result
    return try result.get()
  }

  private static func load(_ asset: StickerAsset, limits: StickerLimits) throws(StickerError) -> any StickerPlayer {
    let bytes = try StickerFileReader.read(asset.file, limits: limits)
    do {
      switch asset.kind {
      case .lottie: return try LottiePlayer(bytes: bytes, limits: limits)
      case .gif: return try RasterPlayer(gif: bytes, limits: limits)
      case .frameStrip:
        return try RasterPlayer(
          strip: bytes, frameCount: asset.frameCount, frameRate: asset.frameRate, limits: limits)
      }
    } catch {
      throw StickerError(file: asset.file.path, reason: error)
    }
  }
}
