import ChatDemoCore
import Foundation
import Instrumentation

/// P12: keystroke to present. A key's SDL events go through the app's router to the chat view (the
/// edit, its viewport pass), then the frame is drawn by damage and presented (`SDL_RenderPresent`
/// returns) by the software renderer, 480×800, in the message holding three stickers; typing `k`
/// and deleting it in turn. The app's own window is a second view of the figures' storage. A
/// sample ends at the present; the frame's work after it (its accessibility events to clients) is
/// reported beside: its median and p99. `P12.a11y` types with the tree and without it (suspended)
/// in turn, two keys each, and reports both and their ratios: the same machine at the same time.
@MainActor
struct KeystrokePresentFigure {
  let context: FigureContext

  /// Whether the app's accessibility bridge runs while measuring (`P12.a11y`: atk-bridge on the
  /// bus, pumped once a frame, and a client listening for a screen reader's events).
  var accessibility = false

  /// Measures, or returns `nil` without fonts (the headless fallback has no frame to present), or
  /// for `P12.a11y` without an accessibility bus (run under `dbus-run-session`).
  func run() throws -> FigureResult? {
    guard context.environment.fonts != nil else { return nil }
    let probe = try KeystrokeProbe(
      storage: context.storage, runtime: context.environment.runtime, clock: context.environment.clock)
    var client: AccessibilityClient?
    if accessibility {
      guard probe.startAccessibility(), let started = AccessibilityClient.start() else { return nil }
      client = started
    }
    defer { client?.stop() }
    let paragraph = context.generator.typingParagraph
    try probe.placeCaret(inParagraph: paragraph, offset: 4)
    let before = probe.chatView.instrumentation.totals
    let surfaces = probe.chatView.surfacesDrawn
    // With the tree: pairs of keys (type, delete) with it and without it (suspended) in turn, so
    // that both see the same machine at the same time; each sample ends at the present.
    var afterPresent: [Double] = []
    var with: [Double] = []
    var without: [Double] = []
    let sampler = Sampler(warmUp: context.warmUp, samples: context.sampler.samples * (accessibility ? 2 : 1))
    _ = try sampler.runTimingItself({ iteration in
      let on = !accessibility || (iteration / 2).isMultiple(of: 2)
      if accessibility { probe.setAccessibilitySuspended(!on) }
      let start = ContinuousClock.now
      if iteration.isMultiple(of: 2) { try probe.type("k") } else { try probe.backspace() }
      let end = ContinuousClock.now
      let presented = probe.lastPresent.map { min(max($0, start), end) } ?? end
      let sample = Self.seconds(presented - start)
      if iteration >= context.warmUp {
        if on {
          with.append(sample)
          afterPresent.append(Self.seconds(end - presented))
        } else {
          without.append(sample)
        }
      }
      return sample
    })
    let timings = SampleSet(samples: with)
    let keys = Double(max(1, context.warmUp + sampler.samples))
    let delta = probe.chatView.instrumentation.totals - before
    if delta.animationResets != 0 { context.failures.append("P12: \(delta.animationResets) animation resets") }
    var details = [
      "surfaces drawn /key": Double(probe.chatView.surfacesDrawn - surfaces) / keys,
      "providers created /100 keys": Double(delta.providersCreated) * 100 / keys,
    ]
    if accessibility {
      details["bridge dispatches /key"] = Double(probe.accessibilityDispatches) / keys
      let off = SampleSet(samples: without)
      details["off in turn µs, median"] = off.median * 1e6
      details["off in turn µs, p99"] = off.p99 * 1e6
      details["on vs off median %"] = (timings.median / max(off.median, 1e-9) - 1) * 100
      details["on vs off p99 %"] = (timings.p99 / max(off.p99, 1e-9) - 1) * 100
    }
    let after = SampleSet(samples: afterPresent)
    details["after present µs, median"] = after.median * 1e6
    details["after present µs, p99"] = after.p99 * 1e6
    return FigureResult(
      id: accessibility ? "P12.a11y" : "P12",
      label:
        "keystroke to present\(accessibility ? ", accessibility bridge on" : " (router, edit, pass, damage, present)")",
      samples: timings, details: details)
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
