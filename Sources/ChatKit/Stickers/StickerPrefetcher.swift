import AnimationRuntime
import Foundation
import Instrumentation
import ReuseKitSDL
import Stickers
import TextEngine

/// Decodes the first frames of the stickers about to scroll into view, in the time left before the
/// next frame's deadline, as RecyclerView's GapWorker prefetches in a frame's idle time.
///
/// Prefetching makes pixels only. First, for the sticker views already made in the overdraw band
/// ahead, the frame each will be at when it scrolls into view; then, beyond the band, it reads the
/// messages ahead through the content manager (so it works over a store as over memory), finds
/// their sticker attachments, and asks the ``StickerRuntime`` to decode frame 0 at the size the
/// view will ask for: a new view shows it while its own frame is decoded.
/// It never makes a provider, view, layout fragment or animation state, so every reuse count stays
/// TextKit's. The look-ahead grows with the scroll's speed; candidates are taken nearest first, and
/// each only when the running average decode cost of its format, shared among the decoders and the
/// prefetches still outstanding, says it is done before the deadline. What the next frame will show
/// is asked for regardless of the budget, as GapWorker forces the items the next frame needs.
@MainActor
public final class StickerPrefetcher {
  /// The runtime whose frame cache the frames go to.
  public let runtime: StickerRuntime
  /// Whether prefetching is on (`--no-prefetch` turns it off, to measure blanks without it).
  public var isEnabled = true
  /// How far ahead, in seconds of scrolling at the current speed, stickers are prefetched, beyond
  /// the overdraw band.
  public var lookAheadSeconds = 0.2
  /// Messages read ahead at most in one call: bounds the work per frame on any document.
  public var maximumMessagesAhead = 96
  /// Decodes asked for at most in one call.
  public var maximumPerFrame = 6
  /// The cost assumed for a format before any of its frames was timed, in seconds.
  public var assumedDecodeCost = 0.004
  /// A scroll slower than this (points per second) prefetches nothing.
  public var minimumSpeed = 30.0
  /// Whether the budget uses the decode costs the runtime measured (the window); off, every
  /// format costs ``assumedDecodeCost``, so a headless run prefetches the same frames on any
  /// machine.
  public var measuresDecodeCost = false

  private var lastOffset: Double?
  private var lastTime: Double?
  private var velocity = 0.0
  private var counted = (prefetched: 0, wasted: 0, unseen: 0)

  /// A prefetcher for stickers playing in `runtime`.
  /// - Parameter runtime: The stickers' runtime.
  public init(runtime: StickerRuntime) {
    self.runtime = runtime
    counted = (
      runtime.frameWork.prefetched, runtime.frameCache.prefetchedFramesWasted, runtime.frameWork.decodedWhileUnseen
    )
  }

  /// The scroll's velocity at the last ``prefetch(for:now:deadline:)``, points per second (positive
  /// toward later messages).
  public var scrollVelocity: Double { velocity }

  /// Asks for the frames the scroll will need soon; call it once a frame, after the frame is drawn.
  /// - Parameters:
  ///   - view: The chat view scrolling.
  ///   - now: The time now, on the clock `deadline` is on.
  ///   - deadline: When the next frame must start drawing.
  /// - Returns: How many decodes were asked for.
  /// - Complexity: O(``maximumMessagesAhead`` × log n) paragraph reads, at most.
  @discardableResult
  public func prefetch(for view: ChatTextView, now: Double, deadline: Double) -> Int {
    defer { record(into: view.instrumentation) }
    let offset = view.scrollOffset
    if let lastOffset, let lastTime, now > lastTime {
      velocity = (offset - lastOffset) / (now - lastTime)
    } else if lastOffset != nil, offset == lastOffset {
      velocity = 0
    }
    lastOffset = offset
    lastTime = now
    // Waiting for every frame, nothing shows blank: there is nothing to prefetch for.
    guard isEnabled, runtime.frameDelivery != .waiting, !runtime.isUnseen, abs(velocity) >= minimumSpeed else {
      return 0
    }
    let all = bandCandidates(in: view) + candidates(in: view)
    return request(all, now: now, deadline: deadline)
  }

