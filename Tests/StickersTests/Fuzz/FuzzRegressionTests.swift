import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

@testable import Stickers

/// The sticker files `make fuzz-parsers` found a crash, hang or broken invariant with
/// (`Tests/Fuzz/Regressions/sticker/`), through the whole decode path in process, as the fuzz target
/// feeds them: each is refused with a reason, or plays with frames that fill the square asked for.
@Suite struct FuzzRegressionTests {
  static let inputs = RepositoryAssets.fuzzRegressions(of: "sticker")

  @Test func theRegressionInputsAreHere() {
    let names = Set(Self.inputs.map(\.lastPathComponent))
    #expect(names.isSuperset(of: ["sdl-image-gif-lzw-wild-write.gif", "png-canvas-bytes-overflow.png"]))
  }

  @Test(arguments: inputs)
  func anInputFoundByTheFuzzerLoadsOrIsRefused(file: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: file))
    let kind = try #require(StickerAsset.detect(bytes))
    var limits = StickerLimits.default
    limits.maxDecodedBytes = 8 << 20
    limits.maxDecodedPixels = 16 << 20
    let strip = kind == .frameStrip ? StickerAsset.StripLayout(frameCount: Int(bytes[0] % 8) + 1, frameRate: 12) : nil
    let loaded: StickerLoader.Loaded
    do {
      loaded = try StickerLoader.load(bytes, kind: kind, strip: strip, limits: limits)
    } catch {
      // Refused with a typed reason (the throw is typed): what is checked is that it got here.
      return
    }
    let player = loaded.player
    #expect(player.frameCount >= 1)
    for frame in [0, player.frameCount / 2, player.frameCount - 1] {
      let image = player.render(frame: frame, pixelSize: 32)
      #expect((1...32).contains(image.width) && (1...32).contains(image.height))
      #expect(image.pixels.count == image.width * image.height * 4)
    }
  }

  /// The GIF whose LZW data made SDL2_image 2.6 write far out of bounds (a crash in the worker; its
  /// first frame uses code 283 before the table defines it) is refused, naming the code: its frames
  /// are decoded in Swift, never by SDL2_image.
  @Test func theGIFThatBrokeSDLImageIsRefusedWithItsReason() throws {
    let file = RepositoryAssets.fuzzRegressions.appendingPathComponent("sticker/sdl-image-gif-lzw-wild-write.gif")
    let bytes = try [UInt8](Data(contentsOf: file))
    let structure = try GIFStructure(bytes: bytes, limits: .default)
    #expect(structure.frames.count == 2 && structure.width == 100 && structure.height == 100)
    #expect(throws: StickerError.Reason.malformed("GIF frame: LZW code 283 is not defined yet")) {
      _ = try StickerLoader.load(bytes, kind: .gif, strip: nil, limits: .default)
    }
  }
}
