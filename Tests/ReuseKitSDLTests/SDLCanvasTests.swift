import Foundation
import ReuseKitSupport
import SDLSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

@Suite @MainActor struct SDLCanvasTests {
  private func red(_ pixel: UInt32) -> Int { Int((pixel >> 16) & 0xFF) }

  @Test func roundedRectLeavesCornersOpenAndIsMirrorSymmetric() throws {
    _ = try SDLContext()
    let renderer = try SDLRenderer.offscreen(width: 40, height: 30)
    renderer.clear(TextColor(red: 0, green: 0, blue: 0))
    try SDLCanvas(renderer: renderer).fillRoundedRect(
      CGRect(x: 5, y: 5, width: 30, height: 20), radius: 8, color: TextColor(red: 255, green: 255, blue: 255))
    renderer.present()
    let image = try renderer.readPixels()
    #expect(red(image[5, 5]) < 40)  // the corner pixel is outside the arc
    #expect(red(image[20, 15]) == 255)  // the middle is filled
    #expect(red(image[5, 15]) == 255)  // the middle of the left edge is filled
    #expect(red(image[4, 15]) == 0)  // nothing spills outside
    let partial = red(image[6, 7])
    #expect(partial > 0 && partial < 255, "the arc is anti-aliased")
    for y in 5..<25 {
      for x in 5..<20 {
        #expect(image[x, y] == image[39 - x, y], "mirror at (\(x), \(y))")
        #expect(image[x, y] == image[x, 29 - y], "mirror at (\(x), \(y))")
      }
    }
  }

  @Test func translucentRoundedRectHasNoSeamsBetweenItsPieces() throws {
    _ = try SDLContext()
    let renderer = try SDLRenderer.offscreen(width: 40, height: 40)
    renderer.clear(TextColor(red: 0, green: 0, blue: 0))
    try SDLCanvas(renderer: renderer).fillRoundedRect(
      CGRect(x: 0, y: 0, width: 40, height: 40), radius: 10,
      color: TextColor(red: 255, green: 255, blue: 255, alpha: 128))
    renderer.present()
    let image = try renderer.readPixels()
    // Where corner pieces meet the fills (x = 10, y = 10) the value equals the plain middle.
    let middle = image[20, 20]
    #expect(image[10, 5] == middle && image[9, 15] == middle && image[10, 10] == middle && image[30, 30] == middle)
  }

  @Test func strokeRectDrawsOnlyTheBorderInsideTheRect() throws {
    _ = try SDLContext()
    let renderer = try SDLRenderer.offscreen(width: 20, height: 20)
    renderer.clear(TextColor(red: 0, green: 0, blue: 0))
    SDLCanvas(renderer: renderer).strokeRect(
      CGRect(x: 2, y: 2, width: 10, height: 8), lineWidth: 2, color: TextColor(red: 255, green: 0, blue: 0))
    renderer.present()
    let image = try renderer.readPixels()
    #expect(red(image[2, 2]) == 255 && red(image[11, 9]) == 255 && red(image[3, 6]) == 255)
    #expect(red(image[4, 4]) == 0)  // inside is untouched
    #expect(red(image[12, 5]) == 0 && red(image[1, 5]) == 0)  // outside is untouched
  }

  /// A shadow filled only where its bubble does not cover it, then the bubble, gives the pixels
  /// of the whole shadow then the bubble: at 1× and 1.5×, unclipped and clipped to bands.
  @Test(arguments: [1.0, 1.5])
  func aFillUnderAnOpaqueCoverDrawsThePixelsOfAWholeFill(scale: Double) throws {
    _ = try SDLContext()
    let shadow = TextColor(red: 0, green: 0, blue: 0, alpha: 40)
    let bubble = TextColor(red: 240, green: 250, blue: 255)
    let rect = CGRect(x: 6.5, y: 5, width: 41, height: 30)
    let clips: [CGRect?] = [
      nil, CGRect(x: 0, y: 20, width: 60, height: 24), CGRect(x: 20, y: 10, width: 10, height: 10),
    ]
    for clip in clips {
      var images: [RGBAImage] = []
      for covered in [false, true] {
        let renderer = try SDLRenderer.offscreen(width: 90, height: 75)
        renderer.scale = scale
        renderer.clear(TextColor(red: 200, green: 120, blue: 60))
        renderer.setClip(clip)
        let canvas = SDLCanvas(renderer: renderer)
        if covered {
          try canvas.fillRoundedRect(
            rect.offsetBy(dx: 0, dy: 1), radius: 9, color: shadow, under: rect, coverRadius: 9)
          let restored = renderer.clipPixels.map { [$0.x, $0.y, $0.w, $0.h] }
          #expect(restored == clip.map(renderer.pixels).map { [$0.x, $0.y, $0.w, $0.h] }, "the clip is restored")
        } else {
          try canvas.fillRoundedRect(rect.offsetBy(dx: 0, dy: 1), radius: 9, color: shadow)
        }
        try canvas.fillRoundedRect(rect, radius: 9, color: bubble)
        renderer.setClip(nil)
        renderer.present()
        images.append(try renderer.readPixels())
      }
      #expect(images[0].pixels == images[1].pixels, "clip \(String(describing: clip))")
    }
  }
}
