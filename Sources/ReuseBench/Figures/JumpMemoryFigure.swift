import ReuseKitSupport
import TextEngine

/// P10: resident memory after 4,000 random jumps, against resident memory right after open (both
/// after `malloc_trim`, so that memory freed while opening does not hide growth).
///
/// Each jump centres a random message and draws its frame (when a renderer is available), with
/// both reuse policies registered, so that layout, providers, views and textures are all made.
/// Far fragments and paragraphs are released; providers persist (as in TextKit, a
/// provider outlives its fragment while its attachment is in the document), idle and without a view
/// once scrolled out, so every jump to new stickers adds their providers. The details give the live
/// providers and views next to the resident sizes, and the resident growth per live provider.
@MainActor
struct JumpMemoryFigure {
  /// Jumps in a full run (the figure); a smoke run makes fewer.
  static let jumps = 4_000

  let context: FigureContext
  let renderer: (any FrameRendering)?
  let smoke: Bool

  /// Jumps, then reads the resident set size.
  /// - Returns: `P10`: the ratio of resident memory after the jumps to resident memory before them.
  func run() throws -> FigureResult {
    let view = context.view
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    try view.scroll(toParagraphAt: context.storage.paragraphCount - 1, position: .bottom)
    try renderer?.renderFrame(of: view)
    let before = Double(PeakMemory.liveResidentBytes() ?? 0)
    let count = context.storage.paragraphCount
    var random = SplitMix64(seed: 0x10_4000)
    let jumps = smoke ? 200 : Self.jumps
    for _ in 0..<jumps {
      try view.scroll(toParagraphAt: random.next(below: count), position: .center)
      context.advanceOneFrame()
      try renderer?.renderFrame(of: view)
    }
    let after = Double(PeakMemory.liveResidentBytes() ?? 0)
    context.checkInvariants("P10")
    let totals = view.instrumentation.totals
    return FigureResult(
      id: "P10", label: "RSS after \(jumps) jumps / after open", unit: .ratio, value: after / max(before, 1),
      details: [
        "RSS after open": before, "RSS after jumps": after,
        "fragments retained": Double(view.textLayoutManager.retainedFragmentCount),
        "live providers": Double(view.liveObjects.providers), "live views": Double(view.liveObjects.views),
        "providers created": Double(totals.providersCreated),
        "B/provider RSS": ((after - before) / Double(max(1, view.liveObjects.providers))).rounded(),
        "fragments released": Double(totals.layoutFragmentsReleased),
      ])
  }
}
