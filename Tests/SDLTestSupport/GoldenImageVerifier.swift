import Foundation
import ReuseKitSupport
import SDLSupport

/// Compares rendered frames with golden PNGs, or records them.
///
/// Recording is on when the environment has `RECORD_GOLDENS=1`:
/// `RECORD_GOLDENS=1 make record-goldens` (which runs
/// `RECORD_GOLDENS=1 SDL_VIDEODRIVER=dummy swift test --filter GoldenImageTests`).
/// Otherwise a missing golden fails with that command in the message, and a mismatch writes the
/// actual frame and a diff image (differing pixels in red) next to each other in ``artifactsDirectory``.
@MainActor
package struct GoldenImageVerifier {
  /// The outcome of one verification.
  package struct Outcome {
    /// Whether the test should pass.
    package var passed: Bool
    /// What happened, with paths and the comparator's summary.
    package var message: String
  }

  /// Where the golden PNGs live (tests pass a folder next to their source via `#filePath`).
  package let directory: URL
  /// Where actual and diff PNGs of failures go.
  package let artifactsDirectory: URL
  /// Whether to record instead of compare.
  package let isRecording: Bool
  /// The tolerances of the comparison.
  package let comparator: ImageComparator

  /// Creates a verifier.
  /// - Parameters:
  ///   - directory: The goldens folder.
  ///   - isRecording: Whether to record; defaults to `RECORD_GOLDENS=1` in the environment.
  ///   - comparator: The tolerances.
  package init(
    directory: URL, isRecording: Bool = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1",
    comparator: ImageComparator = ImageComparator()
  ) {
    self.directory = directory
    self.isRecording = isRecording
    self.comparator = comparator
    self.artifactsDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("ReuseKitGoldenFailures")
  }

  /// Records `image` as golden `name`, or compares it with the recorded one.
  /// - Parameters:
  ///   - image: The rendered frame.
  ///   - name: The golden's name, without extension.
  /// - Returns: Whether it passed, and why.
  package func verify(_ image: RGBAImage, named name: String) -> Outcome {
    let golden = directory.appendingPathComponent("\(name).png")
    if isRecording { return record(image, at: golden) }
    guard FileManager.default.fileExists(atPath: golden.path) else {
      return Outcome(
        passed: false,
        message: "missing golden \(golden.path); record it with "
          + "RECORD_GOLDENS=1 make record-goldens "
          + "(RECORD_GOLDENS=1 SDL_VIDEODRIVER=dummy swift test --filter GoldenImageTests)")
    }
    let expected: RGBAImage
    do {
      expected = try RGBAImage(contentsOfPNG: golden)
    } catch {
      return Outcome(passed: false, message: "cannot read golden: \(error)")
    }
    let comparison = comparator.compare(image, to: expected, makeDiffImage: true)
    guard !comparison.matches else { return Outcome(passed: true, message: "\(name): \(comparison.summary)") }
    var message = "\(name) differs from \(golden.path): \(comparison.summary)"
    let actualURL = artifactsDirectory.appendingPathComponent("\(name).actual.png")
    let diffURL = artifactsDirectory.appendingPathComponent("\(name).diff.png")
    do {
      try image.writePNG(to: actualURL)
      try comparison.diffImage?.writePNG(to: diffURL)
      message += "; actual: \(actualURL.path); diff: \(diffURL.path)"
    } catch {
      message += "; could not write artifacts: \(error)"
    }
    return Outcome(passed: false, message: message)
  }

  /// Writes the golden and reads it back, so a recording that would not compare equal fails.
  private func record(_ image: RGBAImage, at url: URL) -> Outcome {
    do {
      try image.writePNG(to: url)
      let readBack = try RGBAImage(contentsOfPNG: url)
      let comparison = ImageComparator(channelTolerance: 0, maxDifferingFraction: 0).compare(
        image, to: readBack)
      return Outcome(passed: comparison.matches, message: "recorded \(url.path): \(comparison.summary)")
    } catch {
      return Outcome(passed: false, message: "cannot record \(url.path): \(error)")
    }
  }
}
