import AnimationRuntime
import CommandLineSupport
import Foundation
import ReuseKitTestSupport
import SDLSupport
import SDLTestSupport
import Stickers
import Testing

@testable import ChatDemo
@testable import ChatDemoCore

/// `chat-demo --stickers DIR`: every sticker file in DIR joins the library, the palette and the report.
@MainActor @Suite struct UserStickersTests {
  /// `../shared/real-stickers`, beside the checkout.
  nonisolated static let real = RepositoryAssets.directory.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/real-stickers")

  /// A folder of mixed sticker files: real ones (linked, never copied), generated bad ones, a
  /// duplicate name, an unrelated file and a manifest renaming one entry.
  private func mixedFolder() throws -> URL {
    let directory = RepositoryAssets.temporaryDirectory()
    let manager = FileManager.default
    for (name, source) in [
      ("greeting.tgs", "tgs/tdesktop-greeting.tgs"), ("hello.tgs", "tgs/tdesktop-diamond.tgs"),
      ("wink.json", "lottie/rlottie-emoji_wink.json"),
      ("spin.gif", "gif/sdwebimage-TestImage.gif"),
      ("cube.webp", "animated-webp-apng/sdwebimage-TestImageAnimated.webp"),
      ("delay.png", "animated-webp-apng/pillow-apng-delay.png"), ("footage.json", "lottie/lottieweb-footage.json"),
      ("greeting.gif", "gif/sdwebimage-TestLoopCount.gif"),
      ("dot.lottie", "dotlottie/lottieios-DotLottie-animation.lottie"),
    ] {
      try manager.createSymbolicLink(
        at: directory.appendingPathComponent(name), withDestinationURL: Self.real.appendingPathComponent(source))
    }
    let webp = try Data(
      contentsOf: Self.real.appendingPathComponent("animated-webp-apng/sdwebimage-TestImageAnimated.webp"))
    try webp.prefix(webp.count / 2).write(to: directory.appendingPathComponent("half.webp"))
    try Data("{\"w\": oops".utf8).write(to: directory.appendingPathComponent("broken.json"))
    try Data("not a sticker".utf8).write(to: directory.appendingPathComponent("notes.txt"))
    try Data(#"{"stickers": [{"file": "wink.json", "name": "blink"}]}"#.utf8).write(
      to: directory.appendingPathComponent("manifest.json"))
    return directory
  }

  @Test func theFlagReachesWindowAndHeadlessRuns() throws {
    #expect(
      try DemoCommand.parse(["--stickers", "/packs/mine"])
        == .interactive(transcript: nil, quitAfter: nil, stickers: URL(fileURLWithPath: "/packs/mine")))
    guard
      case .headless(let options) = try DemoCommand.parse(["--headless", "--scenario", "s.json", "--stickers", "d"])
    else {
      Issue.record("not headless")
      return
    }
    #expect(options.stickers == URL(fileURLWithPath: "d"))
    #expect(throws: CommandLineError.self) { try DemoCommand.parse(["--stickers"]) }
    #expect(DemoCommand.helpText.contains("--stickers DIR"))
  }

  @Test func aMixedFolderJoinsTheLibraryAndTheReportWithoutFailing() throws {
    let directory = try mixedFolder()
    let transcript = #"{"messages": [{"from": "ana", "parts": ["hi ", {"sticker": "greeting"}]}]}"#
    let json = """
      {"name": "user-stickers", "transcript": \(transcript), "steps": [
        {"op": "select", "message": 0, "offset": "end"}, {"op": "insertSticker", "sticker": "blink"}, {"op": "insertSticker", "sticker": "half"},
        {"op": "insertSticker", "sticker": "broken"}, {"op": "advance", "seconds": 0.5}]}
      """
    let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: directory)
    var options = ScenarioRunner.Options(stickerDirectory: RepositoryAssets.stickers)
    options.userStickerDirectory = directory
    let report = try ScenarioRunner(scenario: scenario, options: options).run()
    let byName = Dictionary(report.stickers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    // Every sticker file of the folder, named after the file (or the manifest), is reported.
    for name in ["greeting", "hello", "blink", "spin", "cube", "delay", "footage", "dot", "half", "broken"] {
      #expect(byName[name] != nil, "\(name) missing from \(report.stickers.map(\.name))")
    }
    #expect(byName["wink"] == nil && byName["notes"] == nil)
    // greeting.gif sorts before greeting.tgs: the first file keeps the name.
    for (name, kind) in [
      ("greeting", "gif"), ("hello", "tgs"), ("blink", "lottie"), ("spin", "gif"), ("cube", "webp"), ("delay", "apng"),
      ("dot", "dotLottie"),
    ] {
      #expect(byName[name]?.status == .ok, "\(name): \(byName[name]?.reason ?? "")")
      #expect(byName[name]?.kind == kind)
    }
    #expect(byName["half"]?.status == .rejected)
    #expect(byName["half"]?.kind == "webp")
    #expect(byName["half"]?.reason?.contains("half.webp") == true)
    #expect(byName["broken"]?.status == .rejected)
    #expect(byName["broken"]?.reason?.contains("invalid JSON") == true)
    #expect(byName["footage"]?.reason?.contains("external image file") == true)
    #expect(byName["greeting"]?.warnings.contains { $0.contains("duplicate sticker name 'greeting'") } == true)
    // The bad stickers became placeholders with one error each; the run itself went on.
    #expect(report.errors.count == 2)
    #expect(report.framesRendered > 0)
  }

  @Test func thePalettePagesPastNineStickers() throws {
    let directory = try mixedFolder()
    let library = try StickerLibrary(directories: [RepositoryAssets.stickers, directory])
    #expect(library.names.count > 9)
    let environment = try SDLTestEnvironment()
    _ = environment
    let palette = StickerPalette(
      runtime: StickerRuntime(clock: ManualClock(), library: library),
      renderer: try SDLRenderer.offscreen(width: 480, height: 60))
    #expect(palette.buttonCount == 9)
    #expect(palette.pageCount == (library.names.count + 8) / 9)
    let firstPage = (0..<9).compactMap { palette.name(at: $0) }
    palette.turnPage()
    let secondPage = (0..<9).compactMap { palette.name(at: $0) }
    #expect(firstPage == Array(library.names.prefix(9)))
    #expect(secondPage == Array(library.names.dropFirst(9).prefix(9)))
    for _ in 1..<palette.pageCount { palette.turnPage() }
    #expect(palette.page == 0)
  }
}

extension UserStickersTests {
  @Test func theReportListsAllFiveFieldsOfEverySticker() throws {
    let status = StickerLoadStatus(name: "a", kind: "gif", status: .ok, reason: nil, warnings: [])
    let json = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(status)) as? [String: Any])
    #expect(Set(json.keys) == ["name", "kind", "status", "reason", "warnings"])
    #expect(json["reason"] is NSNull)
    #expect(try JSONDecoder().decode(StickerLoadStatus.self, from: JSONEncoder().encode(status)) == status)
  }
}
