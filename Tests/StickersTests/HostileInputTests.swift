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
      clock: ManualClock(), library: library, limits: StickerLimits(maxCanvasSide: 8))
    let instrumentation = Instrumentation()
    StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: strict)).load(
      recordingTo: instrumentation)
    #expect(instrumentation.events.first?.message?.contains("canvas 16×16 exceeds 8 px") == true)
    let lenient = StickerRuntime(clock: ManualClock(), library: library)
    let provider = StickerFixtures.provider(for: StickerAttachment(stickerName: "solid", runtime: lenient))
    provider.load(recordingTo: instrumentation)
    #expect((provider.view as? StickerView)?.isPlaceholder == false)
  }

  @Test func badManifestsThrowNamingTheManifest() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let manifest = directory.appendingPathComponent("manifest.json")
    try Data("{\"version\":1,\"stickers\":[".utf8).write(to: manifest)
    #expect { try StickerLibrary(directory: directory) } throws: { error in
      "\(error)".contains("manifest.json") && "\(error)".contains("malformed")
    }
    let escaping = """
      {"version":1,"stickers":[{"name":"x","file":"../x.json","kind":"lottie","width":1,"height":1,\
      "frameCount":1,"frameRate":30}]}
      """
    try Data(escaping.utf8).write(to: manifest)
    #expect { try StickerLibrary(directory: directory) } throws: { error in
      "\(error)".contains("outside the directory")
    }
    try FileManager.default.removeItem(at: manifest)
    #expect { try StickerLibrary(directory: directory) } throws: { error in "\(error)".contains("no such file") }
  }

  @Test func manifestErrorsNameTheLineOrTheEntry() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let manifest = directory.appendingPathComponent("manifest.json")
    try Data("{\"version\": 1,\n \"stickers\": [}".utf8).write(to: manifest)
    #expect { try StickerLibrary(directory: directory) } throws: { error in
      "\(error)".contains("malformed JSON at line 2, column 15")
    }
    let badWidth = """
      {"version":1,"stickers":[{"name":"x","file":"x.json","kind":"lottie","width":true,"height":1,\
      "frameCount":1,"frameRate":30}]}
      """
    try Data(badWidth.utf8).write(to: manifest)
    #expect { try StickerLibrary(directory: directory) } throws: { error in
      "\(error)".contains("stickers[0] needs an integer \"width\"")
    }
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