  /// The sticker views already made in the overdraw band ahead, nearest first, each with the frame
  /// it will be at when it scrolls into view at this speed: what the next frames need (the frames
  /// after it are asked for by the view itself, and a guess at them was mostly wasted). Reading a
  /// view's animation state makes nothing.
  private func bandCandidates(in view: ChatTextView) -> [Candidate] {
    let bounds = view.viewportBounds
    let forward = velocity > 0
    var result: [Candidate] = []
    for provider in view.visibleAttachmentViewProviders {
      guard let sticker = provider.view as? StickerView, !sticker.isPlaceholder else { continue }
      let frame = sticker.frame
      let distance = forward ? frame.minY - bounds.maxY : bounds.minY - frame.maxY
      guard distance >= 0 else { continue }
      let state = sticker.animationState
      let ahead = Int((distance / abs(velocity) * state.frameRate).rounded(.up))
      let pixels = SDLTextView.stickerPixelSize(for: frame, scale: view.renderer.scale)
      let index = runtime.reducesMotion ? 0 : (state.frameIndex + ahead) % state.frameCount
      result.append(Candidate(name: sticker.stickerName, pixelSize: pixels, frame: index, distance: distance))
    }
    return result.sorted { $0.distance < $1.distance }
  }

  /// The stickers ahead of the overdraw band in the scroll's direction, nearest first, with the
  /// distance (points) at which each lies beyond the band and the pixel size the view will ask for.
  /// A frame to decode ahead: which sticker, at what size, which frame, and how far ahead (points).
  private struct Candidate {
    var name: String
    var pixelSize: Int
    var frame: Int
    var distance: Double
  }

  private func candidates(in view: ChatTextView) -> [Candidate] {
    let manager = view.textContentManager
    guard let range = view.textViewportLayoutController.viewportRange,
      let first = manager.index(of: range.location), let last = manager.index(of: range.endLocation)
    else { return [] }
    let forward = velocity > 0
    let reach = abs(velocity) * lookAheadSeconds
    let step = forward ? 1 : -1
    var index = forward ? last + 1 : first - 1
    var distance = 0.0
    var result: [Candidate] = []
    var seen: Set<FrameCacheKey> = []
    for _ in 0..<maximumMessagesAhead {
      guard distance <= reach, index >= 0, index < manager.paragraphCount, let paragraph = manager.paragraph(at: index)
      else { break }
      for case let sticker as StickerAttachment in paragraph.attributedString.attachments {
        let pixels = Int((min(sticker.bounds.width, sticker.bounds.height) * view.renderer.scale).rounded())
        guard seen.insert(FrameCacheKey(asset: sticker.stickerName, pixelSize: pixels, frameIndex: 0)).inserted
        else { continue }
        result.append(Candidate(name: sticker.stickerName, pixelSize: pixels, frame: 0, distance: distance))
      }
      distance += Self.estimatedHeight(of: paragraph)
      index += step
    }
    return result
  }

  /// Asks for candidates nearest first while they fit before `deadline`.
  private func request(_ candidates: [Candidate], now: Double, deadline: Double) -> Int {
    var asked = 0
    let nextFrame = abs(velocity) / 60  // what scrolls in during the next frame is asked for regardless
    for candidate in candidates where asked < maximumPerFrame {
      let measured = measuresDecodeCost ? runtime.averageDecodeCost(named: candidate.name) : nil
      let cost = measured ?? assumedDecodeCost
      let queued = Double(runtime.prefetchesOutstanding + 1) / Double(max(1, runtime.decoders))
      let fits = now + cost * queued <= deadline
      guard fits || candidate.distance <= nextFrame else { break }
      let outcome = runtime.prefetch(named: candidate.name, pixelSize: candidate.pixelSize, frame: candidate.frame)
      if outcome == .requested { asked += 1 }
    }
    return asked
  }

  /// Moves the runtime's counts of prefetched, wasted and unseen frames since the last call into `instrumentation`.
  /// - Parameter instrumentation: The chat view's counters.
  public func record(into instrumentation: Instrumentation) {
    let now = (
      runtime.frameWork.prefetched, runtime.frameCache.prefetchedFramesWasted, runtime.frameWork.decodedWhileUnseen
    )
    instrumentation.add(now.0 - counted.prefetched, to: .framesPrefetched)
    instrumentation.add(now.1 - counted.wasted, to: .prefetchedFramesWasted)
    instrumentation.add(now.2 - counted.unseen, to: .framesDecodedWhileUnseen)
    counted = now
  }

  /// A message's height without laying it out: a bubble's padding, a line per 40 characters, and
  /// its attachments' heights; a rough figure that only sets how far ahead to read.
  static func estimatedHeight(of paragraph: TextParagraph) -> Double {
    let attachments = paragraph.attributedString.attachments
    let tallest = attachments.map(\.bounds.height).max() ?? 0
    let lines = max(1, Double(paragraph.length - attachments.count) / 40)
    return 24 + lines * 20 + max(0, tallest - 20)
  }
}
