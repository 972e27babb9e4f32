import ReuseKitSupport
import Testing

@testable import Stickers

/// Views of one sticker play at their own frames, so a raster source is asked for frames out of
/// order; a jump back decodes from the nearest kept canvas, not from the loop's start.
@Suite struct RasterSeekTests {
  /// A 4×4 animation of `count` frames: frame i paints a 2×2 square somewhere with colour i, with
  /// each disposal in turn, so the canvas after frame i depends on every frame before it.
  private func source(frames count: Int, decodes: @escaping () -> Void) -> CompositedFrames {
    let disposals: [CompositedFrames.Disposal] = [.keep, .clear, .restorePrevious, .keep]
    let frames = (0..<count).map { index in
      CompositedFrames.Frame(
        encoded: [UInt8(index)], x: index % 3, y: (index / 3) % 3, width: 2, height: 2, blendsOver: index % 2 == 0,
        disposal: disposals[index % disposals.count])
    }
    return CompositedFrames(width: 4, height: 4, frames: frames) { encoded in
      decodes()
      let value = UInt32(encoded[0]) * 8
      return RGBAImage(width: 2, height: 2, fill: 0x8000_0000 | value << 16 | value)
    }
  }

  @Test func aJumpBackDecodesFromTheNearestKeptCanvasWithTheSamePixels() {
    var decodes = 0
    let seeking = source(frames: 30) { decodes += 1 }
    var unused = 0
    _ = seeking.canvas(at: 29)
    #expect(decodes == 30, "the first pass decodes every frame once")
    #expect(seeking.checkpointStride == 1, "30 canvases of 64 bytes fit the budget")
    for target in [3, 20, 10, 0, 29, 17] {
      let before = decodes
      let image = seeking.canvas(at: target)
      #expect(decodes - before <= 1, "frame \(target): \(decodes - before) decodes")
      // The pixels match a fresh source played straight to the frame.
      let fresh = source(frames: 30) { unused += 1 }
      #expect(image == fresh.canvas(at: target), "frame \(target)")
    }
  }

  @Test func aCanvasLargerThanTheBudgetIsNeverKept() {
    let side = 2_048  // 16 MiB: over the 8 MiB budget
    let frames = (0..<3).map { _ in
      CompositedFrames.Frame(encoded: [0], x: 0, y: 0, width: 1, height: 1, blendsOver: true, disposal: .keep)
    }
    let big = CompositedFrames(width: side, height: side, frames: frames) { _ in RGBAImage(width: 1, height: 1) }
    #expect(big.checkpointStride == Int.max)
    _ = big.canvas(at: 2)
    _ = big.canvas(at: 1)
    #expect(big.framesDecoded == 5, "from the loop's start: 3, then 2")
  }
}
