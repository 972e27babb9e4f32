import ReuseKitSupport

/// Rendered sticker frames shared by every view and player of a runtime (or of several runtimes),
/// keyed by (asset, pixel size, frame index), bounded in bytes, evicting the least recently used.
///
/// A frame is rendered at most once while it stays cached. Frames larger than the whole capacity
/// are returned without being cached. Not thread-safe: use it from the rendering thread.
///
/// The default capacity, ``defaultCapacityBytes`` (48 MiB), holds every frame of the eight
/// library stickers at 128 px (450 frames, 28.1 MiB) with room to spare, so a chat showing them at one
/// size renders each frame once; measured with `StickerBenchmark`.
public final class FrameCache {
  /// 48 MiB.
  public static let defaultCapacityBytes = 48 << 20

  /// The most bytes of pixels kept; lowering it evicts at once.
  public var capacityBytes: Int {
    get { frames.costLimit }
    set {
      frames.costLimit = max(0, newValue)
      let gone = unshownPrefetches.filter { !frames.contains($0) }
      prefetchedFramesWasted += gone.count
      unshownPrefetches.subtract(gone)
    }
  }
  /// Frames rendered because they were not cached.
  public private(set) var decodes = 0
  /// Requests answered from the cache.
  public private(set) var hits = 0
  /// Frames dropped to stay within ``capacityBytes``.
  public var evictions: Int { frames.evictions }
  /// Bytes of pixels held now.
  public var bytes: Int { frames.totalCost }
  /// Frames held now.
  public var count: Int { frames.count }

  /// Frames inserted by a prefetch and not shown yet.
  public var unshownPrefetchedFrames: Int { unshownPrefetches.count }
  /// Prefetched frames evicted, or replaced, before any view showed them.
  public private(set) var prefetchedFramesWasted = 0

  private var frames: LRUCache<FrameCacheKey, RGBAImage>
  private var unshownPrefetches: Set<FrameCacheKey> = []

  /// Creates an empty cache.
  /// - Parameter capacityBytes: The most bytes of pixels kept (default ``defaultCapacityBytes``).
  public init(capacityBytes: Int = FrameCache.defaultCapacityBytes) {
    frames = LRUCache(costLimit: max(0, capacityBytes))
  }

  /// The cached frame for `key`, rendering and caching it first when missing.
  /// - Parameters:
  ///   - key: Which frame.
  ///   - render: Renders the frame; called only on a miss.
  /// - Returns: The frame.
  /// - Complexity: O(1) amortized, plus `render` on a miss.
  public func image(for key: FrameCacheKey, render: () throws -> RGBAImage) rethrows -> RGBAImage {
    if let image = frames.value(for: key) {
      hits += 1
      return image
    }
    let image = try render()
    decodes += 1
    frames.insert(image, for: key, cost: image.byteCount)  // larger than the whole capacity: not kept
    return image
  }

  /// The cached frame for `key`, counted as a hit, or `nil` (not counted) when missing.
  /// - Complexity: O(1).
  public func cachedImage(for key: FrameCacheKey) -> RGBAImage? {
    guard let image = frames.value(for: key) else { return nil }
    hits += 1
    return image
  }

  /// Caches a frame rendered elsewhere (by a sticker worker), counted as a decode.
  /// - Parameters:
  ///   - image: The frame.
  ///   - key: Which frame.
  /// - Complexity: O(1) amortized.
  public func insert(_ image: RGBAImage, for key: FrameCacheKey) {
    insert(image, for: key, prefetched: false)
  }

  /// Caches a frame rendered elsewhere, counted as a decode; a prefetched one is remembered until a
  /// view shows it (``takePrefetchedMark(for:)``), and counted in ``prefetchedFramesWasted`` if it
  /// leaves the cache first.
  /// - Parameters:
  ///   - image: The frame.
  ///   - key: Which frame.
  ///   - prefetched: Whether it was decoded ahead of any view asking for it.
  /// - Complexity: O(1) amortized, plus O(unshown prefetched frames) when the insert evicted frames.
  public func insert(_ image: RGBAImage, for key: FrameCacheKey, prefetched: Bool) {
    decodes += 1
    let evictionsBefore = frames.evictions
    frames.insert(image, for: key, cost: image.byteCount)
    if prefetched, frames.contains(key) {
      unshownPrefetches.insert(key)
    } else {
      unshownPrefetches.remove(key)
    }
    guard frames.evictions != evictionsBefore, !unshownPrefetches.isEmpty else { return }
    let gone = unshownPrefetches.filter { !frames.contains($0) }
    prefetchedFramesWasted += gone.count
    unshownPrefetches.subtract(gone)
  }

  /// Whether `key` was prefetched and not shown until now; the mark is cleared, so the first view
  /// to show a prefetched frame is the only one told so.
  /// - Complexity: O(1).
  public func takePrefetchedMark(for key: FrameCacheKey) -> Bool {
    unshownPrefetches.remove(key) != nil
  }

  /// The frames held, least recently used first.
  /// - Complexity: O(frames held).
  public var keys: [FrameCacheKey] { frames.keys }

  /// Whether `key` is cached; does not count as a use.
  public func contains(_ key: FrameCacheKey) -> Bool { frames.contains(key) }
}
