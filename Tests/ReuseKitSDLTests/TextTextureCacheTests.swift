import Foundation
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

@Suite @MainActor struct TextTextureCacheTests {
  private let black = TextColor(red: 0, green: 0, blue: 0)

  @Test func secondDrawOfTheSameRunIsAHit() throws {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 200, height: 40)
    let cache = TextTextureCache(renderer: renderer, fonts: environment.fonts)
    for _ in 0..<3 {
      try cache.draw("Hello", attributes: TextAttributes(), color: black, penX: 4, baselineY: 20)
    }
    try cache.draw("Hello", attributes: TextAttributes(isBold: true), color: black, penX: 4, baselineY: 20)
    try cache.draw(
      "Hello", attributes: TextAttributes(), color: TextColor(red: 255, green: 0, blue: 0), penX: 4, baselineY: 20)
    let statistics = cache.statistics
    #expect(statistics.misses == 3)
    #expect(statistics.hits == 2)
    #expect(statistics.entries == 3)
    #expect(statistics.bytes > 0)
  }

  @Test func byteLimitEvictsTheLeastRecentlyUsedRun() throws {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 200, height: 40)
    let oneRun = try #require(
      try TextTextureCache(renderer: renderer, fonts: environment.fonts)
        .texture(for: "word", attributes: TextAttributes(), color: black)
    ).texture.byteCount
    let cache = TextTextureCache(renderer: renderer, fonts: environment.fonts, byteLimit: oneRun * 2 + oneRun / 2)
    for text in ["word", "wore", "word", "worm"] {  // same widths in DejaVu Sans: w o r d/e/m
      _ = try cache.texture(for: text, attributes: TextAttributes(), color: black)
    }
    #expect(cache.statistics.evictions == 1)
    #expect(cache.statistics.bytes <= cache.byteLimit)
    _ = try cache.texture(for: "word", attributes: TextAttributes(), color: black)
    #expect(cache.statistics.hits == 2)  // "word" survived: "wore" was the least recently used
  }

  @Test func emptyRunsDrawNothingAndCacheNothing() throws {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 50, height: 20)
    let cache = TextTextureCache(renderer: renderer, fonts: environment.fonts)
    #expect(try cache.texture(for: "", attributes: TextAttributes(), color: black) == nil)
    #expect(cache.statistics.entries == 0)
  }

  @Test func fragmentRendererSkipsAttachmentRunsAndSeparators() throws {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 200, height: 30)
    let cache = TextTextureCache(renderer: renderer, fonts: environment.fonts)
    let text = TextFragmentRenderer(cache: cache)
    renderer.clear(TextColor(red: 255, green: 255, blue: 255))
    let blank = try renderer.readPixels()
    let attachmentOnly = RenderableLine(
      origin: CGPoint(x: 0, y: 0), baselineOffset: 20,
      runs: [.init(text: "\u{FFFC}", attributes: TextAttributes(attachment: TextAttachment()), x: 10)])
    try text.draw(attachmentOnly)
    renderer.present()
    #expect(try renderer.readPixels() == blank)
    #expect(cache.statistics.misses == 0)
    let withSeparator = RenderableLine(
      origin: CGPoint(x: 0, y: 0), baselineOffset: 20,
      runs: [.init(text: "ab\u{2028}", attributes: TextAttributes(), x: 4)])
    try text.draw(withSeparator)
    _ = try cache.texture(for: "ab", attributes: TextAttributes(), color: text.defaultTextColor)
    #expect(cache.statistics.hits == 1)  // the separator was stripped before caching
  }
}
