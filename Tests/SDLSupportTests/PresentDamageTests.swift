import CSDL2
import Foundation
import ReuseKitSupport
import SDLSupport
import Testing

/// A software-rendered window pushes to the screen only what was drawn since the last present, and
/// never misses a pixel that changed.
@MainActor
@Suite struct PresentDamageTests {
  @Test func randomRectanglesStayCoveredWithinTheLimit() {
    for seed in UInt64(1)...30 {
      var random = SplitMix64(seed: seed)
      var damage = PresentDamage(limit: Int(random.next() % 6) + 1)
      var drawn = [Bool](repeating: false, count: 80 * 60)
      for _ in 0..<Int(random.next() % 40) + 1 {
        let rect = SDL_Rect(
          x: Int32(random.next() % 80), y: Int32(random.next() % 60), w: Int32(random.next() % 30),
          h: Int32(random.next() % 20))
        damage.add(rect)
        damage.checkInvariants()
        for y in rect.y..<rect.y + rect.h where y < 60 {
          for x in rect.x..<rect.x + rect.w where x < 80 { drawn[Int(y) * 80 + Int(x)] = true }
        }
        let missed = drawn.indices.filter { index in
          drawn[index]
            && !damage.rects.contains { $0.contains(SDL_Rect(x: Int32(index % 80), y: Int32(index / 80), w: 1, h: 1)) }
        }
        #expect(missed.isEmpty, "seed \(seed): \(missed.count) drawn pixels outside the damage")
        if !missed.isEmpty { return }
      }
    }
  }

  @Test func smallDrawingInsideABandAddsNothing() {
    var damage = PresentDamage(limit: 4)
    damage.add(SDL_Rect(x: 0, y: 100, w: 400, h: 60))
    for x in stride(from: 4, to: 390, by: 9) { damage.add(SDL_Rect(x: Int32(x), y: 110, w: 8, h: 14)) }
    #expect(damage.rects.map(CGRect.init) == [CGRect(x: 0, y: 100, width: 400, height: 60)])
    damage.add(SDL_Rect(x: 0, y: 0, w: 0, h: 10))
    #expect(damage.rects.count == 1, "an empty rectangle adds nothing")
  }

  /// Random fills, sprite copies and scrolls in random viewports and clips on a software window:
  /// after each present, every pixel that differs from the frame before lies in a pushed rectangle.
  @Test func aSoftwareWindowPushesEveryChangedPixelAndLessThanTheWindow() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let sdl = try SDLContext(video: true)
    let (width, height) = (96, 64)
    let window = try SDLWindow(context: sdl, title: "present", width: width, height: height)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    try renderer.retainFrames()
    renderer.clear(TextColor(red: 10, green: 20, blue: 30))
    renderer.present()
    #expect(renderer.presentStatistics.lastRects == [CGRect(x: 0, y: 0, width: width, height: height)])
    renderer.present()
    #expect(renderer.presentStatistics.lastRects.isEmpty, "nothing drawn: nothing pushed")
    var random = SplitMix64(seed: 40)
    let sprite = try SDLTexture(
      renderer: renderer,
      rgba: RGBAImage(width: 5, height: 4, argb: (0..<20).map { _ in 0xFF00_0000 | UInt32(random.next() % 0xFF_FFFF) }))
    var before = try renderer.readPixels()
    let start = renderer.presentStatistics
    for step in 0..<120 {
      for _ in 0..<Int(random.next() % 3) + 1 {
        renderer.setViewport(random.next() % 3 == 0 ? nil : Self.randomRect(&random, maxX: width, maxY: height))
        renderer.setClip(random.next() % 2 == 0 ? nil : Self.randomRect(&random, maxX: width, maxY: height))
        let rect = Self.randomRect(&random, maxX: width, maxY: height)
        switch random.next() % 4 {
        case 0: try renderer.scrollPixels(in: rect, by: Int(random.next() % 9) - 4)
        case 1: renderer.copy(sprite, to: rect)
        default:
          let alpha: UInt8 = random.next() % 2 == 0 ? 255 : 128
          renderer.fill(
            rect, color: TextColor(red: UInt8(step % 256), green: UInt8(random.next() % 256), blue: 7, alpha: alpha))
        }
        renderer.setClip(nil)
        renderer.setViewport(nil)
      }
      renderer.present()
      let after = try renderer.readPixels()
      let pushed = renderer.presentStatistics.lastRects
      var missed = 0
      for y in 0..<height {
        for x in 0..<width where after[x, y] != before[x, y] {
          if !pushed.contains(where: { $0.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) }) { missed += 1 }
        }
      }
      #expect(missed == 0, "step \(step): \(missed) changed pixels were not pushed (pushed \(pushed))")
      if missed > 0 { return }
      before = after
    }
    let presents = renderer.presentStatistics.presents - start.presents
    let pushed = renderer.presentStatistics.pixels - start.pixels
    #expect(pushed < presents * width * height / 2, "pushed \(pushed) pixels in \(presents) presents")
  }

  /// A window drawing into a retained texture copies all of it once per present.
  @Test func aRetainedTextureIsCopiedWholeOncePerPresent() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let sdl = try SDLContext(video: true)
    let window = try SDLWindow(context: sdl, title: "texture", width: 40, height: 30)
    let renderer = try SDLRenderer(window: window, software: true, vsync: false)
    try renderer.retainFrames(inTexture: true)
    renderer.fill(CGRect(x: 2, y: 2, width: 4, height: 4), color: TextColor(red: 200, green: 0, blue: 0))
    renderer.present()
    #expect(renderer.presentStatistics.lastRects == [CGRect(x: 0, y: 0, width: 40, height: 30)])
    #expect(renderer.presentStatistics.pixels == 40 * 30)
  }

  private static func randomRect(_ random: inout SplitMix64, maxX: Int, maxY: Int) -> CGRect {
    CGRect(
      x: Int(random.next() % UInt64(maxX + 8)) - 8, y: Int(random.next() % UInt64(maxY + 8)) - 8,
      width: Int(random.next() % 40) + 1, height: Int(random.next() % 30) + 1)
  }
}
