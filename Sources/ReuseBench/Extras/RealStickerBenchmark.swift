import AnimationRuntime
import ChatDemoCore
import ChatKit
import Foundation
import Stickers

/// The real sticker files of `../shared/real-stickers/`: for each file that plays, the
/// first-frame latency (load plus first render, fresh runtime) and the frame cost at 128 px; then
/// P6 with 30 real stickers visible (views round-robin over those files, through the frame cache).
@MainActor
enum RealStickerBenchmark {
  /// `../shared/real-stickers` beside the checkout (`REAL_STICKERS` overrides), if present.
  static func directory() -> URL? {
    if let path = ProcessInfo.processInfo.environment["REAL_STICKERS"] { return URL(fileURLWithPath: path) }
    guard let assets = AssetLocator.assetsDirectory() else { return nil }
    let url = assets.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "shared/real-stickers")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Every sticker file under `directory` (one level of sub-folders), sorted.
  static func files(in directory: URL) -> [URL] {
    let manager = FileManager.default
    let folders = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    return folders.flatMap { folder -> [URL] in
      let url = directory.appendingPathComponent(folder)
      return ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).sorted().map {
        url.appendingPathComponent($0)
      }
      .filter { StickerLibrary.stickerExtensions.contains($0.pathExtension.lowercased()) }
    }
  }

  /// A runtime over `files`, each named after its file.
  private static func runtime(
    _ files: [URL], clock: ManualClock = ManualClock(), cache: FrameCache = FrameCache(),
    decoding: StickerDecoding = .automatic
  ) -> StickerRuntime {
    let library = StickerLibrary(
      directory: files.first?.deletingLastPathComponent() ?? URL(fileURLWithPath: "."),
      assets: files.map { StickerAsset(name: $0.deletingPathExtension().lastPathComponent, file: $0) })
    return StickerRuntime(clock: clock, library: library, frameCache: cache, decoding: decoding)
  }

  /// The sandboxed decoding, or `nil` (with why) when `sticker-worker` is not built beside reuse-bench.
  static func workerDecoding() -> StickerDecoding? {
    if case .sandboxed = StickerDecoding.automatic { return .automatic }
    return nil
  }

  /// The table.
  /// - Parameter smoke: Fewer samples, for a quick check.
  static func table(smoke: Bool) -> String {
    guard let directory = directory() else {
      return "real sticker files: ../shared/real-stickers not found (set REAL_STICKERS=DIR)"
    }
    let latencySamples = smoke ? 1 : 5
    let frameSamples = smoke ? 8 : 60
    let worker = workerDecoding()
    var lines = [
      worker == nil
        ? "WARNING: sticker-worker is not built beside reuse-bench (swift build -c release --product sticker-worker): "
          + "the worker columns are missing" : "decoding: in process, and in the sandboxed sticker-worker",
      "file".padding(toLength: 56, withPad: " ", startingAt: 0)
        + "kind       frames  first frame   (worker)      128 px median  p99   (worker median)",
    ]
    var playing: [URL] = []
    for file in files(in: directory) {
      let name = file.deletingPathExtension().lastPathComponent
      let label = file.deletingLastPathComponent().lastPathComponent + "/" + file.lastPathComponent
      // First-frame latency: a fresh runtime (no cache, no parsed model) each time; in the worker,
      // a fresh pool too, so its worker's start is in the figure.
      func firstFrame(_ decoding: StickerDecoding) -> (SampleSet, StickerLoadStatus?) {
        var latencies: [Double] = []
        var status: StickerLoadStatus?
        for _ in 0..<latencySamples {
          let fresh = runtime([file], decoding: decoding)
          let start = Stopwatch.now()
          status = fresh.status(named: name)
          _ = try? fresh.player(named: name).render(frame: 0, pixelSize: 128)
          latencies.append(Stopwatch.now() - start)
        }
        return (SampleSet(samples: latencies), status)
      }
      let (latency, status) = firstFrame(.inProcess)
      let workerLatency = worker.map { firstFrame($0).0 }
      guard let status, status.status == .ok,
        let player = try? runtime([file], decoding: .inProcess).player(named: name)
      else {
        lines.append(
          label.padding(toLength: 56, withPad: " ", startingAt: 0) + "rejected: "
            + (status?.reason.map { String($0.suffix(70)) } ?? "?"))
        continue
      }
      playing.append(file)
      // Frame cost: up to `frameSamples` frames spread over the loop, in playing order, uncached.
      let step = max(1, player.frameCount / frameSamples)
      let timings = stride(from: 0, to: player.frameCount, by: step).prefix(frameSamples).map { frame -> Double in
        let start = Stopwatch.now()
        _ = player.render(frame: frame, pixelSize: 128)
        return Stopwatch.now() - start
      }
      let frames = SampleSet(samples: timings)
      var workerFrames = "—"
      let remoteRuntime = worker.map { runtime([file], decoding: $0) }  // kept: its pool owns the worker
      if let remote = try? remoteRuntime?.player(named: name) {
        let remoteTimings = stride(from: 0, to: remote.frameCount, by: step).prefix(frameSamples).map { frame in
          let start = Stopwatch.now()
          _ = remote.render(frame: frame, pixelSize: 128)
          return Stopwatch.now() - start
        }
        workerFrames = Format.seconds(SampleSet(samples: remoteTimings).median)
      }
      lines.append(
        label.padding(toLength: 56, withPad: " ", startingAt: 0)
          + (status.kind ?? "?").padding(toLength: 11, withPad: " ", startingAt: 0)
          + String(player.frameCount).padding(toLength: 8, withPad: " ", startingAt: 0)
          + Format.seconds(latency.median).padding(toLength: 14, withPad: " ", startingAt: 0)
          + (workerLatency.map { Format.seconds($0.median) } ?? "—").padding(toLength: 14, withPad: " ", startingAt: 0)
          + Format.seconds(frames.median).padding(toLength: 15, withPad: " ", startingAt: 0)
          + Format.seconds(frames.p99).padding(toLength: 11, withPad: " ", startingAt: 0) + workerFrames)
    }
    // The goal: at the size the chat draws an inline sticker, with the default cache.
    let inline = Int(ChatTextView.inlineStickerBounds.width)
    if let worker {
      lines.append(
        visible(
          playing, smoke: smoke, capacity: FrameCache.defaultCapacityBytes, pixelSize: inline, isGoal: true,
          decoding: worker))
    }
    lines.append(
      visible(
        playing, smoke: smoke, capacity: FrameCache.defaultCapacityBytes, pixelSize: inline, isGoal: worker == nil,
        decoding: .inProcess))
    // At twice that (a 2x display), with the default cache and with one holding every frame.
    lines.append(
      visible(playing, smoke: smoke, capacity: FrameCache.defaultCapacityBytes, pixelSize: 2 * inline, isGoal: false))
    lines.append(visible(playing, smoke: smoke, capacity: 256 << 20, pixelSize: 2 * inline, isGoal: false))
    return lines.joined(separator: "\n")
  }

  /// P6 with 30 real stickers visible at `pixelSize`: every view's frame each 60 Hz tick through one
  /// frame cache of `capacity` bytes; first until every animation has looped once (cold), then
  /// 10 s (warm: what the goal is about), per frame for all 30.
  /// - Parameter isGoal: Whether this line is the P6 goal (the chat's inline size, the default
  ///   cache) or a line for information.
  private static func visible(
    _ files: [URL], smoke: Bool, capacity: Int, pixelSize: Int, isGoal: Bool, decoding: StickerDecoding = .inProcess
  ) -> String {
    guard !files.isEmpty else { return "P6 real: no playing files" }
    let clock = ManualClock()
    let cache = FrameCache(capacityBytes: capacity)
    var views: [StickerView] = []
    // One runtime, as the app has: in the worker, one pool for all 30.
    let runtime = runtime(files, clock: clock, cache: cache, decoding: decoding)
    for index in 0..<30 {
      let file = files[index % files.count]
      let name = file.deletingPathExtension().lastPathComponent
      guard let player = try? runtime.player(named: name) else { continue }
      views.append(StickerView(stickerName: name, player: player, runtime: runtime, frame: .zero))
    }
    let tick = {
      for view in views { _ = view.currentFrame(pixelSize: pixelSize) }
    }
    let longest = views.map(\.animationState.loopDuration).max() ?? 4
    let coldTicks = smoke ? 30 : Int(min(60, longest) * 60) + 1
    let advance: (Int) -> Void = { _ in clock.advance(by: 1.0 / 60) }
    let cold = Sampler(warmUp: 0, samples: coldTicks).run(prepare: advance, { _ in tick() })
    let coldDecodes = cache.decodes
    let warm = Sampler(warmUp: 0, samples: smoke ? 30 : 600).run(prepare: advance, { _ in tick() })
    let verdict = (warm.p99 <= 0.002 ? "PASS" : "MISS") + (isGoal ? " (the goal)" : " (for information)")
    let memory =
      runtime.workerPool.map {
        "\n  memory: app \(Format.bytes(Double(residentBytes()))) resident, worker pool "
          + "\(Format.bytes(Double($0.workersResidentBytes))) (\($0.workerProcessIDs.count) workers), "
          + "budgets × \(Self.factor($0.budgetScale.load)) for loads, × \(Self.factor($0.budgetScale.render)) for renders"
      } ?? "\n  memory: app \(Format.bytes(Double(residentBytes()))) resident"
    let mode = decoding == .inProcess ? "in process" : "sandboxed worker"
    return """
      P6 real (\(mode)): \(views.count) real stickers visible at \(pixelSize) px (\(files.count) files round robin), \
      frame cache \(Format.bytes(Double(capacity))), per 60 Hz frame:\(memory)
        first \(coldTicks) frames, every loop once (cold): median \(Format.seconds(cold.median)), p99 \(Format.seconds(cold.p99)), \(coldDecodes) decodes
        next 10 s (warm): median \(Format.seconds(warm.median)), p99 \(Format.seconds(warm.p99)), \
      \(cache.decodes - coldDecodes) decodes, \(cache.evictions) evictions, cache \(Format.bytes(Double(cache.bytes)))
        goal p99 ≤ 2 ms: \(verdict)
      """
  }
}

extension RealStickerBenchmark {
  /// A budget factor to one decimal.
  fileprivate static func factor(_ value: Double) -> String { String(Double(Int((value * 10).rounded())) / 10) }
}

/// This process's resident memory (`VmRSS`), in bytes.
private func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
  for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }
  return 0
}
