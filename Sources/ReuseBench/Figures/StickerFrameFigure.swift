import AnimationRuntime
import ReuseKitSDL

/// P6: rendering every visible sticker for one 60 Hz frame (each view's `currentFrame`, through
/// the shared frame cache, at the pixel size the chat view asks for), and the cache's memory, with the
/// sticker party on screen.
@MainActor
struct StickerFrameFigure {
  let context: FigureContext

  /// Plays four seconds from a cold cache (every animation loops at least once), then the samples.
  /// - Returns: `P6.render` (per frame, all visible stickers, warm cache), `P6.cold` (the first four
  ///   seconds) and `P6.memory` (frame-cache bytes).
  func run() throws -> [FigureResult] {
    let view = context.view
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    try view.scroll(toParagraphAt: context.generator.stickerParty.lowerBound + 4, position: .top)
    let stickers = context.visibleStickerViews()
    let pixelSizes = stickers.map { SDLTextView.stickerPixelSize(for: $0.frame) }
    let cache = context.environment.runtime.frameCache
    let decodesBefore = cache.decodes
    var produced = 0
    let frame = {
      for (sticker, pixelSize) in zip(stickers, pixelSizes) where sticker.currentFrame(pixelSize: pixelSize) != nil {
        produced += 1
      }
    }
    // First 4 s: every frame of every animation is met (and decoded) once.
    let cold = Sampler(warmUp: 0, samples: 240).run(prepare: { _ in context.advanceOneFrame() }, { _ in frame() })
    let coldDecodes = cache.decodes - decodesBefore
    // Then the steady state the goal is about: every frame comes from the cache.
    let warm = Sampler(warmUp: 0, samples: max(context.samples, 240)).run(
      prepare: { _ in context.advanceOneFrame() }, { _ in frame() })
    let decodes = cache.decodes - decodesBefore
    if produced != stickers.count * (cold.samples.count + warm.samples.count) {
      context.failures.append("P6: \(produced) sticker frames produced for \(stickers.count) stickers")
    }
    if cache.evictions == 0, decodes > cache.count {
      context.failures.append("P6: \(decodes) decodes for \(cache.count) cached frames: a frame was decoded twice")
    }
    return [
      FigureResult(
        id: "P6.render", label: "render visible stickers / frame", samples: warm,
        details: ["stickers": Double(stickers.count), "decodes": Double(decodes - coldDecodes)]),
      FigureResult(
        id: "P6.cold", label: "… first 4 s, decoding each frame once", samples: cold,
        details: ["decodes": Double(coldDecodes)]),
      FigureResult(
        id: "P6.memory", label: "frame cache with stickers visible", unit: .bytes, value: Double(cache.bytes),
        details: ["frames cached": Double(cache.count), "evictions": Double(cache.evictions)]),
    ]
  }
}
