import ChatKit
import Stickers
import TextEngine

/// One P14 trip (``ProviderRoundTrip``) on a view opened for it, with the process's memory read
/// before and after: the resident set after `malloc_trim` (``PeakMemory/liveResidentBytes()``) and the
/// heap in use (``HeapStatistics/bytesInUse()``; 0 where `malloc_info` is missing), and the sticker
/// runtime's shared frame cache, which the drawn frames fill up to its bound whatever the providers.
@MainActor
struct ProviderTripMeasurement {
  /// A frame is drawn every this many passes, so that frames are decoded and textures made.
  static let drawEvery = 50

  let outcome: ProviderRoundTrip.Outcome
  let rssBefore: Int
  let rssAfter: Int
  let heapBefore: Int
  let heapAfter: Int
  /// Bytes in the sticker runtime's frame cache before and after.
  let frameCacheBefore: Int
  let frameCacheAfter: Int
  /// What contradicts persisting providers, and the reuse invariants that do not hold.
  let problems: [String]

  /// Opens `storage` in a new ``BenchFixture`` (the latest message shown), registers `policy` for
  /// sticker providers and makes the round trip through `messages`.
  /// - Parameters:
  ///   - environment: The run's fonts, stickers and clock.
  ///   - storage: The transcript; the trip's view is its only one.
  ///   - messages: The run to scroll through: from its first message to the document's end and back.
  ///   - policy: The reuse policy for ``StickerViewProvider`` (from the trip's first pass).
  init(
    environment: BenchEnvironment, storage: TextContentManager, messages: Range<Int>,
    policy: TextAttachmentViewProviderReusePolicy
  ) throws {
    let fixture = try BenchFixture(environment: environment, storage: storage)
    let view = fixture.view
    view.register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
    let renderer = fixture.chatView.map(ChatFrameRenderer.init)
    var trip = ProviderRoundTrip(
      view: view, messages: messages, drawEvery: Self.drawEvery, draw: { try renderer?.renderFrame(of: view) },
      advance: { environment.clock.advance(by: 1.0 / 60) })
    rssBefore = PeakMemory.liveResidentBytes() ?? 0
    heapBefore = HeapStatistics.bytesInUse() ?? 0
    frameCacheBefore = environment.runtime.frameCache.bytes
    outcome = try trip.run()
    rssAfter = PeakMemory.liveResidentBytes() ?? 0
    heapAfter = HeapStatistics.bytesInUse() ?? 0
    frameCacheAfter = environment.runtime.frameCache.bytes
    problems = outcome.problems(messages: messages.count) + view.reuseInvariantViolations()
  }

  /// Heap growth over the trip, in bytes.
  var heapGrowth: Int { heapAfter - heapBefore }
  /// Heap growth less the frame cache's (shared by every view, bounded, not the providers'), in bytes.
  var viewHeapGrowth: Int { heapGrowth - (frameCacheAfter - frameCacheBefore) }

  /// Resident set and heap in use before and after, in MiB.
  var memoryDetails: [String: Double] {
    [
      "RSS before MiB": Double(rssBefore) / 1_048_576, "RSS after MiB": Double(rssAfter) / 1_048_576,
      "heap before MiB": Double(heapBefore) / 1_048_576, "heap after MiB": Double(heapAfter) / 1_048_576,
      "frame cache before MiB": Double(frameCacheBefore) / 1_048_576,
      "frame cache after MiB": Double(frameCacheAfter) / 1_048_576,
    ]
  }

  /// The figure: the resident set after the trip, with the counts, the memory before and after and
  /// the bytes per live provider in its details: resident growth, heap growth, heap growth less the
  /// frame cache's (``viewHeapGrowth``) and, with a control, that less the control's, each over the
  /// live providers.
  /// - Parameter controlGrowth: The control trip's ``viewHeapGrowth`` (no stickers), when one was made.
  func figure(id: String, label: String, controlGrowth: Int?) -> FigureResult {
    var details = outcome.countDetails.merging(memoryDetails) { $1 }
    if outcome.liveProviders > 0 {
      let providers = Double(outcome.liveProviders)
      details["B/provider RSS"] = (Double(rssAfter - rssBefore) / providers).rounded()
      details["B/provider heap"] = (Double(heapGrowth) / providers).rounded()
      details["B/provider heap-frames"] = (Double(viewHeapGrowth) / providers).rounded()
      if let controlGrowth {
        details["B/provider heap-control"] = (Double(viewHeapGrowth - controlGrowth) / providers).rounded()
      }
    }
    return FigureResult(id: id, label: label, unit: .bytes, value: Double(rssAfter), details: details)
  }
}
