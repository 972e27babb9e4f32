import ChatKit
import Instrumentation
import TextEngine

/// P1.intl and P2.intl: a keystroke in a message of Japanese, Arabic and emoji holding three
/// stickers, and a whole software-rendered scroll frame through Chinese, Japanese, Korean and
/// emoji messages — with fontconfig fallback and HarfBuzz shaping on every run.
@MainActor
struct MultilingualFigure {
  let context: FigureContext
  /// Draws a whole frame; P2.intl needs it (and the glyph cache it reports).
  let renderer: ChatFrameRenderer?

  /// P1.intl: keystrokes alternate between typing `語` and deleting it, both policies registered.
  /// Its details count fontconfig calls and missing glyphs per keystroke after warm-up (goal 0).
  func keystroke() throws -> FigureResult {
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    // Warm-up: every character of the message is measured and drawn once.
    let (timings, delta) = try context.timeKeystrokes(
      typing: "語", inParagraphAt: context.generator.intlTypingParagraph, figure: "P1.intl",
      beforeTyping: { try renderer?.renderFrame(of: context.view) })
    let keys = Double(max(1, timings.samples.count))
    context.checkInvariants("P1.intl")
    return FigureResult(
      id: "P1.intl", label: "keystroke, Japanese + Arabic + emoji, 3 stickers", samples: timings,
      details: [
        "fontconfig calls /key": Double(delta.fontconfigCalls) / keys,
        "paragraphs laid out /key": Double(delta.layoutFragmentsCreated) / keys,
      ])
  }

  /// P2.intl: whole frames scrolled through the CJK-and-emoji messages, with the run-texture
  /// (glyph) cache's hit rate over the timed frames.
  func scroll() throws -> FigureResult? {
    guard let renderer else { return nil }
    let view = context.view
    let chat = renderer.chatView
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let run = context.generator.intlScroll
    guard run.count > 1 else { return nil }
    let restart = { try view.scroll(toParagraphAt: run.lowerBound, position: .top) }
    try restart()
    let end =
      (view.textLayoutManager.yOffset(ofParagraphAt: run.upperBound - 1) ?? 0) - BenchFixture.viewportSize.height
    var before = chat.textRenderer.cache.statistics
    var counters = view.instrumentation.totals
    let frames = try context.sampler.run(
      prepare: { iteration in
        if view.scrollOffset + ScrollFigure.step > end { try restart() }
        context.advanceOneFrame()
        if iteration == context.warmUp {
          before = chat.textRenderer.cache.statistics
          counters = view.instrumentation.totals
        }
      },
      { _ in
        view.scroll(by: ScrollFigure.step)
        try renderer.renderFrame(of: view)
      })
    let after = chat.textRenderer.cache.statistics
    let delta = view.instrumentation.totals - counters
    let lookups = (after.hits - before.hits) + (after.misses - before.misses)
    context.checkInvariants("P2.intl")
    return FigureResult(
      id: "P2.intl", label: "scroll frame, CJK + emoji, whole (\(renderer.name))", samples: frames,
      details: [
        "glyph cache hit rate": lookups > 0 ? Double(after.hits - before.hits) / Double(lookups) : 0,
        "fontconfig calls /frame": Double(delta.fontconfigCalls) / Double(max(1, frames.samples.count)),
        "missing glyphs /frame": Double(delta.missingGlyphs) / Double(max(1, frames.samples.count)),
      ])
  }
}
