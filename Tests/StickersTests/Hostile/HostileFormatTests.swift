import AnimationRuntime
import Foundation
import ReuseKitTestSupport
import Stickers
import Testing

/// Hostile variants of the real formats, generated here: each gets one clear error naming the
/// format and the reason, and loading it stays within bounded memory, measured in a child process.
@Suite struct HostileFormatTests {
  /// One hostile file.
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let kind: String
    let reason: String
    let make: @Sendable () throws -> [UInt8]
    var testDescription: String { file }
  }

  /// The real files the variants start from.
  static func real(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: RealStickers.directory.appendingPathComponent(path)))
  }

  static let cases: [Case] = [
    Case(file: "bomb.tgs", kind: "tgs", reason: "Telegram .tgs (gzip Lottie)): inflates past the 8388608-byte cap") {
      HostileFiles.gzipZeros(count: 256 << 20)
    },
    Case(file: "bomb.lottie", kind: "dotLottie", reason: "inflates past the 8388608-byte cap") {
      try HostileFiles.zip([
        ("manifest.json", HostileFiles.dotLottieManifest("a")),
        ("animations/a.json", Array(repeating: 0x20, count: 64 << 20)),
      ])
    },
    Case(file: "slip.lottie", kind: "dotLottie", reason: "zip entry '../../escape.json' has an unsafe path (zip-slip)")
    {
      try HostileFiles.zip([
        ("manifest.json", HostileFiles.dotLottieManifest("a")),
        ("animations/a.json", Array(StickerFixtures.solidLottie().utf8)),
        ("../../escape.json", Array(StickerFixtures.solidLottie().utf8)),
      ])
    },
    Case(file: "truncated.webp", kind: "webp", reason: "(WebP): was rejected by the decoder (libwebp") {
      let bytes = try real("animated-webp-apng/sdwebimage-TestImageAnimated.webp")
      return Array(bytes.prefix(bytes.count * 2 / 3))
    },
    Case(file: "huge-canvas.webp", kind: "webp", reason: "(WebP): would decode to 1073741824 bytes (limit 50331648)") {
      HostileFiles.webpClaimingCanvas(side: 16_384)
    },
    Case(file: "truncated.png", kind: "apng", reason: "(APNG): is malformed (truncated") {
      let bytes = try real("animated-webp-apng/sdwebimage-TestImageAnimated.apng")
      return Array(bytes.prefix(bytes.count / 2))
    },
    Case(file: "billion.png", kind: "apng", reason: "acTL declares 1000000000 frames but the file holds 4") {
      HostileFiles.apng(try real("animated-webp-apng/pillow-apng-delay.png"), claimingFrames: 1_000_000_000)
    },
    Case(file: "overflow.png", kind: "apng", reason: "(APNG): would decode to") {
      HostileFiles.apng(try real("animated-webp-apng/pillow-apng-delay.png"), claimingSide: 0xFFFF_FFFF)
    },
    Case(file: "huge-image.json", kind: "lottie", reason: "would decode to 3600000000 bytes (limit 33554432)") {
      HostileFiles.embeddedHugePNG(side: 30_000)
    },
    Case(file: "repeater-1e9.json", kind: "lottie", reason: "too costly to draw (estimated 2000000001 shape draws") {
      HostileFiles.repeater(copies: 1_000_000_000)
    },
    Case(file: "repeater-1e6.json", kind: "lottie", reason: "too costly to draw (estimated 2000001 shape draws") {
      HostileFiles.repeater(copies: 1_000_000)
    },
  ]

  @Test(.enabled(if: Sanitizers.areOff, "measures memory: not under a sanitizer"), arguments: cases)
  func hostileFileGetsOneClearErrorInBoundedMemory(_ item: Case) throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let file = directory.appendingPathComponent(item.file)
    try Data(try item.make()).write(to: file)
    // In process: the placeholder's error names the file, the real format and the reason.
    let name = file.deletingPathExtension().lastPathComponent
    let runtime = StickerRuntime(
      clock: ManualClock(),
      library: StickerLibrary(directory: directory, assets: [StickerAsset(name: name, file: file)]))
    let status = runtime.status(named: name)
    #expect(status.status == .rejected)
    #expect(status.kind == item.kind)
    #expect(status.reason?.contains(item.file) == true)
    #expect(status.reason?.contains(item.reason) == true, "\(status.reason ?? "no reason")")
    // In a child process: the same outcome, and loading raised the peak RSS by under 64 MiB.
    let probe = try StickerProbeProcess.probe(file)
    #expect(probe.status == "rejected")
    #expect(probe.reason == status.reason)
    #expect(probe.peak > 0)
    #expect(probe.growthMiB < 64, "\(item.file) raised the peak RSS by \(probe.growthMiB) MiB")
  }

  @Test(.enabled(if: Sanitizers.areOff, "measures memory: not under a sanitizer"))
  func theChildProcessMeasuresRealWork() throws {
    // The probe is no stub: a real sticker loads and renders there, and its peak memory is reported.
    let probe = try StickerProbeProcess.probe(
      RealStickers.directory.appendingPathComponent("gif/lottieweb-Example1.gif"))
    #expect(probe.status == "ok")
    #expect(probe.kind == "gif")
    #expect(probe.peak >= probe.peakBefore && probe.peakBefore > 1024)
    // Example1 would take 113 MiB decoded at full size; played lazily it stays far below.
    #expect(probe.growthMiB < 48, "\(probe.growthMiB) MiB")
  }

  @Test func aRenderOverItsTimeBudgetBecomesThePlaceholder() throws {
    // A timer that says each render took 2 s (the budget is 0.25 s).
    final class SlowTimer: AnimationClock {
      private(set) var reads = 0
      var now: Double {
        reads += 1
        return Double(reads) * 2
      }
    }
    let directory = RepositoryAssets.temporaryDirectory()
    let file = directory.appendingPathComponent("solid.json")
    try Data(StickerFixtures.solidLottie().utf8).write(to: file)
    let runtime = StickerRuntime(
      clock: ManualClock(),
      library: StickerLibrary(directory: directory, assets: [StickerAsset(name: "solid", file: file)]),
      decoding: .inProcess)  // the injected timer times in-process renders; workers have the watchdog
    let timer = SlowTimer()
    runtime.renderTimer = timer
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    #expect(!view.isPlaceholder)
    let frame = try #require(view.currentFrame(pixelSize: 32))
    #expect(timer.reads == 2)
    #expect(view.isPlaceholder)
    #expect(frame == runtime.library.placeholder.image(pixelSize: 32))
    #expect(
      view.failureReason?.contains("exceeded its render budget (frame 0 at 32 px took 2000 ms, budget 250 ms)") == true)
    #expect(runtime.status(named: "solid").status == .rejected)
    // Within budget, the same sticker plays.
    let fast = StickerRuntime(
      clock: ManualClock(),
      library: StickerLibrary(directory: directory, assets: [StickerAsset(name: "solid", file: file)]))
    fast.renderTimer = ManualClock()
    let second = StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: fast))
    second.load(recordingTo: nil)
    let played = try #require(second.view as? StickerView)
    _ = played.currentFrame(pixelSize: 32)
    #expect(!played.isPlaceholder)
  }

  @Test func realFilesStayUnderTheCostEstimateCap() throws {
    // The cost cap is tuned on real files: every real Lottie that plays passes it with room to spare,
    // while a repeater of a million copies does not.
    for item in RealStickers.playing where ["lottie", "tgs", "dotLottie"].contains(item.kind) {
      let runtime = RealStickerTests.runtime(item)
      #expect(runtime.status(named: item.name).status == .ok, "\(item.path)")
    }
    let strict = StickerLimits(maxLottieCost: 10)
    let directory = RepositoryAssets.temporaryDirectory()
    let file = directory.appendingPathComponent("r.json")
    try Data(HostileFiles.repeater(copies: 6)).write(to: file)
    let library = StickerLibrary(directory: directory, assets: [StickerAsset(name: "r", file: file)])
    #expect(StickerRuntime(clock: ManualClock(), library: library).status(named: "r").status == .ok)
    let refused = StickerRuntime(clock: ManualClock(), library: library, limits: strict).status(named: "r")
    #expect(refused.reason?.contains("estimated 13 shape draws per frame, limit 10") == true, "\(refused.reason ?? "")")
  }
}
