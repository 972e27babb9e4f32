import AnimationRuntime
import Foundation
import Instrumentation
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Font fallback, shaping and colour emoji, counted: missing glyphs, fontconfig calls, clusters.
@Suite @MainActor struct MultilingualTextTests {
  private let ink = TextColor(red: 0, green: 0, blue: 0)

  /// Draws each line as one run at the left of a wide offscreen target and returns the counters.
  private func draw(_ lines: [String], environment: SDLTestEnvironment) throws -> (Counters, TextTextureCache) {
    let renderer = try SDLRenderer.offscreen(width: 1200, height: 40)
    let cache = TextTextureCache(renderer: renderer, fonts: environment.fonts)
    let instrumentation = Instrumentation()
    cache.instrumentation = instrumentation
    let text = TextFragmentRenderer(cache: cache, defaultTextColor: ink)
    let counters = try instrumentation.measure {
      for line in lines {
        renderer.clear(TextColor(red: 255, green: 255, blue: 255))
        try text.draw(
          RenderableLine(
            origin: CGPoint(x: 4, y: 4), baselineOffset: 16,
            runs: [.init(text: line, attributes: TextAttributes(), x: 0)]))
      }
    }
    return (counters, cache)
  }

  @Test func aMultilingualCorpusDrawsWithNoMissingGlyphs() throws {
    let environment = try SDLTestEnvironment()
    let seeds = try MultilingualSamples.seedLines()
    #expect(seeds.count > 100, "the seed session's lines are read from ../shared/seeds")
    let corpus = seeds + MultilingualSamples.all
    let (counters, cache) = try draw(corpus, environment: environment)
    #expect(counters.missingGlyphs == 0)
    #expect(cache.missingGlyphsDrawn == 0)
    let faces = Set(
      corpus.flatMap { line in
        line.compactMap { character -> FontFace? in
          guard case .fallback(let face) = environment.fonts.choice(for: character, attributes: TextAttributes())
          else { return nil }
          return face
        }
      })
    #expect(faces.count >= 8, "CJK, Hebrew, Arabic, Devanagari, Thai, Bengali, Tamil and emoji need fallbacks")
    #expect(faces.contains { $0.isColor }, "emoji come from a colour font")
  }

  @Test func textNoFontCoversDrawsOneCountedBoxPerCharacter() throws {
    let environment = try SDLTestEnvironment()
    // A private-use character, an unassigned one and a plane-16 private-use one with a combining mark.
    let text = "a\u{E000}b\u{0378}c\u{10FFFD}\u{0301}d"
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let advances = measurer.advances(of: text[...], attributes: TextAttributes())
    #expect(advances.count == text.count)
    #expect(advances.allSatisfy { $0 > 0 }, "a box takes space")
    let (counters, cache) = try draw([text], environment: environment)
    #expect(counters.missingGlyphs == 3)
    #expect(cache.missingGlyphsDrawn == 3)
    let subruns = measurer.shaper.subruns(of: text[...], attributes: TextAttributes())
    #expect(subruns.filter { $0.choice == .missing }.map(\.characterCount) == [1, 1, 1])
    // No face has both Thai ก and U+0301: ก's face draws the cluster and the accent is a box.
    let (partial, partialCache) = try draw(["ก\u{0301}"], environment: environment)
    #expect(partial.missingGlyphs == 1)
    #expect(partialCache.missingGlyphsDrawn == 1)
  }

