import AnimationRuntime
import Foundation
import ReuseKitSupport
import SDLSupport
import SDLTestSupport
import Stickers
import Testing

/// One frame of every real file that plays, compared with a golden image (over white, 96 px, at
/// 40% of the loop). Re-record after an intended change with
/// `RECORD_GOLDENS=1 SDL_VIDEODRIVER=dummy swift test --filter GoldenImageTests`, then look at the PNGs.
@Suite @MainActor struct RealStickerGoldenImageTests {
  /// `image` drawn over white, as the chat draws it, as an opaque `RGBAImage`.
  static func overWhite(_ image: RGBAImage) -> RGBAImage {
    var pixels = [UInt32](repeating: 0, count: image.width * image.height)
    for index in pixels.indices {
      let alpha = UInt32(image.pixels[index * 4 + 3])
      func channel(_ offset: Int) -> UInt32 {
        (UInt32(image.pixels[index * 4 + offset]) * alpha + 255 * (255 - alpha) + 127) / 255
      }
      pixels[index] = 0xFF00_0000 | channel(0) << 16 | channel(1) << 8 | channel(2)
    }
    return RGBAImage(width: image.width, height: image.height, argb: pixels)
  }

  @Test(arguments: RealStickers.playing)
  func frameMatchesTheGolden(_ item: RealStickers.Case) throws {
    let clock = ManualClock()
    let runtime = RealStickerTests.runtime(item, clock: clock)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: item.name, runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    clock.advance(by: view.animationState.loopDuration * 0.4)
    let frame = try #require(view.currentFrame(pixelSize: 96))
    // Tests/StickersTests/Goldens, beside this folder.
    let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Goldens")
    let verifier = GoldenImageVerifier(directory: goldens)
    let outcome = verifier.verify(Self.overWhite(frame), named: "real-\(item.url.lastPathComponent)")
    #expect(outcome.passed, "\(outcome.message)")
  }
}
