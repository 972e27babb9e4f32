import Instrumentation
import Testing

@testable import ReuseKitSDL
@testable import TextAnalysis

/// A text view whose ICU analyzer cannot open reports it instead of hiding it.
@Suite @MainActor struct TextAnalyzerFailureTests {
  @Test func anICUFailureIsRecordedAsAWarningAndTheViewFallsBack() {
    let instrumentation = Instrumentation()
    let failure = TextAnalysisError(library: "ICU", operation: "ubrk_open", message: "U_MISSING_RESOURCE_ERROR")
    let analyzer = SDLTextView.makeTextAnalyzer(instrumentation: instrumentation) { () throws(TextAnalysisError) in
      throw failure
    }
    #expect(analyzer == nil)
    let warnings = instrumentation.newestEvents(of: .warning, limit: 10)
    #expect(warnings.count == 1)
    #expect(warnings.first?.message?.contains("U_MISSING_RESOURCE_ERROR") == true)
    let working = SDLTextView.makeTextAnalyzer(instrumentation: instrumentation)
    #expect(working != nil, "ICU's data is installed on this machine")
    #expect(instrumentation.newestEvents(of: .warning, limit: 10).count == 1)
  }
}
