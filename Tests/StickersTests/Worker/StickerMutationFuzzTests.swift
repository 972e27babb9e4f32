import AnimationRuntime
import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Stickers
import Testing

/// Mutated real stickers (byte flips, truncations, a duplicated chunk) decoded through the
/// sandboxed worker: whatever a mutant does to its decoder, the app goes on, every mutant gets
/// a frame or one clear error, and the next file still plays.
///
/// `make test` runs 2 mutants of each real file; `FUZZ_FULL=1` (in `make fuzz`) runs 40.
@Suite struct StickerMutationFuzzTests {
  static let mutantsPerFile = ProcessInfo.processInfo.environment["FUZZ_FULL"] == "1" ? 40 : 2

  /// One mutation of `bytes`, chosen by `random`.
  static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var mutant = bytes
    guard !mutant.isEmpty else { return mutant }
    switch random.next(below: 3) {
    case 0:  // flip a few bytes
      for _ in 0..<(1 + random.next(below: 8)) {
        let index = random.next(below: mutant.count)
        mutant[index] ^= UInt8(truncatingIfNeeded: 1 + random.next(below: 255))
      }
    case 1:  // truncate
      mutant = Array(mutant.prefix(random.next(below: mutant.count)))
    default:  // duplicate a chunk in place
      let start = random.next(below: mutant.count)
      let length = min(mutant.count - start, 1 + random.next(below: 4096))
      mutant.insert(contentsOf: mutant[start..<start + length], at: start)
    }
    return mutant
  }

  @Test(arguments: RealStickers.cases)
  func mutantsNeverTakeTheAppDown(_ item: RealStickers.Case) throws {
    var random = SplitMix64(seed: item.path.utf8.reduce(24) { $0 &* 31 &+ UInt64($1) })
    let original = Array(try Data(contentsOf: item.url))
    let directory = RepositoryAssets.temporaryDirectory()
    var assets: [StickerAsset] = []
    for index in 0..<Self.mutantsPerFile {
      let file = directory.appendingPathComponent("m\(index)." + item.url.pathExtension)
      try Data(Self.mutate(original, &random)).write(to: file)
      assets.append(StickerAsset(name: "m\(index)", file: file))
    }
    let controlFile = directory.appendingPathComponent("control.json")
    try Data(StickerFixtures.solidLottie().utf8).write(to: controlFile)
    assets.append(StickerAsset(name: "control", file: controlFile))
    let clock = ManualClock()
    let runtime = StickerRuntime(clock: clock, library: StickerLibrary(directory: directory, assets: assets))
    #expect(runtime.workerPool != nil, "the mutants decode in the sandboxed worker")
    for asset in assets.dropLast() {
      let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: asset.name, runtime: runtime))
      provider.load(recordingTo: nil)
      let view = try #require(provider.view as? StickerView)
      for _ in 0..<3 {
        #expect(view.currentFrame(pixelSize: 48)?.width == 48)
        clock.advance(by: 0.2)
      }
      let status = runtime.status(named: asset.name)
      if status.status == .rejected || view.isPlaceholder {
        let reason = status.reason ?? view.failureReason ?? ""
        #expect(reason.hasPrefix("sticker file '\(asset.file.path)'"), "\(item.path) \(asset.name): \(reason)")
      }
    }
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "control", runtime: runtime))
    provider.load(recordingTo: nil)
    let control = try #require(provider.view as? StickerView)
    #expect(control.currentFrame(pixelSize: 16)?.isBlank == false && !control.isPlaceholder)
  }
}
