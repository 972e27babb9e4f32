import TextAnalysis
import TextEngine

/// The real analyzer, counting the characters layout hands it (for complexity tests).
final class CountingTextAnalyzer: TextAnalyzing {
  private let analyzer: UnicodeTextAnalyzer
  /// Characters passed to any method so far.
  private(set) var charactersAnalysed = 0

  init() throws { analyzer = try UnicodeTextAnalyzer() }

  var lineBreakContext: Int { analyzer.lineBreakContext }

  func lineBreakOpportunities(in text: Substring) -> [Int] {
    charactersAnalysed += text.count
    return analyzer.lineBreakOpportunities(in: text)
  }

  func firstStrongDirection(of text: Substring) -> WritingDirection? {
    charactersAnalysed += text.count
    return analyzer.firstStrongDirection(of: text)
  }

  func embeddingLevels(of text: Substring, baseDirection: WritingDirection) -> [UInt8] {
    charactersAnalysed += text.count
    return analyzer.embeddingLevels(of: text, baseDirection: baseDirection)
  }
}
