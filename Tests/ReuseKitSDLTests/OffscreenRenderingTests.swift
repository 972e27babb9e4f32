import Foundation
import ReuseKitSupport
import SDLSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

@Suite @MainActor struct OffscreenRenderingTests {
  @Test func clearAndFillProduceExactPixels() throws {
    _ = try SDLContext()
    let renderer = try SDLRenderer.offscreen(width: 8, height: 6)
    renderer.clear(TextColor(red: 10, green: 20, blue: 30))
    renderer.fill(CGRect(x: 2, y: 1, width: 3, height: 2), color: TextColor(red: 200, green: 100, blue: 0))
    renderer.present()
    let image = try renderer.readPixels()
    #expect(image.width == 8 && image.height == 6)
    #expect(image[0, 0] == 0xFF0A_141E)
    #expect(image[2, 1] == 0xFFC8_6400)
    #expect(image[4, 2] == 0xFFC8_6400)
    #expect(image[5, 2] == 0xFF0A_141E)
    #expect(image[2, 3] == 0xFF0A_141E)
  }

  @Test func translucentFillBlendsWithStraightAlpha() throws {
    _ = try SDLContext()
    let renderer = try SDLRenderer.offscreen(width: 2, height: 2)
    renderer.clear(TextColor(red: 0, green: 0, blue: 0))
    renderer.fill(
      CGRect(x: 0, y: 0, width: 2, height: 2), color: TextColor(red: 255, green: 255, blue: 255, alpha: 128))
    let red = (try renderer.readPixels()[1, 1] >> 16) & 0xFF
    #expect((126...130).contains(red))
  }

  @Test func pngRoundTripKeepsEveryPixel() throws {
    _ = try SDLContext()
    var image = RGBAImage(width: 5, height: 3, fill: 0x8011_2233)
    image[4, 2] = 0xFFFF_FFFF
    image[0, 1] = 0x00FF_0000
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("reusekit-\(UUID()).png")
    defer { try? FileManager.default.removeItem(at: url) }
    try image.writePNG(to: url)
    #expect(try RGBAImage(contentsOfPNG: url) == image)
  }

  @Test func loadingAMissingPNGNamesTheFile() throws {
    _ = try SDLContext()
    let url = URL(fileURLWithPath: "/nonexistent/sticker.png")
    let error = #expect(throws: SDLError.self) { try RGBAImage(contentsOfPNG: url) }
    #expect(error?.context.contains("/nonexistent/sticker.png") == true)
    #expect(error?.detail.isEmpty == false)
  }

  @Test func oversizedSurfaceIsRefusedWithAClearError() {
    let error = #expect(throws: SDLError.self) { try SDLSurface(width: 0, height: 10) }
    #expect(error?.description.contains("0x10") == true)
  }

  @Test func premultipliedAndStraightImagesDrawTheSame() throws {
    _ = try SDLContext()
    let straight = RGBAImage(width: 1, height: 1, argb: [0x80FF_8000])
    let premultiplied = RGBAImage(premultipliedARGB: [0x8080_4000], width: 1, height: 1)
    var results: [UInt32] = []
    for image in [straight, premultiplied] {
      let renderer = try SDLRenderer.offscreen(width: 1, height: 1)
      renderer.clear(TextColor(red: 0, green: 0, blue: 255))
      try SDLCanvas(renderer: renderer).draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 1))
      renderer.present()
      results.append(try renderer.readPixels()[0, 0])
    }
    let channelDeltas = [16, 8, 0].map { shift in
      abs(Int((results[0] >> shift) & 0xFF) - Int((results[1] >> shift) & 0xFF))
    }
    #expect(
      channelDeltas.allSatisfy { $0 <= 2 },
      "straight \(String(results[0], radix: 16)) premultiplied \(String(results[1], radix: 16))")
    #expect((results[0] >> 16) & 0xFF > 100)  // the orange really blended in
  }

  @Test func windowRendererWorksWithTheDummyVideoDriver() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let context = try SDLContext(video: true)
    let window = try SDLWindow(context: context, title: "ReuseKit test", width: 64, height: 48)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    #expect(renderer.outputSize == (64, 48))
    renderer.clear(TextColor(red: 1, green: 2, blue: 3))
    #expect(try renderer.readPixels()[10, 10] == 0xFF01_0203)
    window.title = "renamed"
    #expect(window.title == "renamed")
  }

  @Test func windowWithoutVideoContextIsAClearError() throws {
    let context = try SDLContext()
    let error = #expect(throws: SDLError.self) { try SDLWindow(context: context, title: "x", width: 10, height: 10) }
    #expect(error?.detail.contains("without video") == true)
  }
}
