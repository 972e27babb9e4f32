/// Rendered sticker frames shared by every view and player of a runtime (or of several runtimes),
/// keyed by (asset, pixel size, frame index), bounded in bytes, evicting the least recently used.
///
/// A frame is rendered at most once while it stays cached. Frames larger than the whole capacity
/// are returned without being cached. Not thread-safe: use it from the rendering thread.
///
/// The default capacity, ``defaultCapacityBytes`` (48 MiB), holds every frame of the eight
/// library stickers at 128 px (450 frames, 28.1 MiB) with room to spare, so a chat showing them at one
/// size renders each frame once; measured with ``StickerBenchmark``.
public final class FrameCache {
  /// 48 MiB.
  public static let defaultCapacityBytes = 48 << 20

  /// The most bytes of pixels kept; lowering it evicts at once.
  public var capacityBytes: Int {
    didSet { evict(toFit: 0) }
  }
  /// Frames rendered because they were not cached.
  public private(set) var decodes = 0
  /// Requests answered from the cache.
  public private(set) var hits = 0
  /// Frames dropped to stay within ``capacityBytes``.
  public private(set) var evictions = 0
  /// Bytes of pixels held now.
  public private(set) var bytes = 0
  /// Frames held now.
  public var count: Int { index.count }

  private struct Entry {
    var key: FrameCacheKey
    var image: RGBAImage
    var older: Int?
    var newer: Int?
  }

  private var entries: [Entry?] = []
  private var freeSlots: [Int] = []
  private var index: [FrameCacheKey: Int] = [:]
  private var newest: Int?
  private var oldest: Int?

  /// Creates an empty cache.
  /// - Parameter capacityBytes: The most bytes of pixels kept (default ``defaultCapacityBytes``).
  public init(capacityBytes: Int = FrameCache.defaultCapacityBytes) {
    self.capacityBytes = max(0, capacityBytes)
  }

  /// The cached frame for `key`, rendering and caching it first when missing.
  /// - Parameters:
  ///   - key: Which frame.
  ///   - render: Renders the frame; called only on a miss.
  /// - Returns: The frame.
  /// - Complexity: O(1) amortized, plus `render` on a miss.
  public func image(for key: FrameCacheKey, render: () throws -> RGBAImage) rethrows -> RGBAImage {
    if let slot = index[key], let entry = entries[slot] {
      hits += 1
      moveToNewest(slot)
      return entry.image
    }
    let image = try render()
    decodes += 1
    insert(image, for: key)
    return image
  }

  /// Whether `key` is cached; does not count as a use.
  public func contains(_ key: FrameCacheKey) -> Bool { index[key] != nil }

  /// Drops every frame; the counters are kept.
  public func removeAll() {
    entries = []
    freeSlots = []
    index = [:]
    newest = nil
    oldest = nil
    bytes = 0
  }

  private func insert(_ image: RGBAImage, for key: FrameCacheKey) {
    guard image.byteCount <= capacityBytes else { return }
    evict(toFit: image.byteCount)
    let entry = Entry(key: key, image: image, older: newest, newer: nil)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      entries[slot] = entry
    } else {
      slot = entries.count
      entries.append(entry)
    }
    if let newest { entries[newest]?.newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
    index[key] = slot
    bytes += image.byteCount
  }

  private func evict(toFit incoming: Int) {
    while bytes + incoming > capacityBytes, let slot = oldest, let entry = entries[slot] {
      unlink(slot)
      index[entry.key] = nil
      entries[slot] = nil
      freeSlots.append(slot)
      bytes -= entry.image.byteCount
      evictions += 1
    }
  }

  private func moveToNewest(_ slot: Int) {
    guard newest != slot else { return }
    unlink(slot)
    entries[slot]?.older = newest
    entries[slot]?.newer = nil
    if let newest { entries[newest]?.newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
  }

  private func unlink(_ slot: Int) {
    guard let entry = entries[slot] else { return }
    if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
    if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
    entries[slot]?.older = nil
    entries[slot]?.newer = nil
  }
}
