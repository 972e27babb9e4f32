import Instrumentation
import TextEngine

/// What the HUD shows in one frame.
public struct HUDSnapshot: Equatable, Sendable {
  /// The instrumentation totals.
  public var counters: Counters
  /// Frames per second, as measured by the caller.
  public var fps: Double
  /// The time one frame took, in seconds.
  public var frameTime: Double
  /// Frames drawn so far.
  public var framesRendered: Int
  /// The sticker policy in force (since the last pass).
  public var policy: TextAttachmentViewProviderReusePolicy
  /// Whether resets flash.
  public var flashesResets: Bool
  /// The scroll cache's bound (the chat sets one; Apple's default is unbounded).
  public var scrollCache: ReuseCacheConfiguration
  /// The views in the scroll cache now.
  public var cachedViews: Int
  /// The window's renderer and why it was picked (`SDLRenderer.Selection.summary`), or `nil` for a
  /// view with no window (no row then).
  public var renderer: String?

  /// Creates a snapshot of what the HUD shows.
  /// - Parameters:
  ///   - counters: The instrumentation totals.
  ///   - fps: Frames per second.
  ///   - frameTime: The time one frame took, in seconds.
  ///   - framesRendered: Frames drawn so far.
  ///   - policy: The sticker policy in force.
  ///   - flashesResets: Whether resets flash.
  ///   - scrollCache: The scroll cache's configuration.
  ///   - cachedViews: The views in the scroll cache now.
  public init(
    counters: Counters, fps: Double, frameTime: Double, framesRendered: Int,
    policy: TextAttachmentViewProviderReusePolicy, flashesResets: Bool,
    scrollCache: ReuseCacheConfiguration = .unbounded, cachedViews: Int = 0
  ) {
    self.counters = counters
    self.fps = fps
    self.frameTime = frameTime
    self.framesRendered = framesRendered
    self.policy = policy
    self.flashesResets = flashesResets
    self.scrollCache = scrollCache
    self.cachedViews = cachedViews
  }

  /// The HUD's rows: a label and a value each, the counters last.
  public var rows: [(label: String, value: String)] {
    func onOff(_ on: Bool) -> String { on ? "on" : "off" }
    var rows: [(String, String)] = [
      ("fps", fps.formatted(decimals: 1)),
      ("frame time", (frameTime * 1000).formatted(decimals: 2) + " ms"),
      ("frames", String(framesRendered)),
      ("F2  onEditingInlineParagraphs", onOff(policy.contains(.onEditingInlineParagraphs))),
      ("F3  onScrollingOutOfViewport", onOff(policy.contains(.onScrollingOutOfViewport))),
      ("F4  flash resets", onOff(flashesResets)),
      ("scroll cache", "\(cachedViews) of \(scrollCache)"),
    ]
    if let renderer { rows.append(("renderer", renderer)) }
    for counter in Counter.allCases where !Counter.frameCounters.contains(counter) {
      rows.append((counter.rawValue, String(counters[counter])))
    }
    return rows + frameRows
  }

  /// What a person saw of sticker frames, a row a subject: blank sticker pixels (pixel-frames, in
  /// how many frames, the worst frame), late frames, prefetching, decoding unseen, the frame cache.
  private var frameRows: [(label: String, value: String)] {
    let c = counters
    return [
      ("blank px·frames / frames", "\(c.blankStickerPixelFrames) / \(c.blankFrames)"),
      ("maxBlankStickerPixels", String(c.maxBlankStickerPixels)),
      ("stickerFramesLate", String(c.stickerFramesLate)),
      ("prefetch / used / wasted", "\(c.framesPrefetched) / \(c.prefetchedFramesUsed) / \(c.prefetchedFramesWasted)"),
      ("framesDecodedWhileUnseen", String(c.framesDecodedWhileUnseen)),
      ("cache hits / misses", "\(c.frameCacheHits) / \(c.frameCacheMisses)"),
    ]
  }

  /// The rows of the sticker-frame counters, after the reuse counters (several counters a row).
  public static let frameRowCount = 6

  /// The number of rows before the counters, without the renderer's.
  public static let headerRowCount = 7

  /// The number of rows before the counters in this snapshot (the renderer's included).
  public var rowsBeforeCounters: Int { Self.headerRowCount + (renderer == nil ? 0 : 1) }
}

extension Double {
  /// The number with a fixed number of decimals (no locale), for example `16.67`.
  fileprivate func formatted(decimals: Int) -> String {
    guard isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(self) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(scaled % Int(scale))
    let padded = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
    return (self < 0 && scaled > 0 ? "-" : "") + (decimals > 0 ? "\(whole).\(padded)" : "\(whole)")
  }
}
