import Foundation
import Stickers
import Testing

@testable import StickerWorker

/// The worker's sandbox: a real worker runs under its kernel limits and filter, and a decoder that
/// crashes, opens a file or a socket, or allocates past the limit ends its worker and becomes one
/// placeholder with one clear error, while the next sticker renders.
@Suite struct StickerSandboxTests {
  private static let solid = SandboxedStickers.solidLottie(colour: [1, 0.5, 0, 1])
  private static let green = SandboxedStickers.solidLottie(colour: [0, 1, 0, 1])

  @Test func theFilterAllowsReadingOnlyRequestsAndWritingOnlyAnswers() {
    #expect(StickerSandbox.allowedSystemCalls.contains("read"))
    #expect(StickerSandbox.allowedSystemCalls.contains("write"))
    for forbidden in ["open", "openat", "socket", "connect", "execve", "clone", "ptrace", "setrlimit", "prlimit64"] {
      #expect(!StickerSandbox.allowedSystemCalls.contains(forbidden), "\(forbidden) is allowed")
    }
    #expect(StickerSandbox.keptDescriptors == 4, "requests, answers, errors and the frame memory")
  }

  @Test func aWorkerRunsInTheSandboxWithItsLimits() throws {
    let stickers = try SandboxedStickers(["solid": Self.solid])
    let frame = try #require(stickers.view("solid")).currentFrame(pixelSize: 16)
    #expect(frame?.isBlank == false)
    let pid = try #require(stickers.runtime.workerPool?.workerProcessIDs.first)
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    #expect(status.contains("NoNewPrivs:\t1"))
    #expect(status.contains("Seccomp:\t2"))  // a filter
    let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
    #expect(limits.split(separator: "\n").contains { $0.hasPrefix("Max open files") && $0.contains(" 4 ") })
    #expect(limits.split(separator: "\n").contains { $0.hasPrefix("Max file size") && $0.contains(" 0 ") })
    #expect(stickers.runtime.workerPool?.statistics.renders == 1)
  }

  /// Arms `fault` for `victim`'s next render, renders it, and checks the outcome and that `other` still renders.
  private func expectFault(_ fault: WorkerFault, memoryBytes: Int = 512 << 20, reason: String) throws {
    let stickers = try SandboxedStickers(["victim": Self.solid, "other": Self.green], memoryBytes: memoryBytes)
    let runtime = stickers.runtime
    let victim = try #require(stickers.view("victim"))
    let other = try #require(stickers.view("other"))
    runtime.armWorkerFault(fault, forSticker: "victim")
    _ = victim.currentFrame(pixelSize: 16)
    #expect(victim.isPlaceholder, "\(fault)")
    #expect(victim.failureReason?.contains(reason) == true, "\(fault): \(victim.failureReason ?? "")")
    #expect(runtime.playbackFailures.count == 1)
    #expect(runtime.status(named: "victim").status == .rejected)
    let frame = other.currentFrame(pixelSize: 16)
    #expect(frame?.isBlank == false && !other.isPlaceholder, "the next sticker renders after \(fault)")
    #expect(runtime.workerPool?.statistics.crashes == 1)
  }

  @Test func aWorkerThatSegfaultsGivesOnePlaceholder() throws {
    try expectFault(.segfault, reason: "decoder crashed (signal 11, SIGSEGV)")
  }

  @Test func theSandboxKillsAWorkerThatOpensAFile() throws {
    try expectFault(.openFile, reason: "killed by the sandbox for a forbidden system call (signal 31, SIGSYS)")
  }

  @Test func theSandboxKillsAWorkerThatOpensASocket() throws {
    try expectFault(.openSocket, reason: "killed by the sandbox for a forbidden system call (signal 31, SIGSYS)")
  }

  @Test func aWorkerOverItsMemoryLimitGivesOnePlaceholder() throws {
    // RLIMIT_AS refuses the allocation; the Swift runtime then aborts the worker.
    try expectFault(.allocate(bytes: 1 << 30), memoryBytes: 128 << 20, reason: "decoder crashed (signal 6, SIGABRT)")
  }
}
