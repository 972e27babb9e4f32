import Foundation
import Instrumentation
import TextAnalysis
import TextEngine

extension SDLTextView {
  /// Whether a failure to open ICU was already written to standard error (once per process).
  @MainActor private static var reportedAnalyzerFailure = false

  /// The UAX #14 / bidi analyzer, or `nil` when ICU cannot open its iterator (its data is missing).
  ///
  /// The failure is not hidden: it is recorded as one ``InstrumentationEvent/Kind/warning`` event
  /// in `instrumentation` and written once per process to standard error; layout then keeps its
  /// fallback (breaks after spaces, left to right).
  /// - Parameter make: Creates the analyzer (tests pass one that fails).
  @MainActor
  static func makeTextAnalyzer(
    instrumentation: Instrumentation,
    make: () throws(TextAnalysisError) -> UnicodeTextAnalyzer = { () throws(TextAnalysisError) in
      try UnicodeTextAnalyzer()
    }
  ) -> UnicodeTextAnalyzer? {
    do {
      return try make()
    } catch {
      let message =
        "ICU text analysis unavailable (\(error)); lines break after spaces and run left to right. "
        + "Install libicu (see the Makefile's APT_PACKAGES)."
      instrumentation.record(.warning, message: message)
      if !reportedAnalyzerFailure {
        reportedAnalyzerFailure = true
        FileHandle.standardError.write(Data("ReuseKit: \(message)\n".utf8))
      }
      return nil
    }
  }
}
