import ChatDemoCore
import Foundation
import Instrumentation
import ReuseKitSupport

/// Reading 4 KB of the transcript as a screen reader does, two ways, with no bus (the tree's own
/// cost):
/// - `A11y.read4k`: from a random message on, each message's accessible element (made on demand
///   from the storage), its name and its text, until 4,096 bytes of text were read;
/// - `A11y.list4k`: `GetText` over 4,096 scalars of the message list's one text (the whole
///   transcript) from a random scalar offset.
@MainActor
struct AccessibleReadFigure {
  let context: FigureContext

  /// Measures both, or returns none without fonts (the app's window cannot open).
  func run() throws -> [FigureResult] {
    guard context.environment.fonts != nil else { return [] }
    let probe = try KeystrokeProbe(
      storage: context.storage, runtime: context.environment.runtime, clock: context.environment.clock)
    var random = SplitMix64(seed: 26)
    let count = context.storage.paragraphCount
    var messages = 0
    let before = probe.chatView.instrumentation.totals
    let timings = try context.sampler.run { _ in
      messages += probe.readMessages(from: Int(random.next() % UInt64(max(1, count - 200))), bytes: 4_096)
    }
    // The list's text: its first use counts the blocks' scalars where the source keeps no sums.
    let first = ContinuousClock().measure { _ = probe.listTextScalarCount }
    let scalars = probe.listTextScalarCount
    var bytes = 0
    let listTimings = try context.sampler.run { _ in
      bytes += probe.readListText(from: Int(random.next() % UInt64(max(1, scalars - 4_096))), scalars: 4_096)
    }
    let delta = probe.chatView.instrumentation.totals - before
    if delta.providersCreated != 0 || delta.viewsLoaded != 0 {
      context.failures.append("A11y.read4k/list4k: reading created \(delta.providersCreated) providers")
    }
    let reads = Double(max(1, context.warmUp + timings.samples.count))
    return [
      FigureResult(
        id: "A11y.read4k", label: "screen reader reads 4 KB of messages (tree, no bus)", samples: timings,
        details: [
          "messages /read": Double(messages) / reads,
          "providers created": Double(delta.providersCreated),
        ]),
      FigureResult(
        id: "A11y.list4k", label: "screen reader reads 4 KB of the list's text (GetText, no bus)",
        samples: listTimings,
        details: [
          "bytes /read": Double(bytes) / Double(max(1, context.warmUp + listTimings.samples.count)),
          "scalars in the text": Double(scalars),
          "first count ms": Double(first.components.attoseconds) / 1e15 + Double(first.components.seconds) * 1e3,
        ]),
    ]
  }
}
