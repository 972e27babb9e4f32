import AnimationRuntime
import ReuseKitSupport

/// How sticker frames reach views, frame work counted outside the views, and decoding ahead.
extension StickerRuntime {
  /// How a frame that is not in the frame cache reaches a view.
  public enum FrameDelivery: Equatable, Sendable {
    /// The view waits for the frame (bounded by the render budget and the worker watchdog): every
    /// frame shows at once, so nothing is ever blank.
    case waiting
    /// The view asks for the frame and shows what it had meanwhile (an older frame, or the pending
    /// skeleton); ``StickerRuntime/beginFrame()`` of the next frame delivers every frame asked
    /// for: one frame of latency, the same on every machine, for counting blanks in tests and
    /// scenarios.
    case nextFrame
    /// The view asks a worker and shows what it had meanwhile; the frame shows in the first frame
    /// after the worker finishes (the window).
    case whenDecoded
  }

  /// Counts of frame work that no view's counters see.
  public struct FrameWork: Equatable, Sendable {
    /// Frames decoded ahead of the scroll (``prefetch(named:pixelSize:frame:)``).
    public var prefetched = 0
    /// Frames decoded (in process) or delivered (by a worker) while ``StickerRuntime/isUnseen`` was set.
    public var decodedWhileUnseen = 0
  }

  /// What a ``prefetch(named:pixelSize:frame:)`` did.
  public enum PrefetchOutcome: Equatable, Sendable {
    /// The frame is cached or on its way already: nothing to do.
    case available
    /// A decode was asked for.
    case requested
    /// The sticker cannot play (unknown, refused or failed), or the size is outside the limits.
    case unavailable
  }

  /// Starts a frame: delivers what ``frameDelivery`` says is due (every frame asked for, under
  /// ``FrameDelivery/nextFrame``, unless ``isUnseen``), and takes what the workers finished. Never
  /// blocks otherwise.
  /// - Complexity: O(frames delivered), plus their decoding under ``FrameDelivery/nextFrame``.
  public func beginFrame() {
    // Unseen, frames asked for stay undelivered: nobody would see them decoded.
    if frameDelivery == .nextFrame, !isUnseen {
      let due = deferredFrames
      deferredFrames = []
      for request in due {
        requestedFrames.remove(request.key)
        switch render(
          request.player, named: request.name, frame: request.key.frameIndex, pixelSize: request.key.pixelSize)
        {
        case .success(let image): store(image, for: request.key, prefetched: request.prefetch)
        case .failure: break  // the sticker is a placeholder from now on (recorded)
        }
      }
      workerPool?.waitForAll()
    }
    pollWorkers()
  }

  /// Asks for `key`'s frame without waiting, unless it is asked already; it lands in the frame
  /// cache by a later ``beginFrame()`` (or ``pollWorkers()``).
  /// - Parameters:
  ///   - player: The sticker's player.
  ///   - name: The sticker's name.
  ///   - key: The frame.
  ///   - prefetch: Whether no view asked for it yet (it waits behind every frame a view asked for).
  func requestFrame(_ player: any StickerPlayer, named name: String, key: FrameCacheKey, prefetch: Bool = false) {
    guard requestedFrames.insert(key).inserted else { return }
    if !prefetch { framesRequestedWithoutWaiting += 1 }
    guard let worker = player as? WorkerPlayer else {
      deferredFrames.append((player, name, key, prefetch))
      return
    }
    worker.request(frame: key.frameIndex, pixelSize: key.pixelSize, prefetch: prefetch) { [weak self] result in
      guard let self else { return }
      self.requestedFrames.remove(key)
      switch result {
      case .success(let image):
        if let cost = self.workerPool?.lastJobCPUSeconds, let format = self.format(named: name) {
          self.decodeCosts[format, default: RunningAverage()].add(cost)
        }
        if self.isUnseen { self.frameWork.decodedWhileUnseen += 1 }
        self.store(image, for: key, prefetched: prefetch)
      case .failure(let reason): _ = self.recordFailure(named: name, reason)
      }
    }
  }

  /// Decodes frame `frame` of the sticker `name` at `pixelSize` ahead of any view asking for it, so
  /// a view that appears later finds it cached. Never makes a provider, view or animation state;
  /// nothing happens while ``isUnseen``.
  /// - Parameters:
  ///   - name: The sticker's name.
  ///   - pixelSize: The side of the square the view will ask for, in pixels.
  ///   - frame: The frame (0: what a new view shows first).
  /// - Returns: Whether a decode was asked for, or why not.
  /// - Complexity: O(1), plus loading the sticker the first time it is needed.
  public func prefetch(named name: String, pixelSize: Int, frame: Int = 0) -> PrefetchOutcome {
    guard !isUnseen, pixelSize >= 1, pixelSize <= limits.maxRenderPixelSize,
      let player = try? player(named: name), playbackFailure(named: name) == nil
    else { return .unavailable }
    let key = FrameCacheKey(
      asset: player.contentKey, pixelSize: pixelSize, frameIndex: min(frame, player.frameCount - 1))
    guard !frameCache.contains(key), !requestedFrames.contains(key) else { return .available }
    if frameDelivery == .waiting, !(player is WorkerPlayer) {
      // In process and waiting: the frame is decoded here and now.
      if case .success(let image) = render(player, named: name, frame: key.frameIndex, pixelSize: pixelSize) {
        store(image, for: key, prefetched: true)
      }
      return .requested
    }
    requestFrame(player, named: name, key: key, prefetch: true)
    return .requested
  }

  /// Prefetches asked for and not decoded yet.
  public var prefetchesOutstanding: Int {
    deferredFrames.count(where: \.prefetch) + (workerPool?.prefetchesOutstanding ?? 0)
  }

  /// The running average cost of decoding one frame of the sticker `name`'s format, in seconds
  /// (the worker's CPU time, or ``renderTimer``'s time in process); `nil` before any was measured.
  /// - Parameter name: A sticker name.
  /// - Returns: The average, or `nil`.
  public func averageDecodeCost(named name: String) -> Double? {
    guard let format = format(named: name) else { return nil }
    return decodeCosts[format]?.value
  }

  /// The decoding workers working at once (1 in process).
  public var decoders: Int { workerPool?.configuration.workerCount ?? 1 }

  /// Caches a decoded frame, counting a prefetched one.
  func store(_ image: RGBAImage, for key: FrameCacheKey, prefetched: Bool) {
    if prefetched { frameWork.prefetched += 1 }
    frameCache.insert(image, for: key, prefetched: prefetched)
  }

  /// Adds one in-process or waited-for decode to its format's running average.
  func noteDecodeCost(named name: String, from start: Double?, to end: Double?) {
    guard let start, let end, let format = format(named: name) else { return }
    decodeCosts[format, default: RunningAverage()].add(max(0, end - start))
  }
}

/// An exponentially weighted running average (weight 1/8 for each new sample, as RecyclerView's
/// GapWorker weighs its create and bind times), starting at the first sample.
struct RunningAverage {
  private(set) var value: Double?

  mutating func add(_ sample: Double) {
    guard sample.isFinite, sample >= 0 else { return }
    value = value.map { $0 * 7 / 8 + sample / 8 } ?? sample
  }
}
