import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

@testable import Stickers

/// The Swift GIF frame decoder against SDL2_image, frame by frame, on every real GIF.
@Suite struct GIFFrameDecoderTests {
  /// Every GIF of `../shared/real-stickers/gif` and `Assets/Stickers`.
  static let files: [URL] = {
    let real = RealStickers.directory.appendingPathComponent("gif")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: real.path)) ?? []
    return names.filter { $0.hasSuffix(".gif") }.sorted().map { real.appendingPathComponent($0) }
      + [RepositoryAssets.stickers.appendingPathComponent("spinner.gif")]
  }()

  @Test func theRealGIFsAreHere() {
    #expect(Self.files.count == 7)
  }

  /// Each frame's pixels are SDL2_image's (see `differingPixels`).
  @Test(arguments: files.filter { !$0.lastPathComponent.hasPrefix("lottieweb-Example1") })
  func everyFrameMatchesSDLImage(file: URL) throws {
    let structure = try GIFStructure(bytes: try [UInt8](Data(contentsOf: file)), limits: .default)
    #expect(!structure.frames.isEmpty)
    for (index, frame) in structure.frames.enumerated() {
      let differing = try differingPixels(frame.encoded)
      #expect(differing == 0, "\(file.lastPathComponent) frame \(index): \(differing) pixels differ")
    }
  }

  /// The largest real GIF (93 frames of 800×400): its first and last frames match.
  @Test func theLargestGIFsEndsMatch() throws {
    let file = RealStickers.directory.appendingPathComponent("gif/lottieweb-Example1.gif")
    let structure = try GIFStructure(bytes: try [UInt8](Data(contentsOf: file)), limits: .default)
    for frame in [structure.frames[0], structure.frames[structure.frames.count - 1]] {
      #expect(try differingPixels(frame.encoded) == 0)
    }
  }

  /// An LZW stream using a code before the table defines it is refused, with the code named.
  @Test func anUndefinedCodeIsRefused() throws {
    // A 2×1 frame, code size 2 (3-bit codes, least significant bit first): clear (4), pixel 1,
    // then code 7 while the next code to define is 6.
    let gif = oneFrameGIF(width: 2, height: 1, lzw: [0xCC, 0x01])
    #expect(throws: StickerError.Reason.malformed("GIF frame: LZW code 7 is not defined yet")) {
      try GIFFrameDecoder.decode(gif)
    }
  }

  /// Data that ends early leaves the rest of the frame transparent.
  @Test func shortDataLeavesTheRestTransparent() throws {
    // A 4×1 frame, code size 2: clear, pixel 1, then the data ends.
    let image = try GIFFrameDecoder.decode(oneFrameGIF(width: 4, height: 1, lzw: [0x0C]))
    #expect(image.pixels == [255, 0, 0, 255] + [UInt8](repeating: 0, count: 12))
  }

  /// How many pixels of the one-frame GIF `gif` decode differently here and in SDL2_image: a color
  /// differs where SDL2_image's pixel is opaque, or ours is not transparent where SDL2_image's is
  /// (SDL2_image keeps the color of a color-keyed pixel).
  private func differingPixels(_ gif: [UInt8]) throws -> Int {
    let ours = try GIFFrameDecoder.decode(gif)
    let sdl = try SDLImageDecoder.surface(from: gif).rgbaImage()
    #expect(ours.width == sdl.width && ours.height == sdl.height)
    return (0..<min(ours.pixels.count, sdl.pixels.count) / 4).count { pixel in
      let a = ours.pixels[pixel * 4..<pixel * 4 + 4]
      let b = sdl.pixels[pixel * 4..<pixel * 4 + 4]
      return b.last == 0 ? a.last != 0 : !a.elementsEqual(b)
    }
  }

  /// A one-frame GIF as `GIFStructure` assembles it, with a two-color table (black, red) and the
  /// LZW bytes given (code size 2).
  private func oneFrameGIF(width: UInt8, height: UInt8, lzw: [UInt8]) -> [UInt8] {
    Array("GIF89a".utf8) + [width, 0, height, 0, 0x80, 0, 0, 0, 0, 0, 255, 0, 0]
      + [0x2C, 0, 0, 0, 0, width, 0, height, 0, 0, 2, UInt8(lzw.count)] + lzw + [0, 0x3B]
  }
}
