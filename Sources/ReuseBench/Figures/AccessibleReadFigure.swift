@_spi(Benchmarks) import ChatDemoCore
import Foundation
import Instrumentation
import ReuseKitSupport

/// Reading 4 KB of the transcript as a screen reader does: from a random message on, each
/// message's accessible element (made on demand from the storage), its name and its text, until
/// 4,096 bytes of text were read. No bus: the tree's own cost.
@MainActor
struct AccessibleReadFigure {
  let context: FigureContext

  /// Measures, or returns `nil` without fonts (the app's window cannot open).
  func run() throws -> FigureResult? {
    guard context.environment.fonts != nil else { return nil }
    let probe = try KeystrokeProbe(
      storage: context.storage, runtime: context.environment.runtime, clock: context.environment.clock)
    var random = SplitMix64(seed: 26)
    let count = context.storage.paragraphCount
    var messages = 0
    let before = probe.chatView.instrumentation.totals
    let timings = try context.sampler.run { _ in
      messages += probe.readMessages(from: Int(random.next() % UInt64(max(1, count - 200))), bytes: 4_096)
    }
    let delta = probe.chatView.instrumentation.totals - before
    if delta.providersCreated != 0 || delta.viewsLoaded != 0 {
      context.failures.append("A11y.read4k: reading the tree created \(delta.providersCreated) providers")
    }
    return FigureResult(
      id: "A11y.read4k", label: "screen reader reads 4 KB of messages (tree, no bus)", samples: timings,
      details: [
        "messages /read": Double(messages) / Double(max(1, context.warmUp + timings.samples.count)),
        "providers created": Double(delta.providersCreated),
      ])
  }
}
