import ChatDemoCore
import Foundation
import ReuseKitSDL
import ReuseKitSupport
import ReuseKitTestSupport
import SDLSupport
import SDLTestSupport
import Testing

/// The bottom of the shipped sample transcript, rendered by the headless runner's SDL host.
/// Re-record with `make record-goldens`.
@MainActor @Suite struct SampleTranscriptGoldenImageTests {
  private let verifier = GoldenImageVerifier(
    directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens"))

  private func run(_ steps: String, screenshot name: String) throws -> RGBAImage {
    let directory = RepositoryAssets.temporaryDirectory()
    let scenarioFile = directory.appendingPathComponent("golden.json")
    let sample = RepositoryAssets.transcripts.appendingPathComponent("sample.json").path
    let json = #"{"name": "golden", "transcript": {"file": "\#(sample)"}, "steps": [\#(steps)]}"#
    try Data(json.utf8).write(to: scenarioFile)
    let runner = ScenarioRunner(
      scenario: try Scenario(contentsOf: scenarioFile),
      options: .init(
        screenshotsDirectory: directory, stickerDirectory: RepositoryAssets.stickers))
    let report = try runner.run()
    #expect(report.screenshots.count == 1)
    return try RGBAImage(contentsOfPNG: directory.appendingPathComponent("\(name).png"))
  }

  @Test func theBottomOfTheSampleTranscript() throws {
    let image = try run(
      #"{"op": "advance", "seconds": 0.75}, {"op": "screenshot", "name": "bottom"}"#, screenshot: "bottom")
    let outcome = verifier.verify(image, named: "sample-transcript-bottom")
    #expect(outcome.passed, "\(outcome.message)")
  }

  @Test func editingInPlaceShowsTheSelection() throws {
    let steps =
      #"{"op": "select", "message": 218, "offset": 6, "length": 20}, {"op": "screenshot", "name": "selection"}"#
    let image = try run(steps, screenshot: "selection")
    let outcome = verifier.verify(image, named: "sample-transcript-selection")
    #expect(outcome.passed, "\(outcome.message)")
  }
}
