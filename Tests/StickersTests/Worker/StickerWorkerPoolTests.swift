import AnimationRuntime
import Foundation
import Glibc
import ReuseKitSupport
import ReuseKitTestSupport
import Stickers
import Testing

/// The app's side of the sandboxed worker: a sticker that hangs or whose worker is killed becomes
/// one placeholder with one clear error, the next sticker renders, and a restarted worker picks up
/// where the old one left off. (The worker's own side, its sandbox and faults, is in `StickerWorkerTests`.)
@Suite struct StickerWorkerPoolTests {
  /// A runtime decoding in workers with the test hooks on, over `files` (name → bytes).
  private func runtime(
    _ files: [String: [UInt8]], clock: ManualClock = ManualClock(), memoryBytes: Int = 512 << 20
  ) throws -> StickerRuntime {
    let executable = try #require(StickerWorkerPool.Configuration.locateExecutable(), "sticker-worker is built")
    let directory = RepositoryAssets.temporaryDirectory()
    var assets: [StickerAsset] = []
    for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
      let file = directory.appendingPathComponent(name + ".json")
      try Data(bytes).write(to: file)
      assets.append(StickerAsset(name: name, file: file))
    }
    return StickerRuntime(
      clock: clock, library: StickerLibrary(directory: directory, assets: assets),
      decoding: .sandboxed(
        .init(executable: executable, memoryBytes: memoryBytes, testHooks: true, budgetScale: .fixed(1))))
  }

  private func view(_ name: String, _ runtime: StickerRuntime) throws -> StickerView {
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: name, runtime: runtime))
    provider.load(recordingTo: nil)
    return try #require(provider.view as? StickerView)
  }

  private static let solid = Array(StickerFixtures.solidLottie().utf8)
  private static let green = Array(StickerFixtures.solidLottie(colour: [0, 1, 0, 1]).utf8)

  @Test func rlottiesInfiniteLoopFileBecomesThePlaceholderWithinTheBudget() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/repro_infinite_loop.json")
    let clock = ManualClock()
    let runtime = try runtime(["loop": Array(try Data(contentsOf: fixture)), "solid": Self.solid], clock: clock)
    let loop = try view("loop", runtime)
    let solid = try view("solid", runtime)
    #expect(!loop.isPlaceholder, "it loads: rlottie builds it")
    _ = loop.currentFrame(pixelSize: 64)
    clock.advance(by: 1)  // past 0.25 s of animation, where rlottie 0.1 never returns
    let start = MonotonicClock.now
    _ = loop.currentFrame(pixelSize: 64)
    let waited = MonotonicClock.now - start
    #expect(loop.isPlaceholder)
    #expect(loop.failureReason?.contains("render took longer than 250 ms") == true, "\(loop.failureReason ?? "")")
    #expect(loop.failureReason?.contains("repro_infinite_loop") == false)  // the library's file name
    #expect(waited < 0.25 * 4 + 1, "the watchdog stops it within its budget (plus a poll): \(waited) s")
    #expect(runtime.playbackFailures.count == 1)
    #expect(runtime.workerPool?.statistics.killedOverBudget == 1)
    // The other sticker keeps animating.
    #expect(solid.currentFrame(pixelSize: 16)?.isBlank == false)
    #expect(!solid.isPlaceholder)
  }

  @Test func aWorkerKilledMidRenderGivesOnePlaceholder() throws {
    let runtime = try runtime(["victim": Self.solid, "other": Self.green])
    runtime.waitsForWorkerFrames = false  // as the window: nothing waits
    let victim = try view("victim", runtime)
    let other = try view("other", runtime)
    runtime.armWorkerFault(.spin(milliseconds: 800), forSticker: "victim")  // under the stall cap (1 s)
    let pending = victim.currentFrame(pixelSize: 16)
    #expect(pending?.isBlank == true, "before its first frame a sticker draws nothing, without waiting")
    // Kill once the worker has read the render (a kill before that is retried, not blamed).
    let deadline = MonotonicClock.now + 5
    while runtime.workerPool?.workersBusyWithAcceptedRequests == 0, MonotonicClock.now < deadline {
      runtime.pollWorkers()
      usleep(1000)
    }
    let pids = try #require(runtime.workerPool?.workerProcessIDs)
    for pid in pids { kill(pid, SIGKILL) }
    while !victim.isPlaceholder, MonotonicClock.now < deadline {
      runtime.pollWorkers()
      _ = victim.currentFrame(pixelSize: 16)
      usleep(2000)
    }
    #expect(
      victim.failureReason?.contains("decoder was killed (signal 9, SIGKILL)") == true, "\(victim.failureReason ?? "")")
    var frame: RGBAImage?
    while frame?.isBlank ?? true, MonotonicClock.now < deadline {
      frame = other.currentFrame(pixelSize: 16)
      usleep(2000)
    }
    #expect(frame?.isBlank == false && !other.isPlaceholder)
    #expect(runtime.workerPool?.statistics.workerRestarts ?? 0 >= 1)
    #expect(runtime.playbackFailures.count == 1)
  }

  @Test func aNonIntegralCanvasIsRoundedAsRealPlayersDo() throws {
    // lottie-ios's issue_1460.json has "h": 58.84; rlottie 0.1 refused such a file.
    let odd = StickerFixtures.solidLottie().replacingOccurrences(of: "\"w\":16,\"h\":16", with: "\"w\":16,\"h\":15.6")
    #expect(odd.contains("15.6"))
    let runtime = try runtime(["odd": Array(odd.utf8)])
    let view = try view("odd", runtime)
    #expect(!view.isPlaceholder, "\(view.failureReason ?? "")")
    #expect(view.currentFrame(pixelSize: 16)?.isBlank == false)
    #expect(runtime.status(named: "odd").status == .ok)
  }

  @Test func aPausedOrOneFrameStickerDoesNoDecodingWork() throws {
    let clock = ManualClock()
    let still = StickerFixtures.solidLottie(frames: 1)
    let runtime = try runtime(["moving": Self.solid, "still": Array(still.utf8)], clock: clock)
    let moving = try view("moving", runtime)
    let stillView = try view("still", runtime)
    _ = moving.currentFrame(pixelSize: 16)
    _ = stillView.currentFrame(pixelSize: 16)
    let before = try #require(runtime.workerPool?.statistics.renders)
    moving.animationState.pause()
    for _ in 0..<10 {
      clock.advance(by: 0.05)
      _ = moving.currentFrame(pixelSize: 16)
      _ = stillView.currentFrame(pixelSize: 16)
    }
    #expect(runtime.workerPool?.statistics.renders == before, "a paused or one-frame sticker decodes nothing")
    moving.animationState.resume()
    clock.advance(by: 0.05)
    _ = moving.currentFrame(pixelSize: 16)
    #expect(runtime.workerPool?.statistics.renders == before + 1, "and a playing one does")
  }

  @Test func aRestartReloadsStickersWithoutResettingTheirAnimation() throws {
    let clock = ManualClock()
    let runtime = try runtime(["victim": Self.solid, "other": Self.green], clock: clock)
    let other = try view("other", runtime)
    _ = other.currentFrame(pixelSize: 16)
    clock.advance(by: 0.1)
    let frameBefore = other.animationState.frameIndex
    for pid in runtime.workerPool?.workerProcessIDs ?? [] { kill(pid, SIGKILL) }
    usleep(20_000)
    runtime.pollWorkers()
    clock.advance(by: 0.05)
    #expect(other.currentFrame(pixelSize: 16)?.isBlank == false)
    #expect(!other.isPlaceholder)
    #expect(other.animationState.frameIndex > frameBefore, "the state lives in the app and goes on")
    #expect(runtime.workerPool?.statistics.reloads ?? 0 >= 1)
  }
}

/// `CLOCK_MONOTONIC` seconds, for the tests' own deadlines.
private enum MonotonicClock {
  static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// `--stickers DIR` reads a pack laid out in folders.
@Suite struct StickerFolderTests {
  @Test func subfoldersJoinTheLibraryNamedByFolderWithinTheDepthCap() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let solid = Data(StickerFixtures.solidLottie().utf8)
    var folder = directory
    for level in ["pack", "inner", "third", "fourth"] {
      folder = folder.appendingPathComponent(level)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try solid.write(to: folder.appendingPathComponent("\(level)-sticker.json"))
    }
    try solid.write(to: directory.appendingPathComponent("top.json"))
    let library = try StickerLibrary(directory: directory)
    #expect(
      library.names == ["top", "pack/pack-sticker", "pack/inner/inner-sticker", "pack/inner/third/third-sticker"])
    #expect(library.warnings.count == 1 && library.warnings[0].contains("deeper than 3 folders"))
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    #expect(runtime.status(named: "pack/inner/inner-sticker").status == .ok)
  }
}