  @Test func emojiSequencesAreOneClusterDrawnInColourAtTheLineSize() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let body = environment.fonts.font(for: TextAttributes())
    for emoji in ["👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "🏳️‍🌈", "✈️"] {
      #expect(emoji.count == 1)
      let subruns = measurer.shaper.subruns(of: emoji[...], attributes: TextAttributes())
      #expect(subruns.count == 1)
      guard case .fallback(let face) = subruns.first?.choice else {
        Issue.record("\(emoji) has no fallback font")
        continue
      }
      #expect(face.isColor)
      let advance = try #require(measurer.advances(of: emoji[...], attributes: TextAttributes()).first)
      #expect(advance > Double(body.pixelSize) / 2 && advance < Double(body.pixelSize) * 2, "scaled to the line")
      let cache = TextTextureCache(renderer: try SDLRenderer.offscreen(width: 40, height: 40), fonts: environment.fonts)
      let texture = try #require(try cache.texture(forSubrun: subruns[0], attributes: TextAttributes(), color: ink))
      #expect(abs(texture.texture.height - body.height) <= 1, "one glyph as tall as the line's font")
    }
    // An emoji after text whose font also has its code point (DejaVu has ✈) keeps its colour font.
    let mixed = measurer.shaper.subruns(of: "שלום ✈️"[...], attributes: TextAttributes())
    #expect(mixed.count == 2)
    #expect(mixed.last.map { if case .fallback(let face) = $0.choice { face.isColor } else { false } } == true)
    let renderer = try SDLRenderer.offscreen(width: 40, height: 30)
    renderer.clear(TextColor(red: 255, green: 255, blue: 255))
    let text = TextFragmentRenderer(cache: TextTextureCache(renderer: renderer, fonts: environment.fonts))
    try text.draw(
      RenderableLine(
        origin: CGPoint(x: 4, y: 4), baselineOffset: 16, runs: [.init(text: "🇧🇷", attributes: .init(), x: 0)]))
    let image = try renderer.readPixels()
    let green = (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }.filter { pixel in
      let (r, g, b) = ((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
      return g > r + 60 && g > b + 30
    }
    #expect(green.count > 20, "the flag is green: drawn in colour")
  }

  /// A right-to-left run (a bidi run of odd level) puts its first sub-run at its right end; the
  /// same run drawn left to right puts it at its left.
  @Test func aRightToLeftRunPlacesItsSubrunsFromTheRight() throws {
    let environment = try SDLTestEnvironment()
    func colourfulColumns(isRightToLeft: Bool) throws -> [Int] {
      let renderer = try SDLRenderer.offscreen(width: 120, height: 30)
      renderer.clear(TextColor(red: 255, green: 255, blue: 255))
      let text = TextFragmentRenderer(cache: TextTextureCache(renderer: renderer, fonts: environment.fonts))
      let run = RenderableLine.Run(text: "שלום 🌸", attributes: TextAttributes(), x: 0, isRightToLeft: isRightToLeft)
      try text.draw(RenderableLine(origin: CGPoint(x: 10, y: 4), baselineOffset: 16, runs: [run]))
      let image = try renderer.readPixels()
      return (0..<image.width).filter { x in
        (0..<image.height).contains { y in
          let pixel = image[x, y]
          let (r, g, b) = (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
          return abs(r - g) > 40 || abs(g - b) > 40
        }
      }
    }
    let leftToRight = try colourfulColumns(isRightToLeft: false)
    let rightToLeft = try colourfulColumns(isRightToLeft: true)
    let first = try #require(leftToRight.first)
    let last = try #require(rightToLeft.last)
    #expect(first > 40, "drawn left to right, the emoji follows the Hebrew word")
    #expect(last < 40, "drawn right to left, the emoji is left of the Hebrew word")
  }

  /// ASCII takes a table per style, but a CR LF pair is one character, and ASCII next to other
  /// scripts measures the same as alone.
  @Test func asciiAdvancesAreOnePerCharacterAndMatchTheGeneralPath() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    #expect(measurer.advances(of: "a\r\nb"[...], attributes: TextAttributes()).count == 3)
    let ascii = measurer.advances(of: "Hello, TextKit!"[...], attributes: TextAttributes())
    let mixed = measurer.advances(of: "Hello, TextKit!世"[...], attributes: TextAttributes())
    #expect(Array(mixed.dropLast()) == ascii)
  }

  @Test func shapingJoinsArabicAndFormsDevanagariConjuncts() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    // Lam-alef ligates, the Devanagari virama joins क and ष.
    for word in ["سلام", "क्षमा"] {
      let shaped = measurer.advances(of: word[...], attributes: TextAttributes())
      #expect(shaped.count == word.count)
      let isolated = word.unicodeScalars.map { scalar in
        measurer.advances(of: String(scalar)[...], attributes: TextAttributes()).reduce(0, +)
      }
      #expect(shaped.reduce(0, +) < isolated.reduce(0, +), "\(word) is narrower shaped in context")
      #expect(shaped.allSatisfy { $0 >= 0 })
    }
  }

