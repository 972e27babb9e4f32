import AnimationRuntime
import Foundation
import Glibc
import ReuseKitTestSupport
import Stickers
import Synchronization
import Testing

/// The watchdog stops a decoder for its own time, never for the machine's load: CPU time over the
/// budget, or time blocked (neither running nor waiting for a CPU) over four budgets.
@Suite struct StickerWatchdogTests {
  @Test func theRuleCountsTheDecodersTimeNotTheMachines() {
    let verdict = StickerWorkerPool.watchdogVerdict
    #expect(verdict(0.25, 0.1, 0) == nil, "under budget")
    #expect(verdict(0.25, 0.26, 0) == .overBudget, "computing past the budget")
    #expect(verdict(0.25, 0.2, 0.9) == nil, "blocked for less than four budgets")
    #expect(verdict(0.25, 0.01, 1.01) == .stalled, "blocked for more than four budgets")
    // Waiting for a CPU is in neither figure: a render that waited 30 s for a CPU goes on.
    #expect(verdict(0.25, 0.05, 0.01) == nil)
  }

  @Test func aRenderThatWaitsForABusyCPUIsNotStopped() throws {
    let executable = try #require(StickerWorkerPool.Configuration.locateExecutable(), "sticker-worker is built")
    let directory = RepositoryAssets.temporaryDirectory()
    let file = directory.appendingPathComponent("slow.json")
    try Data(StickerFixtures.solidLottie(frames: 600).utf8).write(to: file)
    let clock = ManualClock()
    let runtime = StickerRuntime(
      clock: clock, library: StickerLibrary(directory: directory, assets: [StickerAsset(name: "slow", file: file)]),
      decoding: .sandboxed(.init(executable: executable, workerCount: 1)))
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "slow", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    _ = view.currentFrame(pixelSize: 64)
    let pid = try #require(runtime.workerPool?.workerProcessIDs.first)
    // The worker runs at the idle priority beside a busy thread on every CPU: it waits for a CPU far
    // longer than the old wall-clock cap (four budgets, 1 s) while its renders cost milliseconds.
    #expect(CPUStarvation.demote(pid), "sched_setscheduler(SCHED_IDLE) for the worker")
    let hogs = CPUStarvation.startBusyThreads()
    defer { hogs.stop() }
    var slowest = 0.0
    let deadline = Date().addingTimeInterval(20)
    while slowest < 1.5, Date() < deadline, !view.isPlaceholder {
      clock.advance(by: 1.0 / 30)
      let start = Date()
      _ = view.currentFrame(pixelSize: 128)
      slowest = max(slowest, Date().timeIntervalSince(start))
    }
    hogs.stop()
    try #require(slowest > 1.0, "a render waited longer than four budgets for the CPU (slowest \(slowest) s)")
    #expect(!view.isPlaceholder, "\(view.failureReason ?? "")")
    #expect(runtime.workerPool?.statistics.killedOverBudget == 0)
    #expect(runtime.playbackFailures.isEmpty)
  }
}

/// Makes a worker wait for a CPU: at `SCHED_IDLE`, beside a busy thread on every CPU.
private enum CPUStarvation {
  /// Puts `pid` at the idle priority. - Returns: Whether the call succeeded.
  static func demote(_ pid: Int32) -> Bool {
    var parameters = sched_param(sched_priority: 0)
    let idlePolicy: Int32 = 5  // SCHED_IDLE
    return sched_setscheduler(pid, idlePolicy, &parameters) == 0
  }

  /// Threads spinning until stopped.
  final class BusyThreads: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = Atomic<Int>(0)
    let count = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    func spin() {
      while running.load(ordering: .relaxed) {}
      finished.add(1, ordering: .releasing)
    }

    /// Stops the threads and waits for them (again: nothing).
    func stop() {
      running.store(false, ordering: .relaxed)
      while finished.load(ordering: .acquiring) < count { usleep(1000) }
    }
  }

  static func startBusyThreads() -> BusyThreads {
    let busy = BusyThreads()
    for _ in 0..<busy.count { Thread.detachNewThread { busy.spin() } }
    return busy
  }
}
