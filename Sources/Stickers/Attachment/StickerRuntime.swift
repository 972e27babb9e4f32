import AnimationRuntime
import ReuseKitSupport

/// The environment sticker views share: clock, library, frame cache, caps and loaded players.
///
/// One runtime belongs to one rendering thread: it keeps **one player — so one rlottie animation
/// object — per sticker**, used only from that thread (rlottie shares parsed models between equal files). Several runtimes (threads) may share a
/// `FrameCache` only if they serialize access to it. Files that fail to load are remembered, so a
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
  /// A monotonic clock timing each render against `StickerLimits.renderTimeBudget` (the app
  /// passes a real one; `nil` times nothing). A sticker whose render overruns becomes the placeholder.
  /// It times in-process renders; a worker's renders are timed by ``StickerWorkerPool``'s watchdog.
  public var renderTimer: (any AnimationClock)?
  /// Where sticker files are decoded: in this process, or in sandboxed workers.
  public let decoding: StickerDecoding
  /// The sandboxed workers, when ``decoding`` is ``StickerDecoding/sandboxed(_:)``.
  public let workerPool: StickerWorkerPool?
  /// How a frame that is not in the frame cache reaches a view (``FrameDelivery``).
  ///
  /// ``FrameDelivery/waiting`` (the default) gives every frame at once: tests, goldens and headless
  /// runs. The window uses ``FrameDelivery/whenDecoded``; a headless run that counts blank
  /// stickers deterministically uses ``FrameDelivery/nextFrame``.
  public var frameDelivery: FrameDelivery = .waiting
  /// Whether a view's frame waits for its decoder: ``frameDelivery`` is ``FrameDelivery/waiting``.
  /// Setting `false` makes it ``FrameDelivery/whenDecoded``, as the window does.
  public var waitsForWorkerFrames: Bool {
    get { frameDelivery == .waiting }
    set { frameDelivery = newValue ? .waiting : .whenDecoded }
  }
  /// Whether nobody can see the stickers now (the window hidden or minimized, or unfocused while
  /// the app pauses unfocused windows): views ask for no frames then, prefetching stops, and any
  /// frame decoded meanwhile is counted in ``FrameWork/decodedWhileUnseen``.
  public var isUnseen = false
  /// Whether stickers show their first frame only (a reduce-motion setting): no further frame is
  /// decoded, and animation states are kept as they are, so turning it off resets nothing.
  public var reducesMotion = false
  /// Frame work no view counts itself: frames decoded ahead and frames decoded unseen.
  public internal(set) var frameWork = FrameWork()
  /// Frames requested in this frame, for ``FrameDelivery/nextFrame`` without workers: decoded at
  /// the next ``beginFrame()``.
  var deferredFrames: [(player: any StickerPlayer, name: String, key: FrameCacheKey, prefetch: Bool)] = []
  /// The running average decode cost of one frame per format, in seconds (``renderTimer``'s).
  var decodeCosts: [String: RunningAverage] = [:]
  /// Every sticker that failed while playing (a render over budget, a worker that died), in order;
  /// each appears once.
  public private(set) var playbackFailures: [StickerError] = []
  /// Frames asked of a worker and not back yet.
  var requestedFrames: Set<FrameCacheKey> = []
  /// Frames asked of a worker without waiting, so far: each is a frame a view showed late (its
  /// last one stood in), as the window does when ``waitsForWorkerFrames`` is off.
  public internal(set) var framesRequestedWithoutWaiting = 0

  /// Load results by sticker name.
  private var loaded: [String: Result<StickerLoader.Loaded, StickerError>] = [:]
  /// Sticker names in the order they were first loaded.
  private var loadOrder: [String] = []
  /// Stickers whose warnings went to an event log already.
  private var warningsReported: Set<String> = []

  /// Creates a runtime.
  /// - Parameters:
  ///   - clock: The clock animation states follow (never wall time in tests).
  ///   - library: The stickers available by name.
  ///   - frameCache: The shared cache of rendered frames.
  ///   - limits: Caps checked before decoding.
  ///   - keepsAdvancingWhileCached: Whether scrolled-out stickers keep advancing (default `false`: they pause).
  ///   - decoding: Where files are decoded (default ``StickerDecoding/automatic``: sandboxed workers
  ///     when `sticker-worker` is found beside the executable).
  public init(
    clock: any AnimationClock, library: StickerLibrary, frameCache: FrameCache = FrameCache(),
    limits: StickerLimits = .default, keepsAdvancingWhileCached: Bool = false,
    decoding: StickerDecoding = .automatic
  ) {
    self.clock = clock
    self.library = library
    self.frameCache = frameCache
    self.limits = limits
    self.keepsAdvancingWhileCached = keepsAdvancingWhileCached
    self.decoding = decoding
    if case .sandboxed(let configuration) = decoding {
      workerPool = StickerWorkerPool(configuration: configuration, maxPixelSize: limits.maxRenderPixelSize)
    } else {
      workerPool = nil
    }
  }

  /// The player for the sticker called `name`, loading (and checking) its file the first time.
  /// - Throws: `StickerError` naming the file and why it was refused.
  public func player(named name: String) throws(StickerError) -> any StickerPlayer {
    try loadResult(named: name).get().player
  }

  /// How loading the sticker called `name` went (loading it if needed), with the library's
  /// warnings about it (duplicate names).
  public func status(named name: String) -> StickerLoadStatus {
    let extra = library.warnings(for: name)
    switch loadResult(named: name) {
    case .success(let loaded):
      return StickerLoadStatus(
        name: name, kind: loaded.kind.rawValue, status: .ok, reason: nil, warnings: loaded.warnings + extra)
    case .failure(let error):
      return StickerLoadStatus(
        name: name, kind: error.format?.rawValue, status: .rejected, reason: error.description, warnings: extra)
    }
  }

  /// The status of every sticker loaded so far, in the order they were first needed.
  public var usedStickers: [StickerLoadStatus] { loadOrder.map { status(named: $0) } }

  /// The load warnings of `name` the first time they are asked for, then none: an event log
  /// gets each file's warning once, however many views show it.
  func unreportedWarnings(named name: String) -> [String] {
    guard case .success(let loaded) = loadResult(named: name), !loaded.warnings.isEmpty else { return [] }
    guard warningsReported.insert(name).inserted else { return [] }
    return loaded.warnings.map { "sticker '\(name)': \($0)" }
  }

  /// Renders `frame` of `player` (the sticker `name`) under the render budget.
  /// - Returns: The frame, or the error that now makes the sticker a placeholder when the render
  ///   overran `StickerLimits.renderTimeBudget` on ``renderTimer``.
  func render(_ player: any StickerPlayer, named name: String, frame: Int, pixelSize: Int)
    -> Result<RGBAImage, StickerError>
  {
    if isUnseen { frameWork.decodedWhileUnseen += 1 }
    let start = renderTimer?.now
    if let player = player as? WorkerPlayer {
      let result = player.renderNow(frame: frame, pixelSize: pixelSize)
      noteDecodeCost(named: name, from: start, to: start == nil ? nil : renderTimer?.now)
      switch result {
      case .success(let image): return .success(image)
      case .failure(let reason): return .failure(recordFailure(named: name, reason))
      }
    }
    let image = player.render(frame: frame, pixelSize: pixelSize)
    let end = start == nil ? nil : renderTimer?.now
    noteDecodeCost(named: name, from: start, to: end)
    if let start, let end, end - start > limits.renderTimeBudget {
      let asset = library[name]
      let error = StickerError(
        file: asset?.file.path ?? name, format: (try? loadResult(named: name).get())?.kind,
        reason: .renderBudgetExceeded(
          "frame \(frame) at \(pixelSize) px took \(Int((end - start) * 1000)) ms, budget "
            + "\(Int(limits.renderTimeBudget * 1000)) ms"))
      loaded[name] = .failure(error)
      playbackFailures.append(error)
      return .failure(error)
    }
    return .success(image)
  }

  /// Makes the sticker `name` fail with `reason` (once), so every view of it shows the placeholder.
  /// - Returns: The error, naming the file and its format.
  func recordFailure(named name: String, _ reason: StickerError.Reason) -> StickerError {
    if case .failure(let known) = loaded[name] { return known }
    let error = StickerError(
      file: library[name]?.file.path ?? name, format: (try? loaded[name]?.get())?.kind, reason: reason)
    loaded[name] = .failure(error)
    playbackFailures.append(error)
    return error
  }

  /// Why the sticker `name` failed after it loaded, or `nil` while it plays.
  func playbackFailure(named name: String) -> StickerError? {
    if case .failure(let error) = loaded[name] { return error }
    return nil
  }

  /// The format of sticker `name` once loaded (`lottie`, `gif`, …), or `nil`.
  func format(named name: String) -> String? {
    guard case .success(let loaded) = loaded[name] else { return nil }
    return loaded.kind.rawValue
  }

  private func loadResult(named name: String) -> Result<StickerLoader.Loaded, StickerError> {
    guard let asset = library[name] else {
      return .failure(StickerError(file: name, reason: .unknownSticker(name: name)))
    }
    if let known = loaded[name] { return known }
    let result: Result<StickerLoader.Loaded, StickerError>
    do {
      result = .success(try load(asset))
    } catch {
      result = .failure(error)
    }
    loaded[name] = result
    loadOrder.append(name)
    return result
  }
}