  /// Bidi isolates, marks and other default-ignorable characters take no width when measured,
  /// as they take none when drawn.
  @Test func defaultIgnorableCharactersMeasureAsWideAsTheyDraw() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let font = environment.fonts.font(for: TextAttributes())
    font.setShaping(script: ShapingScript.common.code, direction: .leftToRight)
    let plain = measurer.advances(of: "abc"[...], attributes: TextAttributes()).reduce(0, +)
    for text in ["a\u{2067}b\u{2069}c", "a\u{200B}b\u{061C}c", "\u{202B}a\u{200F}b\u{202C}c\u{2066}"] {
      let advances = measurer.advances(of: text[...], attributes: TextAttributes())
      #expect(advances.count == text.count)
      let drawnPen = Double(try font.penAdvance(of: text))
      #expect(advances.reduce(0, +) == drawnPen, "\(text.unicodeScalars.map(\.value)) measures as it draws")
      #expect(advances.reduce(0, +) == plain)
    }
    // The renderer draws the same pixels with and without the invisible characters.
    func pixels(_ line: String) throws -> [UInt32] {
      let renderer = try SDLRenderer.offscreen(width: 80, height: 30)
      renderer.clear(TextColor(red: 255, green: 255, blue: 255))
      let text = TextFragmentRenderer(cache: TextTextureCache(renderer: renderer, fonts: environment.fonts))
      try text.draw(
        RenderableLine(
          origin: CGPoint(x: 4, y: 4), baselineOffset: 16, runs: [.init(text: line, attributes: .init(), x: 0)]))
      let image = try renderer.readPixels()
      return (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y] } }
    }
    #expect(try pixels("a\u{2067}b\u{2069}c") == pixels("abc"))
  }

  /// Grapheme clusters are unbounded (a letter with any marks), so their caches keep at most a
  /// fixed number of entries.
  @Test func distinctClustersKeepTheCachesBounded() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
    let marks = (0x0300...0x036F).compactMap(Unicode.Scalar.init)
    var fed = 0
    var chunk = ""
    for letter in letters {
      for first in marks {
        for second in marks where fed < 100_000 {
          chunk.unicodeScalars.append(contentsOf: [letter, first, second])
          fed += 1
          if fed % 1000 == 0 {
            #expect(measurer.advances(of: chunk[...], attributes: TextAttributes()).count == 1000)
            chunk = ""
          }
        }
      }
    }
    #expect(fed == 100_000)
    #expect(measurer.shaper.cachedCharacterCount <= TextShaper.characterCacheCapacity)
    #expect(measurer.shaper.cachedCharacterCount > TextShaper.characterCacheCapacity / 2, "the cache was filled")
    #expect(environment.fonts.fallback.cachedChoiceCount <= FontFallbackResolver.cacheCapacity)
    #expect(environment.fonts.fallback.cachedChoiceCount > FontFallbackResolver.cacheCapacity / 2)
    #expect(environment.fonts.fallback.cachedCoverageCount <= FontFallbackResolver.cacheCapacity)
  }

  /// A long Arabic word and a long Arabic line measure as wide as the texture that draws them.
  @Test func longArabicTextMeasuresAsWideAsItDraws() throws {
    let environment = try SDLTestEnvironment()
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let cache = TextTextureCache(renderer: try SDLRenderer.offscreen(width: 40, height: 40), fonts: environment.fonts)
    let word = String(repeating: "ه", count: 40)
    let words = ["مرحبا", "بالعالم", "كيف", "حالك", "اليوم", "يا", "صديقي", "العزيز"]
    var line = ""
    while line.count < 200 { line += (line.isEmpty ? "" : " ") + words[line.count % words.count] }
    line = String(line.prefix(200))
    for text in [word, line] {
      let measured = measurer.advances(of: text[...], attributes: TextAttributes()).reduce(0, +)
      let subruns = measurer.shaper.subruns(of: text[...], attributes: TextAttributes())
      #expect(subruns.count == 1)
      let drawn = try #require(try cache.texture(forSubrun: subruns[0], attributes: TextAttributes(), color: ink))
      #expect(
        abs(measured - Double(drawn.size.width)) <= 1,
        "\(text.count) characters: measured \(measured), drawn \(drawn.size.width)")
    }
  }

  @Test func aKeystrokeAfterWarmUpMakesNoFontconfigCall() throws {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 360, height: 1200)
    let storage = TextContentStorage(paragraphs: MultilingualSamples.all.map { (AttributedText($0), [:]) })
    let instrumentation = Instrumentation()
    let view = SDLTextView(
      storage: storage, renderer: renderer, fonts: environment.fonts, clock: ManualClock(),
      instrumentation: instrumentation)
    let warmUp = try instrumentation.measure { try view.renderFrame() }
    #expect(warmUp.fontconfigCalls > 0, "warm-up chooses the fallback fonts (every sample is on screen)")
    view.setCaret(MultilingualSamples.japanese[0].count)
    for keystroke in ["世", "م", "क", "😀", "👍🏽", "a", " "] {
      let counters = try instrumentation.measure {
        _ = view.handle(.text(keystroke))
        try view.renderFrame()
      }
      #expect(counters.fontconfigCalls == 0, "typing \(keystroke) asked fontconfig")
      #expect(counters.missingGlyphs == 0)
    }
  }
}
