import AnimationRuntime
import CSDL2
import Foundation
import Stickers
import Testing

@Suite struct PlayerTests {
  @Test func libraryHasTheRequiredStickers() throws {
    let library = try StickerFixtures.library()
    #expect(library.assets.count >= 8)
    for name in ["party", "wave", "heart", "fire"] { #expect(library[name] != nil) }
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    let kinds = library.names.map { runtime.status(named: $0).kind }
    #expect(kinds.filter { $0 == "lottie" }.count >= 6)
    #expect(kinds.contains("gif") && kinds.contains("frameStrip"))
    for asset in library.assets {
      let rate = try runtime.player(named: asset.name).makeAnimationState(clock: ManualClock()).frameRate
      #expect(
        abs(rate - 30) < 0.01 || abs(rate - 60) < 0.01 || abs(rate - 10) < 0.01 || abs(rate - 12) < 0.01,
        "\(asset.name): \(rate)")
      let size = try FileManager.default.attributesOfItem(atPath: asset.file.path)[.size] as? Int
      #expect((size ?? .max) < 64 * 1024, "\(asset.name) is \(size ?? -1) bytes")
    }
  }

  @Test(arguments: [32, 64, 160])
  func everyStickerRendersVisibleChangingFrames(pixelSize: Int) throws {
    let clock = ManualClock()
    let runtime = try StickerFixtures.runtime(clock: clock)
    for asset in runtime.library.assets {
      let provider = StickerFixtures.provider(for: StickerAttachment(asset: asset, runtime: runtime))
      provider.load(recordingTo: nil)
      let view = try #require(provider.view as? StickerView)
      #expect(!view.isPlaceholder, "\(asset.name): \(view.failureReason ?? "")")
      #expect(view.animationState.frameCount >= 2, "\(asset.name)")
      let first = try #require(view.currentFrame(pixelSize: pixelSize))
      #expect(first.width == pixelSize && first.height == pixelSize)
      #expect(!first.isBlank, "\(asset.name) frame 0 is blank at \(pixelSize) px")
      clock.advance(by: view.animationState.loopDuration / 3)
      #expect(view.animationState.frameIndex > 0)
      let later = try #require(view.currentFrame(pixelSize: pixelSize))
      #expect(!later.isBlank)
      #expect(first != later, "\(asset.name) frames 0 and \(view.animationState.frameIndex) are identical")
    }
  }

  @Test func lottieOutputIsStraightAlphaRGBA() throws {
    let library = try StickerFixtures.library(
      files: ["solid.json": Array(StickerFixtures.solidLottie(colour: [1, 0.5, 0, 1], opacity: 50).utf8)],
      entries: [("solid", "solid.json", "lottie", 10)])
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: runtime))
    provider.load(recordingTo: nil)
    let image = try #require((provider.view as? StickerView)?.currentFrame(pixelSize: 8))
    let pixel = try #require(image.pixel(x: 4, y: 4))
    // Premultiplied output would read (128, 64, 0, 128); straight alpha keeps the full colour.
    #expect(pixel.r >= 254)
    #expect((126...129).contains(pixel.g))
    #expect(pixel.b == 0)
    #expect((126...129).contains(pixel.a))
  }

  @Test func sdlBlendsTheFramesCorrectlyOverWhite() throws {
    let library = try StickerFixtures.library(
      files: ["solid.json": Array(StickerFixtures.solidLottie(colour: [0, 0, 1, 1], opacity: 50).utf8)],
      entries: [("solid", "solid.json", "lottie", 10)])
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: runtime))
    provider.load(recordingTo: nil)
    var image = try #require((provider.view as? StickerView)?.currentFrame(pixelSize: 4))
    let format = UInt32(SDL_PIXELFORMAT_ABGR8888.rawValue)  // SDL_PIXELFORMAT_RGBA32 on little-endian hosts
    let target = try #require(SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, format))
    defer { SDL_FreeSurface(target) }
    #expect(SDL_FillRect(target, nil, SDL_MapRGBA(target.pointee.format, 255, 255, 255, 255)) == 0)
    try image.pixels.withUnsafeMutableBytes { bytes in
      let source = try #require(SDL_CreateRGBSurfaceWithFormatFrom(bytes.baseAddress, 4, 4, 32, 16, format))
      defer { SDL_FreeSurface(source) }
      #expect(SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND) == 0)
      #expect(SDL_UpperBlit(source, nil, target, nil) == 0)
    }
    let blended = try #require(target.pointee.pixels).assumingMemoryBound(to: UInt8.self)
    // Half-transparent blue over white is (127, 127, 255); premultiplied input would give (127, 127, 191).
    #expect((126...129).contains(blended[0]))
    #expect((126...129).contains(blended[1]))
    #expect(blended[2] >= 250)
  }

  @Test func gifDelaysDriveTheAnimationState() throws {
    let runtime = try StickerFixtures.runtime(clock: ManualClock())
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "spinner", runtime: runtime))
    provider.load(recordingTo: nil)
    let state = try #require((provider.view as? StickerView)?.animationState)
    // The generator writes delays of 3, 3, 4 centiseconds: 30 frames in exactly one second.
    #expect(state.frameCount == 30)
    #expect(abs(state.loopDuration - 1.0) < 1e-9)
    #expect(abs(state.frameRate - 30) < 1e-9)
  }

  @Test func downscaledRasterFramesStayOpaqueInTheMiddle() throws {
    let runtime = try StickerFixtures.runtime(clock: ManualClock())
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "bounce", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    let large = try #require(view.currentFrame(pixelSize: 96))
    let small = try #require(view.currentFrame(pixelSize: 32))
    let opaqueLarge = stride(from: 3, to: large.pixels.count, by: 4).filter { large.pixels[$0] == 255 }.count
    let opaqueSmall = stride(from: 3, to: small.pixels.count, by: 4).filter { small.pixels[$0] >= 250 }.count
    #expect(opaqueSmall > 0)
    // Area is preserved within a loose margin when shrinking by 3×.
    #expect(abs(Double(opaqueSmall) * 9 - Double(opaqueLarge)) < Double(opaqueLarge) * 0.5)
  }
}
