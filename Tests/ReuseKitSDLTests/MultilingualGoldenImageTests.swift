import AnimationRuntime
import Foundation
import Instrumentation
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Golden images of each script and of colour emoji, laid out and drawn by the SDL text view
/// through SDL's software renderer, with fontconfig fallback and HarfBuzz shaping.
/// Re-record with `make record-goldens`, then look at the PNGs.
@Suite @MainActor struct MultilingualGoldenImageTests {
  /// Renders `lines` as paragraphs in a 360-pixel-wide view and compares with the golden `name`.
  /// - Returns: The counters the frame moved.
  @discardableResult
  private func verify(_ lines: [String], named name: String) throws -> Counters {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 360, height: 26 * lines.count + 8)
    let storage = TextContentStorage(paragraphs: lines.map { (AttributedText($0), [:]) })
    let instrumentation = Instrumentation()
    let view = SDLTextView(
      storage: storage, renderer: renderer, fonts: environment.fonts, clock: ManualClock(),
      instrumentation: instrumentation)
    view.showsCaret = false
    view.showsScrollBar = false
    let counters = try instrumentation.measure { try view.renderFrame() }
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try view.screenshot(), named: name)
    #expect(outcome.passed, "\(outcome.message)")
    #expect(counters.missingGlyphs == 0, "every character of \(name) has a font")
    return counters
  }

  @Test func japanese() throws { try verify(MultilingualSamples.japanese, named: "script-japanese") }
  @Test func korean() throws { try verify(MultilingualSamples.korean, named: "script-korean") }
  @Test func chinese() throws { try verify(MultilingualSamples.chinese, named: "script-chinese") }
  /// Runs right to left (bidi through ICU and FriBidi, shaped right to left by HarfBuzz).
  @Test func hebrew() throws { try verify(MultilingualSamples.hebrew, named: "script-hebrew") }
  /// Letters join (HarfBuzz, script `Arab`, shaped right to left).
  @Test func arabic() throws { try verify(MultilingualSamples.arabic, named: "script-arabic") }
  /// Conjuncts (क्ष, स्त) form and vowel signs sit in place.
  @Test func hindi() throws { try verify(MultilingualSamples.hindi, named: "script-hindi") }
  /// Tone marks and vowels stack on their consonants.
  @Test func thai() throws { try verify(MultilingualSamples.thai, named: "script-thai") }
  /// A ZWJ family, flags and skin tones, each one colour glyph scaled to the line.
  @Test func emoji() throws { try verify(MultilingualSamples.emoji, named: "emoji") }
}
