import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

@Suite @MainActor struct TTFGlyphMeasurerTests {
  @Test func eachCharacterStartsWhereHarfBuzzPlacesItInTheRun() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let text = "Happy birthday! See you at 7, Ana & Ben \u{2014} Water, AVA, To. Cafe\u{0301} fi"
    for attributes in [TextAttributes(), TextAttributes(isBold: true), TextAttributes(fontScale: 1.4)] {
      let font = environment.fonts.font(for: attributes)
      let advances = measurer.advances(of: text[...], attributes: attributes)
      #expect(advances.count == text.count)
      var pen = 0.0
      var mismatches: [String] = []
      for (index, end) in zip(advances.indices, text.indices.dropFirst() + [text.endIndex]) {
        pen += advances[index]
        let shaped = try font.penAdvance(of: String(text[..<end]))
        if Int(pen) != shaped { mismatches.append("after \(text[..<end].debugDescription): \(pen) vs \(shaped)") }
      }
      #expect(mismatches.isEmpty, "\(attributes.isBold ? "bold" : "regular") x\(attributes.fontScale): \(mismatches)")
    }
  }

  @Test func repeatedCharactersAreMeasuredOncePerStyle() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    _ = measurer.advances(of: "abcabc", attributes: TextAttributes())
    #expect(measurer.cacheMisses == 3)
    #expect(measurer.cacheHits == 3)
    _ = measurer.advances(of: "cab", attributes: TextAttributes(isBold: true))
    #expect(measurer.cacheMisses == 6)
    _ = measurer.advances(of: "cab", attributes: TextAttributes(fontScale: 1))
    #expect(measurer.cacheMisses == 6)
    #expect(measurer.cacheHits == 6)
  }

  @Test func lineMetricsComeFromTheFontAndScale() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let body = measurer.lineMetrics(for: TextAttributes())
    let font = environment.fonts.font(for: TextAttributes())
    #expect(body.ascent == Double(font.ascent))
    #expect(body.descent == Double(font.descent))
    #expect(body.lineHeight >= body.ascent + body.descent)
    let large = measurer.lineMetrics(for: TextAttributes(fontScale: 2))
    #expect(large.lineHeight > body.lineHeight * 1.8)
  }

  @Test func separatorsAndControlsTakeNoSpace() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let advances = measurer.advances(of: "a\u{2028}b\n", attributes: TextAttributes())
    #expect(advances[1] == 0)
    #expect(advances[3] == 0)
    #expect(advances[0] > 0 && advances[2] > 0)
  }

  @Test func harfBuzzIsAvailable() {
    #expect(SDLFont.harfBuzzVersion != nil)
  }
}
