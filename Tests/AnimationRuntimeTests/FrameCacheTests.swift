import AnimationRuntime
import ReuseKitSupport
import Testing

@Suite struct FrameCacheTests {
  private func image(side: Int, fill: UInt8) -> RGBAImage {
    RGBAImage(width: side, height: side, pixels: [UInt8](repeating: fill, count: side * side * 4))
  }

  private func key(_ frame: Int, asset: String = "a", size: Int = 4) -> FrameCacheKey {
    FrameCacheKey(asset: asset, pixelSize: size, frameIndex: frame)
  }

  @Test func rendersEachFrameOnceWhileCached() {
    let cache = FrameCache(capacityBytes: 1 << 20)
    var renders = 0
    for _ in 0..<5 {
      for frame in 0..<10 {
        _ = cache.image(for: key(frame)) {
          renders += 1
          return image(side: 4, fill: UInt8(frame))
        }
      }
    }
    #expect(renders == 10)
    #expect(cache.decodes == 10)
    #expect(cache.hits == 40)
    #expect(cache.bytes == 10 * 64)
    #expect(cache.evictions == 0)
  }

  @Test func keysSeparateAssetsSizesAndFrames() {
    let cache = FrameCache()
    let keys = [key(0), key(1), key(0, asset: "b"), key(0, size: 8)]
    for (n, key) in keys.enumerated() { _ = cache.image(for: key) { image(side: 2, fill: UInt8(n)) } }
    #expect(cache.decodes == 4)
    for (n, key) in keys.enumerated() {
      #expect(cache.image(for: key) { image(side: 2, fill: 99) } == image(side: 2, fill: UInt8(n)))
    }
    #expect(cache.hits == 4)
  }

  @Test func evictsLeastRecentlyUsedByBytes() {
    let cache = FrameCache(capacityBytes: 3 * 64)
    for frame in 0..<3 { _ = cache.image(for: key(frame)) { image(side: 4, fill: 1) } }
    _ = cache.image(for: key(0)) { image(side: 4, fill: 1) }  // 0 is now the newest; 1 the oldest
    _ = cache.image(for: key(3)) { image(side: 4, fill: 1) }
    #expect(cache.evictions == 1)
    #expect(!cache.contains(key(1)))
    #expect(cache.contains(key(0)) && cache.contains(key(2)) && cache.contains(key(3)))
    #expect(cache.bytes == 3 * 64)
    // A 144-byte frame evicts as many as needed: all three 64-byte frames.
    _ = cache.image(for: key(9, size: 8)) { image(side: 6, fill: 1) }
    #expect(cache.bytes == 144)
    #expect(cache.count == 1 && cache.contains(key(9, size: 8)))
    #expect(cache.evictions == 4)
  }

  @Test func framesLargerThanTheCapacityAreNotCached() {
    let cache = FrameCache(capacityBytes: 10)
    _ = cache.image(for: key(0)) { image(side: 4, fill: 1) }
    _ = cache.image(for: key(0)) { image(side: 4, fill: 1) }
    #expect(cache.decodes == 2)
    #expect(cache.bytes == 0)
  }

  @Test func loweringTheCapacityEvictsAtOnce() {
    let cache = FrameCache(capacityBytes: 1000)
    for frame in 0..<10 { _ = cache.image(for: key(frame)) { image(side: 2, fill: 1) } }
    cache.capacityBytes = 32
    #expect(cache.count == 2)
    #expect(cache.contains(key(8)) && cache.contains(key(9)))
  }
}
