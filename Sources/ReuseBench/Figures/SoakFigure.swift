import ReuseKitSupport
import TextEngine

/// P11: a soak. Simulated minutes of scrolling at 60 Hz (the animation clock advances one frame
/// per step), with resident memory sampled every simulated 15 seconds.
///
/// The user flings down, flings up, reads slowly and jumps, chosen at random every 10 simulated
/// seconds. Every frame runs the engine (scroll and viewport pass); every
/// ``drawEvery``-th frame is also drawn, so that a 30-minute soak takes about a minute.
/// The figure is the growth after the first simulated minute, when the caches have filled.
@MainActor
struct SoakFigure {
  /// Frames per simulated second.
  static let framesPerSecond = 60
  /// One frame in this many is drawn.
  static let drawEvery = 10

  let context: FigureContext
  let renderer: (any FrameRendering)?
  /// Simulated minutes of scrolling.
  let minutes: Double

  /// Scrolls for ``minutes`` simulated minutes.
  /// - Returns: `P11`: the growth of resident memory from the end of the first simulated minute
  ///   (or the first sample, in a shorter soak) to the largest sample after it, as a fraction.
  func run() throws -> FigureResult {
    let view = context.view
    context.register([.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let count = context.storage.paragraphCount
    var random = SplitMix64(seed: 0x50A4)
    let frames = Int(minutes * 60 * Double(Self.framesPerSecond))
    let segment = 10 * Self.framesPerSecond
    let sampleEvery = 15 * Self.framesPerSecond
    let baselineFrame = min(60 * Self.framesPerSecond, frames / 2)
    var speed = 0.0
    var baseline: Double?
    var largest = 0.0
    var samples: [Double] = []
    for frame in 0..<frames {
      if frame % segment == 0 {
        switch random.next(below: 4) {
        case 0: speed = 24  // a fling down: 1,440 pt/s
        case 1: speed = -24  // a fling up
        case 2: speed = 2  // reading
        default:
          try view.scroll(toParagraphAt: random.next(below: count), position: .center)
          speed = 4
        }
      }
      if view.scrollOffset + speed <= 0 || view.scrollOffset + speed >= view.textLayoutManager.documentHeight {
        speed = -speed
      }
      view.scroll(by: speed)
      context.advanceOneFrame()
      if frame % Self.drawEvery == 0 { try renderer?.renderFrame(of: view) }
      if frame % sampleEvery == sampleEvery - 1 || frame == baselineFrame {
        let resident = Double(PeakMemory.liveResidentBytes() ?? 0)
        if frame == baselineFrame { baseline = resident }
        if frame >= baselineFrame {
          samples.append(resident)
          largest = max(largest, resident)
        }
      }
    }
    context.checkInvariants("P11")
    let start = baseline ?? samples.first ?? 0
    return FigureResult(
      id: "P11", label: "RSS growth, \(Format.number(minutes)) min soak", unit: .ratio,
      value: start > 0 ? (largest - start) / start : 0,
      details: [
        "RSS at 1 min": start, "RSS largest after": largest, "RSS at end": samples.last ?? 0,
        "samples": Double(samples.count), "frames": Double(frames),
        "fragments retained": Double(view.textLayoutManager.retainedFragmentCount),
        "live providers": Double(view.liveObjects.providers),
      ])
  }
}
