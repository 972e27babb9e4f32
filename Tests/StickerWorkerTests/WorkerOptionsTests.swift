import Testing

@testable import StickerWorker

/// The worker's command line as the app writes it, and what a wrong one gets: the help on standard
/// output with status 0, or the usage error on standard error with status 2.
@Suite struct WorkerOptionsTests {
  /// The options `arguments` serve with, or `nil` (recorded as an issue) when they exit instead.
  private func served(_ arguments: [String]) -> WorkerOptions? {
    guard case .serve(let options) = StickerWorkerMain.start(arguments: arguments) else {
      Issue.record("\(arguments) did not start the worker")
      return nil
    }
    return options
  }

  @Test func noArgumentsServeWithTheDefaultLimits() throws {
    let options = try #require(served([]))
    #expect(options.memoryBytes == 512 << 20)
    #expect(options.cpuSeconds == 600)
    #expect(!options.testHooks)
  }

  @Test func theAppsArgumentsSetTheLimitsAndTheHooks() throws {
    let options = try #require(
      served(["--memory-bytes", "268435456", "--cpu-seconds", "30", "--test-hooks"]))
    #expect(options.memoryBytes == 268_435_456)
    #expect(options.cpuSeconds == 30)
    #expect(options.testHooks)
  }

  @Test func theLimitsComeInAnyOrderAndWithEquals() throws {
    let options = try #require(served(["--test-hooks", "--cpu-seconds=7", "--memory-bytes=1_000_000"]))
    #expect(options.memoryBytes == 1_000_000)
    #expect(options.cpuSeconds == 7)
    #expect(options.testHooks)
  }

  @Test(arguments: [
    (["--memory-bytes", "lots"], "sticker-worker: --memory-bytes: 'lots' is not a positive whole number\n"),
    (["--cpu-seconds", "0"], "sticker-worker: --cpu-seconds: '0' is not a positive whole number\n"),
    (["--memory-bytes", "-5"], "sticker-worker: --memory-bytes: '-5' is not a positive whole number\n"),
    (["--cpu-seconds"], "sticker-worker: --cpu-seconds needs a value\n"),
    (["--memory-bytes", "--test-hooks"], "sticker-worker: --memory-bytes needs a value\n"),
    (["--sandbox-off"], "sticker-worker: unknown option --sandbox-off (see --help)\n"),
    (["--test-hooks=yes"], "sticker-worker: --test-hooks takes no value\n"),
    (["decode.tgs"], "sticker-worker: unexpected argument 'decode.tgs'\n"),
  ])
  func aBadCommandLineExitsTwoWithItsMessageOnStandardError(arguments: [String], message: String) {
    #expect(StickerWorkerMain.start(arguments: arguments) == .exit(status: 2, descriptor: 2, text: message))
  }

  @Test(arguments: [["--help"], ["-h"], ["--memory-bytes", "100", "--help"]])
  func helpExitsZeroWithTheHelpOnStandardOutput(arguments: [String]) {
    let expected = StickerWorkerMain.Start.exit(status: 0, descriptor: 1, text: WorkerOptions.helpText + "\n")
    #expect(StickerWorkerMain.start(arguments: arguments) == expected)
  }

  @Test func theHelpListsEveryOption() {
    let help = WorkerOptions.helpText
    #expect(help.hasPrefix("sticker-worker — "))
    for synopsis in ["--memory-bytes N", "--cpu-seconds N", "--test-hooks", "-h, --help"] {
      #expect(help.contains("\n  \(synopsis) "), "the help does not list \(synopsis)")
    }
    #expect(help.contains("descriptor 3"))
    #expect(help.contains("EXIT STATUS"))
  }
}
