import AnimationRuntime
import Foundation
import Instrumentation
import ReuseKitTestSupport
import Stickers
import Testing

@Suite struct HostileInputTests {
  private func corpusLibrary() throws -> (StickerLibrary, HostileCorpus) {
    let gif = try [UInt8](Data(contentsOf: StickerFixtures.stickerDirectory.appendingPathComponent("spinner.gif")))
    let corpus = HostileCorpus(validGIF: gif)
    var files: [String: [UInt8]] = [:]
    for item in corpus.cases { if let bytes = item.bytes { files[item.file] = bytes } }
    let library = try StickerFixtures.library(
      files: files, entries: corpus.cases.map { ($0.name, $0.file, $0.kind, $0.frames) })
    return (library, corpus)
  }

  @Test func everyBadFileGivesThePlaceholderAndOneClearError() throws {
    let (library, corpus) = try corpusLibrary()
    #expect(corpus.cases.count >= 15)
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    let instrumentation = Instrumentation()
    for item in corpus.cases + [
      HostileCorpus.Case(name: "ghost", file: "ghost", kind: "lottie", expectedReason: "no sticker named 'ghost'")
    ] {
      let attachment = StickerAttachment(stickerName: item.name, runtime: runtime)
      let provider = StickerFixtures.provider(for: attachment)
      let delta = instrumentation.measure { provider.load(recordingTo: instrumentation) }
      let view = try #require(provider.view as? StickerView, "\(item.name)")
      #expect(view.isPlaceholder, "\(item.name) loaded")
      #expect(delta.animationStatesCreated == 0)
      let errors = instrumentation.events.filter { $0.kind == .error && $0.attachmentID == attachment.id }
      #expect(errors.count == 1, "\(item.name)")
      let message = errors.first?.message ?? ""
      #expect(message.contains(item.file), "\(item.name): \(message)")
      #expect(message.contains(item.expectedReason), "\(item.name): \(message)")
      #expect(view.failureReason == message)
      let placeholder = try #require(view.currentFrame(pixelSize: 32))
      #expect(!placeholder.isBlank)
    }
    #expect(instrumentation.errorCount == corpus.cases.count + 1)
  }

  @Test func aBadFileIsReadOnceButReportedForEveryView() throws {
    let (library, _) = try corpusLibrary()
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    let instrumentation = Instrumentation()
    for _ in 0..<3 {
      StickerFixtures.provider(for: StickerAttachment(stickerName: "truncated", runtime: runtime))
        .load(recordingTo: instrumentation)
    }
    #expect(instrumentation.errorCount == 3)
  }

  @Test func capsAreConfigurable() throws {
    let library = try StickerFixtures.library(
      files: ["solid.json": Array(StickerFixtures.solidLottie(size: 16, frames: 10).utf8)],
      entries: [("solid", "solid.json", "lottie", 10)])
    let strict = StickerRuntime(
      clock: ManualClock(), library: library, limits: StickerLimits(maxDuration: 0.1))
    let instrumentation = Instrumentation()
    StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: strict)).load(
      recordingTo: instrumentation)
    #expect(instrumentation.events.first?.message?.contains("lasts too long") == true)
    let lenient = StickerRuntime(clock: ManualClock(), library: library)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: lenient))
    provider.load(recordingTo: instrumentation)
    #expect((provider.view as? StickerView)?.isPlaceholder == false)
  }

  @Test func aBadManifestIsAWarningNeverAFailedLibrary() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let manifest = directory.appendingPathComponent("manifest.json")
    try Data(StickerFixtures.solidLottie().utf8).write(to: directory.appendingPathComponent("solid.json"))
    try Data("{\"version\": 1,\n \"stickers\": [}".utf8).write(to: manifest)
    let broken = try StickerLibrary(directory: directory)
    #expect(broken.names == ["solid"])
    #expect(broken.warnings.count == 1)
    #expect(broken.warnings.first?.contains("manifest.json") == true)
    #expect(broken.warnings.first?.contains("line 2, column 15") == true)
    try FileManager.default.removeItem(at: manifest)
    #expect(try StickerLibrary(directory: directory).names == ["solid"])
  }

  @Test func oneBadManifestEntryIsOnePlaceholder() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    try Data(StickerFixtures.solidLottie().utf8).write(to: directory.appendingPathComponent("solid.json"))
    let manifest = """
      {"version":1,"stickers":[{"name":"x","file":"../x.json"},{"file":"solid.json","name":"renamed"},\
      {"name":"strip","file":"s.png","frameCount":true}]}
      """
    try Data(manifest.utf8).write(to: directory.appendingPathComponent("manifest.json"))
    let library = try StickerLibrary(directory: directory)
    #expect(library.names == ["x", "renamed", "strip"])
    let runtime = StickerRuntime(clock: ManualClock(), library: library)
    #expect(runtime.status(named: "renamed").status == .ok)
    let escaping = runtime.status(named: "x")
    #expect(escaping.status == .rejected)
    #expect(escaping.reason?.contains("outside the directory") == true)
    #expect(
      runtime.status(named: "strip").reason?.contains("stickers[2] needs a positive integer \"frameCount\"") == true)
  }

  @Test func renderSizesOutsideTheLimitsAreRefused() throws {
    let runtime = try StickerFixtures.runtime(clock: ManualClock())
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "heart", runtime: runtime))
    provider.load(recordingTo: nil)
    let view = try #require(provider.view as? StickerView)
    #expect(view.currentFrame(pixelSize: 0) == nil)
    #expect(view.currentFrame(pixelSize: 100_000) == nil)
    #expect(runtime.frameCache.decodes == 0)
  }
}
