import AnimationRuntime
import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Stickers
import Testing

/// Raster compositing and Lottie clean-up, on small files built here.
@Suite struct CompositingTests {
  /// LZW data (minimum code size 2) for `pixels` palette indices, written as 3-bit literal codes
  /// with a clear code every two pixels, so the code size never grows.
  private static func lzw(_ pixels: [UInt8]) -> [UInt8] {
    var codes: [Int] = []
    for (index, pixel) in pixels.enumerated() {
      if index % 2 == 0 { codes.append(4) }
      codes.append(Int(pixel))
    }
    codes.append(5)
    var bytes: [UInt8] = []
    var accumulator = 0
    var bits = 0
    for code in codes {
      accumulator |= code << bits
      bits += 3
      while bits >= 8 {
        bytes.append(UInt8(accumulator & 0xFF))
        accumulator >>= 8
        bits -= 8
      }
    }
    if bits > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
    return [2, UInt8(bytes.count)] + bytes + [0]
  }

  /// A 4×4 GIF (palette: 0 black, 1 red; index 0 transparent): frame 0 a red 2×2 square at 0,0
  /// disposed to background, frame 1 one red pixel at 3,3 — and a frame 2 spilling past the canvas.
  static func disposalGIF() -> [UInt8] {
    var gif = Array("GIF89a".utf8) + [4, 0, 4, 0, 0x80, 0, 0] + [0, 0, 0, 255, 0, 0]
    func frame(disposal: UInt8, x: UInt8, y: UInt8, width: UInt8, height: UInt8) {
      gif += [0x21, 0xF9, 4, disposal << 2 | 1, 10, 0, 0, 0]
      gif += [0x2C, x, 0, y, 0, width, 0, height, 0, 0]
      gif += lzw(Array(repeating: 1, count: Int(width) * Int(height)))
    }
    frame(disposal: 2, x: 0, y: 0, width: 2, height: 2)
    frame(disposal: 1, x: 3, y: 3, width: 1, height: 1)
    frame(disposal: 1, x: 3, y: 0, width: 2, height: 1)
    return gif + [0x3B]
  }

  private func player(_ bytes: [UInt8], file: String) throws -> (StickerRuntime, StickerView) {
    let directory = RepositoryAssets.temporaryDirectory()
    let url = directory.appendingPathComponent(file)
    try Data(bytes).write(to: url)
    let runtime = StickerRuntime(
      clock: ManualClock(), library: StickerLibrary(directory: directory, assets: [StickerAsset(name: "x", file: url)]))
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "x", runtime: runtime))
    provider.load(recordingTo: nil)
    return (runtime, try #require(provider.view as? StickerView))
  }

  @Test func disposalToBackgroundLeavesTransparencyNotBlack() throws {
    let (runtime, view) = try player(Self.disposalGIF(), file: "disposal.gif")
    #expect(!view.isPlaceholder, "\(view.failureReason ?? "")")
    #expect(view.animationState.frameCount == 3)
    let first = try runtime.player(named: "x").render(frame: 0, pixelSize: 4)
    #expect(first.pixel(x: 0, y: 0)! == (255, 0, 0, 255))
    #expect(first.pixel(x: 3, y: 3)!.a == 0)
    let second = try runtime.player(named: "x").render(frame: 1, pixelSize: 4)
    #expect(second.pixel(x: 0, y: 0)!.a == 0, "the disposed square must be transparent, not black")
    #expect(second.pixel(x: 1, y: 1)!.a == 0)
    #expect(second.pixel(x: 3, y: 3)! == (255, 0, 0, 255))
    // The third frame spills past the right edge: it is clipped, not refused.
    let third = try runtime.player(named: "x").render(frame: 2, pixelSize: 4)
    #expect(third.pixel(x: 3, y: 0)! == (255, 0, 0, 255))
    #expect(third.pixel(x: 3, y: 3)! == (255, 0, 0, 255))
  }

  @Test func wholeNumberFloatsAreWrittenAsIntegersOutsideStrings() throws {
    let solid = StickerFixtures.solidLottie()
      .replacingOccurrences(of: "\"w\":16,\"h\":16", with: "\"w\":16.0,\"h\":1.6e1")
      .replacingOccurrences(of: "\"v\":\"5.5.2\"", with: "\"v\":\"5.0\",\"nm\":\"24.0 \\\" 3.0\"")
    let (runtime, view) = try player(Array(solid.utf8), file: "floats.json")
    #expect(!view.isPlaceholder, "\(view.failureReason ?? "")")
    #expect(runtime.status(named: "x").status == .ok)
    #expect(!(view.currentFrame(pixelSize: 16)?.isBlank ?? true))
  }

  @Test func embeddedImagesPlayAndExternalOnesAreRefusedUnread() throws {
    let png = Data(
      base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
    let embedded = StickerFixtures.solidLottie().replacingOccurrences(
      of: "\"assets\":[]",
      with:
        "\"assets\":[{\"id\":\"i\",\"w\":1,\"h\":1,\"e\":1,\"u\":\"\",\"p\":\"data:image/png;base64,\(png.base64EncodedString())\"}]"
    )
    #expect(try player(Array(embedded.utf8), file: "embedded.json").1.isPlaceholder == false)
    let external = StickerFixtures.solidLottie().replacingOccurrences(
      of: "\"assets\":[]", with: "\"assets\":[{\"id\":\"i\",\"w\":1,\"h\":1,\"u\":\"/etc/\",\"p\":\"shadow\"}]")
    let refused = try player(Array(external.utf8), file: "external.json").1
    #expect(refused.failureReason?.contains("names an external image file '/etc/shadow'") == true)
    #expect(refused.failureReason?.contains("never read") == true)
  }
}
