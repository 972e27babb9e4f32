import Foundation
import ReuseKitSDL
import SDLSupport
import TextEngine

/// Measures the two text caching strategies on the offscreen software renderer, the renderer
/// headless runs use: per-run textures (``TextTextureCache``) against a glyph atlas (``GlyphAtlas``).
///
/// Each scenario draws a chat-like screen of text lines into a 480×800 target per frame:
/// - `static`: the same screen every frame (an idle or animating chat);
/// - `scroll`: the screen moves one line per frame, so one new line enters per frame (fast scrolling);
/// - `typing`: one line gains a character per frame (a person typing).
///
/// Timing is wall-clock and belongs here, never in tests. Run it in release mode.
enum TextCacheBenchmark {
  /// One strategy in one scenario.
  struct Row: Sendable {
    var strategy: String
    var scenario: String
    /// Mean milliseconds per frame after the first frame.
    var millisecondsPerFrame: Double
    /// Milliseconds of the first frame, from an empty cache.
    var coldMilliseconds: Double
    var statistics: TextCacheStatistics
  }

  /// Runs every scenario for both strategies.
  /// - Parameters:
  ///   - frames: Frames per scenario after the cold frame.
  ///   - linesPerScreen: Text lines on one screen.
  /// - Returns: One row per (strategy, scenario).
  /// - Throws: ``SDLError`` when SDL or the fonts fail.
  @MainActor
  static func run(frames: Int = 300, linesPerScreen: Int = 40) throws(SDLError) -> [Row] {
    let context = try SDLContext()
    let fonts = try SDLFontSet(context: context)
    let transcript = sampleLines(count: linesPerScreen + frames + 1)
    var rows: [Row] = []
    for scenario in ["static", "scroll", "typing"] {
      for strategy in ["run textures", "glyph atlas"] {
        let renderer = try SDLRenderer.offscreen(width: 480, height: 800)
        let draw: (String, TextAttributes, Double, Double) throws(SDLError) -> Void
        let statistics: () -> TextCacheStatistics
        if strategy == "run textures" {
          let cache = TextTextureCache(renderer: renderer, fonts: fonts)
          draw = { text, attributes, x, y throws(SDLError) in
            try cache.draw(text, attributes: attributes, color: textColor, penX: x, baselineY: y)
          }
          statistics = { cache.statistics }
        } else {
          let atlas = try GlyphAtlas(renderer: renderer, fonts: fonts)
          draw = { text, attributes, x, y throws(SDLError) in
            try atlas.draw(text, attributes: attributes, color: textColor, penX: x, baselineY: y)
          }
          statistics = { atlas.statistics }
        }
        var times: [Double] = []
        for frame in 0...frames {
          let lines = screen(scenario: scenario, frame: frame, transcript: transcript, count: linesPerScreen)
          let start = ContinuousClock.now
          renderer.clear(TextColor(red: 255, green: 255, blue: 255))
          for (index, line) in lines.enumerated() {
            try draw(line.text, line.attributes, 12, Double(20 + index * 19))
          }
          renderer.present()
          let elapsed = ContinuousClock.now - start
          times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        let warm = times.dropFirst()
        rows.append(
          Row(
            strategy: strategy, scenario: scenario, millisecondsPerFrame: warm.reduce(0, +) / Double(warm.count),
            coldMilliseconds: times[0], statistics: statistics()))
      }
    }
    return rows
  }

  /// A plain-text table of `rows`.
  static func table(_ rows: [Row]) -> String {
    var lines = ["scenario  strategy      ms/frame  cold ms    hits  misses  bytes"]
    for row in rows {
      lines.append(
        [
          row.scenario.padding(toLength: 8, withPad: " ", startingAt: 0),
          row.strategy.padding(toLength: 12, withPad: " ", startingAt: 0),
          String(format: "%8.3f", row.millisecondsPerFrame), String(format: "%8.2f", row.coldMilliseconds),
          String(format: "%7d", row.statistics.hits), String(format: "%7d", row.statistics.misses),
          String(format: "%8d", row.statistics.bytes),
        ].joined(separator: "  "))
    }
    return lines.joined(separator: "\n")
  }

  private static let textColor = TextColor(red: 20, green: 20, blue: 30)

  private struct Line {
    var text: String
    var attributes: TextAttributes
  }

  /// The lines on screen for a frame of a scenario.
  private static func screen(scenario: String, frame: Int, transcript: [Line], count: Int) -> [Line] {
    switch scenario {
    case "scroll":
      return Array(transcript[frame..<(frame + count)])
    case "typing":
      var lines = Array(transcript[0..<count])
      let typed = String("the quick brown fox jumps over".prefix(frame % 30))
      lines[count - 1] = Line(text: "Typing: " + typed, attributes: TextAttributes())
      return lines
    default:
      return Array(transcript[0..<count])
    }
  }

  /// Deterministic chat-like lines of 30–55 characters; every fifth line is a bold sender name.
  private static func sampleLines(count: Int) -> [Line] {
    let words = [
      "hey", "see", "you", "at", "the", "party", "tonight", "bring", "cake", "birthday", "happy", "sticker",
      "message", "scrolling", "really", "fast", "reuse", "animation", "state", "when", "we", "edit", "this",
      "paragraph", "okay", "thanks", "great", "idea", "later", "lunch", "coffee", "tomorrow", "meeting", "nice",
    ]
    let names = ["Ana", "Ben", "Chloé", "Dmitri", "Eun-ji"]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { index in
      if index % 5 == 0 { return Line(text: names[next(names.count)], attributes: TextAttributes(isBold: true)) }
      var text = ""
      let target = 30 + next(26)
      while text.count < target { text += (text.isEmpty ? "" : " ") + words[next(words.count)] }
      return Line(text: text, attributes: TextAttributes())
    }
  }
}
