import SDLSupport
import Testing

@Suite struct PixelImageTests {
  @Test func unpremultiplyRestoresStraightColour() {
    #expect(PixelImage.unpremultiply(0x8040_2000) == 0x8080_4000)
    #expect(PixelImage.unpremultiply(0xFF12_3456) == 0xFF12_3456)
    #expect(PixelImage.unpremultiply(0x0012_3456) == 0)
    #expect(PixelImage.unpremultiply(0x01FF_FFFF) == 0x01FF_FFFF)  // out-of-range input is clamped
  }

  @Test func straightenedOnlyChangesPremultipliedImages() {
    let straight = PixelImage(width: 1, height: 1, pixels: [0x8040_2000])
    #expect(straight.straightened() == straight)
    let premultiplied = PixelImage(width: 1, height: 1, pixels: [0x8040_2000], alpha: .premultiplied)
    #expect(premultiplied.straightened().pixels == [0x8080_4000])
    #expect(premultiplied.straightened().alpha == .straight)
  }
}
