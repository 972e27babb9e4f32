import AnimationRuntime
import Foundation
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// The line-number gutter (the seed session's first example), drawn as rendering surfaces.
@Suite @MainActor struct LineNumberTests {
  private func editor(_ storage: TextContentStorage, _ environment: SDLTestEnvironment, height: Int = 240) throws
    -> LineNumberTextView
  {
    let view = LineNumberTextView(
      storage: storage, renderer: try SDLRenderer.offscreen(width: 320, height: height), fonts: environment.fonts,
      clock: ManualClock())
    view.showsCaret = false
    return view
  }

  /// The number each configured fragment's gutter surface shows, with the number its text says.
  private func numbers(_ view: LineNumberTextView) throws -> [(shown: Int, expected: Int)] {
    try view.textViewportLayoutController.configuredFragments.map { fragment, _ in
      let surface = try #require(view.lineNumberSurface(for: fragment))
      #expect(view.textViewportLayoutController.renderingSurface(for: surface) === surface)
      let label = try #require(fragment.textParagraph.paragraphAttributes["line"].flatMap { Int($0) })
      return (surface.number, label)
    }
  }

  private static func lines(_ count: Int, long: Set<Int> = []) -> TextContentStorage {
    TextContentStorage(
      paragraphs: (1...count).map { line in
        let text =
          long.contains(line)
          ? "let value\(line) = compute(alpha, beta, gamma, delta) + someLongFunctionName(epsilon) * 42"
          : "line \(line)"
        return (AttributedText(text), ["line": String(line)])
      })
  }

  @Test func aWrappedParagraphGetsOneNumberOnItsFirstLine() throws {
    let environment = try SDLTestEnvironment()
    let view = try editor(Self.lines(30, long: [3, 4]), environment)
    try view.renderFrame()
    let pairs = try numbers(view)
    #expect(!pairs.isEmpty && pairs.allSatisfy { $0.shown == $0.expected })
    let wrapped = try #require(view.textViewportLayoutController.configuredFragments.first { $0.paragraphIndex == 2 })
    #expect(wrapped.fragment.textLineFragments.count > 1)
    let surface = try #require(view.lineNumberSurface(for: wrapped.fragment))
    let firstLine = try #require(wrapped.fragment.textLineFragments.first)
    #expect(surface.frame.height == firstLine.typographicBounds.height)
    #expect(surface.frame.minY == wrapped.fragment.layoutFragmentFrame.minY + firstLine.typographicBounds.minY)
    // One gutter surface per paragraph, not per line.
    var gutterSurfaces = 0
    view.textViewportLayoutController.enumerateRenderingSurfaces { _, surface in
      if surface is LineNumberSurface { gutterSurfaces += 1 }
      return true
    }
    #expect(gutterSurfaces == view.textViewportLayoutController.configuredFragments.count)
  }

  @Test func unchangedFragmentsKeepTheirGutterSurfacesAndEditsRenumber() throws {
    let environment = try SDLTestEnvironment()
    let view = try editor(Self.lines(200), environment)
    try view.renderFrame()
    let fragment = try #require(view.textViewportLayoutController.configuredFragments.dropFirst(5).first?.fragment)
    let surface = try #require(view.lineNumberSurface(for: fragment))
    view.scroll(by: 10)
    #expect(view.lineNumberSurface(for: fragment) === surface)
    // A new line at the top shifts every number below it by one.
    try view.setSelectedRange(0..<0)
    view.insertParagraphBreak()
    let shown = view.textViewportLayoutController.configuredFragments.compactMap {
      view.lineNumberSurface(for: $0.fragment)?.number
    }
    let expected = view.textViewportLayoutController.configuredFragments.map { $0.paragraphIndex + 1 }
    #expect(shown == expected)
  }

  @Test func jumpingToTheEndOfAMillionLinesNumbersTheViewportInOnePass() throws {
    let environment = try SDLTestEnvironment()
    let count = 1_000_000
    let view = try editor(Self.lines(count), environment, height: 400)
    try view.renderFrame()
    let passes = view.instrumentation.totals.viewportLayoutPasses
    let nodes = view.textContentManager.indexNodesVisited + view.textLayoutManager.indexNodesVisited
    try view.scroll(toParagraphAt: count - 1, position: .bottom)
    let visited = view.textContentManager.indexNodesVisited + view.textLayoutManager.indexNodesVisited - nodes
    #expect(view.instrumentation.totals.viewportLayoutPasses - passes == 1)
    let pairs = try numbers(view)
    #expect(pairs.count > 10)
    #expect(pairs.allSatisfy { $0.shown == $0.expected })
    #expect(pairs.last?.shown == count)
    #expect(view.lastPassNumbers.count == pairs.count)
    #expect(view.startingNumberCorrections == 0)  // willLayout's starting number was right
    // O(log n) per fragment, nowhere near the million an enumeration from the top would visit.
    #expect(visited > 0 && visited < 4_000, "index nodes visited: \(visited)")
    try view.renderFrame()
  }

  @Test func theGutter() throws {
    let environment = try SDLTestEnvironment()
    let view = try editor(Self.lines(40, long: [4]), environment)
    try view.scroll(toParagraphAt: 1, position: .top)
    try view.renderFrame()
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try view.screenshot(), named: "editor-gutter")
    #expect(outcome.passed, "\(outcome.message)")
  }
}
