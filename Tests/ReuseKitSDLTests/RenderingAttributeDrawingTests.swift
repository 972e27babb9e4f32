import AnimationRuntime
import Foundation
import Instrumentation
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// The SDL view draws the layout manager's rendering attributes and redraws, for a change, exactly
/// the line fragments on screen that show it.
@Suite @MainActor struct RenderingAttributeDrawingTests {
  private static let yellow = RenderingAttributeValue.color(TextColor(red: 255, green: 220, blue: 60))
  private static let red = RenderingAttributeValue.color(TextColor(red: 200, green: 30, blue: 30))

  private func makeView(_ paragraphs: [String], width: Int = 360, height: Int) throws -> SDLTextView {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: width, height: height)
    let storage = TextContentStorage(paragraphs: paragraphs.map { (AttributedText($0), [:]) })
    let view = SDLTextView(storage: storage, renderer: renderer, fonts: environment.fonts, clock: ManualClock())
    view.showsCaret = false
    view.showsScrollBar = false
    return view
  }

  private func range(_ view: SDLTextView, _ from: (Int, Int), _ to: (Int, Int)) throws -> TextRange {
    let first = try #require(view.textContentManager.paragraph(at: from.0))
    let last = try #require(view.textContentManager.paragraph(at: to.0))
    return TextRange(
      location: TextLocation(paragraph: first, offset: from.1), end: TextLocation(paragraph: last, offset: to.1))
  }

  /// The line rectangles (view pixels) of the visible paragraphs in `paragraphs`, worked out from
  /// the fragments drawn: each line across its fragment's width.
  private func lineRects(_ view: SDLTextView, paragraphs: ClosedRange<Int>) -> [CGRect] {
    var rects: [CGRect] = []
    for item in view.visibleFragments() where paragraphs.contains(item.paragraphIndex) {
      for line in item.fragment.textLineFragments {
        let box = line.typographicBounds
        rects.append(
          CGRect(
            x: item.origin.x, y: item.origin.y + box.minY, width: item.fragment.layoutFragmentFrame.width,
            height: box.height))
      }
    }
    return rects
  }

  @Test func aHighlightDamagesOnlyItsLinesOnScreen() throws {
    let view = try makeView((0..<300).map { "message \($0) with some words" }, height: 240)
    view.scroll(toY: 1_000)
    try view.renderFrame()
    try view.renderFrame()
    #expect(view.lastFrameDamage.isEmpty, "nothing changed")
    let visible = view.visibleFragments().map(\.paragraphIndex)
    let first = try #require(visible.dropFirst(2).first)
    let layout = view.textLayoutManager
    let instrumentation = view.instrumentation
    // Across three paragraphs on screen: their lines, and nothing else, are drawn again.
    var counters = try instrumentation.measure {
      try layout.setRenderingAttributes(
        [.backgroundColor: Self.yellow], for: range(view, (first, 3), (first + 2, 5)))
      try view.renderFrame()
    }
    let bounds = CGRect(origin: .zero, size: view.viewportSize)
    #expect(
      view.lastFrameDamage == DamageTracker.merge(lineRects(view, paragraphs: first...(first + 2)), within: bounds))
    #expect(view.lastFrameDamage.count == 1, "three adjacent lines merge into one rectangle")
    #expect(counters[.layoutFragmentsCreated] == 0)
    #expect(counters[.surfacesCreated] == 0)
    // Changing one key on one paragraph: its line only.
    try layout.addRenderingAttribute(
      .underlineStyle, value: .underlineStyle(.single), for: range(view, (first + 1, 0), (first + 1, 4)))
    try view.renderFrame()
    #expect(
      view.lastFrameDamage
        == DamageTracker.merge(lineRects(view, paragraphs: (first + 1)...(first + 1)), within: bounds))
    // A highlight on paragraphs off screen damages nothing: the frame is skipped.
    let skipped = view.framesSkipped
    try layout.setRenderingAttributes([.backgroundColor: Self.red], for: range(view, (5, 0), (8, 3)))
    try view.renderFrame()
    #expect(view.lastFrameDamage.isEmpty)
    #expect(view.framesSkipped == skipped + 1)
    // Clearing the whole document: only the paragraphs that had attributes on screen are drawn.
    try layout.setRenderingAttributes([:], for: view.textContentManager.documentRange)
    try view.renderFrame()
    #expect(
      view.lastFrameDamage == DamageTracker.merge(lineRects(view, paragraphs: first...(first + 2)), within: bounds))
    // Across the whole document: every line on screen, and no layout.
    let laidOut = layout.paragraphsLaidOut
    counters = try instrumentation.measure {
      try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: view.textContentManager.documentRange)
      try view.renderFrame()
    }
    let all = try #require(visible.first)...(try #require(visible.last))
    #expect(view.lastFrameDamage == DamageTracker.merge(lineRects(view, paragraphs: all), within: bounds))
    #expect(counters[.layoutFragmentsCreated] == 0)
    #expect(layout.paragraphsLaidOut == laidOut, "nothing laid out again, not even in place")
  }

  /// A highlighted line through SDL's software renderer: a background behind two words, one of them
  /// in another colour, an underline, and a highlight across the right-to-left words of a mixed line.
  @Test func highlightedLinesGolden() throws {
    let view = try makeView(
      ["Highlight this word, please.", "abc \u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{05E2}\u{05D5}\u{05DC}\u{05DD} def"],
      height: 64)
    let layout = view.textLayoutManager
    try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: range(view, (0, 10), (0, 19)))
    try layout.addRenderingAttribute(.foregroundColor, value: Self.red, for: range(view, (0, 15), (0, 19)))
    try layout.addRenderingAttribute(
      .underlineStyle, value: .underlineStyle(.single), for: range(view, (0, 21), (0, 27)))
    // The Hebrew words are characters 4..<13, drawn right to left: the highlight covers them.
    try layout.setRenderingAttributes([.backgroundColor: Self.yellow], for: range(view, (1, 4), (1, 8)))
    try layout.addRenderingAttribute(
      .underlineStyle, value: .underlineStyle(.double), for: range(view, (1, 9), (1, 13)))
    try view.renderFrame()
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try view.screenshot(), named: "rendering-attributes")
    #expect(outcome.passed, "\(outcome.message)")
  }
}
