import ReuseKitSupport
import SDLSupport
import Testing

/// The one CPU image type, `RGBAImage`, through SDL surfaces: every byte survives the trip to
/// `ARGB8888` and back, and premultiplied pixels become straight ones.
@Suite struct SDLSurfaceRGBATests {
  @Test func premultipliedPixelsBecomeStraight() {
    let image = RGBAImage(
      premultipliedARGB: [0x8040_2000, 0xFF12_3456, 0x0012_3456, 0x01FF_FFFF], width: 4, height: 1)
    #expect(image[0, 0] == 0x8080_4000)
    #expect(image[1, 0] == 0xFF12_3456)
    #expect(image[2, 0] == 0)
    #expect(image[3, 0] == 0x01FF_FFFF)  // out-of-range input is clamped
  }

  @Test func argbWordsAreRGBABytes() {
    var image = RGBAImage(width: 2, height: 1, argb: [0x8011_2233, 0xFF00_00FF])
    #expect(image.pixels == [0x11, 0x22, 0x33, 0x80, 0x00, 0x00, 0xFF, 0xFF])
    #expect(image[0, 0] == 0x8011_2233)
    image[1, 0] = 0x0102_0304
    #expect(Array(image.pixels[4...]) == [0x02, 0x03, 0x04, 0x01])
    #expect(
      RGBAImage(width: 2, height: 2, fill: 0xFF10_2030).pixels
        == Array(repeating: [0x10, 0x20, 0x30, 0xFF], count: 4).flatMap { $0 })
  }

  @Test func aSurfaceKeepsEveryByteOfAnImage() throws {
    let image = RGBAImage(
      width: 3, height: 2, argb: [0x8011_2233, 0xFFFF_FFFF, 0x00FF_0000, 0x4000_FF00, 0xFF00_00FF, 0x0100_0000])
    let surface = try SDLSurface(rgba: image)
    #expect(surface.width == 3 && surface.height == 2)
    #expect(try surface.rgbaImage() == image)
    let column = try surface.rgbaImage(x: 1, width: 1)
    #expect(column.width == 1 && column.height == 2)
    #expect(column[0, 0] == 0xFFFF_FFFF && column[0, 1] == 0xFF00_00FF)
  }

  @Test func aRegionOutsideTheSurfaceIsAClearError() throws {
    let surface = try SDLSurface(width: 2, height: 2)
    let error = #expect(throws: SDLError.self) { try surface.rgbaImage(x: 1, width: 2) }
    #expect(error?.description.contains("region outside the surface") == true)
  }
}
