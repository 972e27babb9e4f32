import AnimationRuntime
import Foundation
import Instrumentation
import ReuseKitSupport
import Stickers
import Testing

/// Every real file of `../shared/real-stickers/` gets the outcome `EXPECTED.md` gives it.
@Suite struct RealStickerTests {
  /// A runtime over one real file, named by its file name.
  static func runtime(_ item: RealStickers.Case, clock: ManualClock = ManualClock()) -> StickerRuntime {
    let library = StickerLibrary(
      directory: item.url.deletingLastPathComponent(), assets: [StickerAsset(name: item.name, file: item.url)])
    return StickerRuntime(clock: clock, library: library)
  }

  @Test func everyListedFileIsThere() throws {
    let expected = try String(
      contentsOf: RealStickers.directory.appendingPathComponent("EXPECTED.md"), encoding: .utf8)
    for item in RealStickers.cases {
      #expect(FileManager.default.fileExists(atPath: item.url.path), "\(item.path) is missing")
      #expect(expected.contains(item.url.lastPathComponent), "\(item.path) is not in EXPECTED.md")
    }
    #expect(RealStickers.cases.count == 39)
  }

  @Test(arguments: RealStickers.cases)
  func fileGetsItsExpectedOutcome(_ item: RealStickers.Case) throws {
    let clock = ManualClock()
    let runtime = Self.runtime(item, clock: clock)
    #expect(runtime.workerPool != nil, "real files decode in the sandboxed worker")
    let instrumentation = Instrumentation()
    let attachment = StickerAttachment(stickerName: item.name, runtime: runtime)
    let provider = StickerFixtures.provider(for: attachment)
    provider.load(recordingTo: instrumentation)
    let view = try #require(provider.view as? StickerView)
    let status = runtime.status(named: item.name)
    #expect(status.kind == item.kind, "\(item.path): kind \(status.kind ?? "none")")
    let warnings = instrumentation.events.filter { $0.kind == .warning }
    switch item.outcome {
    case .reject(let reason):
      #expect(view.isPlaceholder)
      #expect(status.status == .rejected)
      #expect(instrumentation.errorCount == 1)
      let message = try #require(view.failureReason)
      #expect(message.contains(item.url.lastPathComponent), "\(message)")
      #expect(message.contains(reason), "\(message)")
      #expect(status.reason == message)
      return
    case .play:
      #expect(status.warnings.isEmpty, "\(item.path): \(status.warnings)")
      #expect(warnings.isEmpty)
    case .playAndWarn(let words):
      #expect(status.warnings.count == 1, "\(item.path): \(status.warnings)")
      for word in words { #expect(status.warnings.first?.contains(word) == true, "\(status.warnings)") }
      #expect(warnings.count == 1)
      #expect(warnings.first?.message?.contains(item.name) == true)
    case .playMaybeWarn:
      #expect(status.warnings.count <= 1)
      #expect(warnings.count == status.warnings.count)
    }
    #expect(!view.isPlaceholder, "\(item.path): \(view.failureReason ?? "")")
    #expect(status.status == .ok && status.reason == nil)
    #expect(instrumentation.errorCount == 0)
    // A second view of the same sticker logs no second warning.
    let again = StickerFixtures.provider(for: StickerAttachment(stickerName: item.name, runtime: runtime))
    again.load(recordingTo: instrumentation)
    #expect(instrumentation.events.filter { $0.kind == .warning }.count == warnings.count)
    // Frames at two times differ (a file drawing one still picture says so in `RealStickers`).
    let loop = view.animationState.loopDuration
    clock.advance(by: loop * 0.3)
    let early = try #require(view.currentFrame(pixelSize: 128))
    clock.advance(by: loop * 0.3)
    let late = try #require(view.currentFrame(pixelSize: 128))
    #expect(early.width == 128 && early.height == 128)
    #expect(!early.isBlank || !late.isBlank, "\(item.path) draws nothing")
    if RealStickers.stills.contains(item.path) {
      #expect(early == late, "\(item.path) is listed as a still picture but changes")
    } else {
      #expect(early != late, "\(item.path): frames at 30% and 60% of the loop are identical")
    }
  }
}
