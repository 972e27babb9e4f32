import Foundation
import ReuseKitSupport
import SDLSupport
import Testing

/// Fills on a surface: opaque ones are written straight into the surface's pixels (not through
/// `SDL_FillRect`), and must land exactly where SDL's would: inside the rectangle, the clip and the
/// viewport, in order with what SDL draws around them.
@MainActor
@Suite struct SDLRendererFillTests {
  private static let size = (width: 64, height: 48)

  @Test func randomFillsLandInsideTheRectangleTheClipAndTheViewport() throws {
    var random = SplitMix64(seed: 25)
    let renderer = try SDLRenderer.offscreen(width: Self.size.width, height: Self.size.height)
    var model = [UInt32](repeating: 0, count: Self.size.width * Self.size.height)
    for step in 0..<200 {
      let viewport = Self.randomRect(&random, maxX: Self.size.width, maxY: Self.size.height)
      let clip = random.next() % 3 == 0 ? nil : Self.randomRect(&random, maxX: 70, maxY: 50, minX: -6)
      let rect = Self.randomRect(&random, maxX: 70, maxY: 50, minX: -6)
      let color = TextColor(
        red: UInt8(random.next() % 256), green: UInt8(random.next() % 256), blue: UInt8(random.next() % 256))
      renderer.setViewport(viewport)
      renderer.setClip(clip)
      renderer.fill(rect, color: color)
      renderer.setClip(nil)
      renderer.setViewport(nil)
      let argb = 0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
      for y in 0..<Self.size.height {
        for x in 0..<Self.size.width {
          let local = CGPoint(x: Double(x) - viewport.minX + 0.5, y: Double(y) - viewport.minY + 0.5)
          let inViewport = viewport.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
          if inViewport, rect.contains(local), clip?.contains(local) ?? true {
            model[y * Self.size.width + x] = argb
          }
        }
      }
      guard case .surface(let surface) = renderer.target else {
        Issue.record("not a surface")
        return
      }
      let image = try surface.rgbaImage()
      let wrong = (0..<model.count).filter { image[$0 % Self.size.width, $0 / Self.size.width] != model[$0] }
      #expect(wrong.count == 0, "step \(step): \(wrong.count) pixels differ (first at \(wrong.first ?? -1))")
      if !wrong.isEmpty { return }
    }
  }

  @Test func opaqueFillsKeepTheirOrderWithBlendedOnes() throws {
    let renderer = try SDLRenderer.offscreen(width: 8, height: 1)
    renderer.fill(CGRect(x: 0, y: 0, width: 8, height: 1), color: TextColor(red: 255, green: 0, blue: 0))
    renderer.fill(CGRect(x: 0, y: 0, width: 6, height: 1), color: TextColor(red: 0, green: 0, blue: 255, alpha: 128))
    renderer.fill(CGRect(x: 4, y: 0, width: 4, height: 1), color: TextColor(red: 0, green: 255, blue: 0))
    guard case .surface(let surface) = renderer.target else {
      Issue.record("not a surface")
      return
    }
    let image = try surface.rgbaImage()
    let blended = image[0, 0]
    #expect(blended & 0xFF != 0 && (blended >> 16) & 0xFF != 0, "red under translucent blue blends: \(blended)")
    #expect(image[3, 0] == blended)
    #expect(image[4, 0] == 0xFF00_FF00 && image[7, 0] == 0xFF00_FF00, "the later opaque fill wins")
  }

  private static func randomRect(_ random: inout SplitMix64, maxX: Int, maxY: Int, minX: Int = 0) -> CGRect {
    let x = minX + Int(random.next() % UInt64(maxX - minX))
    let y = minX + Int(random.next() % UInt64(maxY - minX))
    return CGRect(x: x, y: y, width: Int(random.next() % 40) + 1, height: Int(random.next() % 30) + 1)
  }
}
