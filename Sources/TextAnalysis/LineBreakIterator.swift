import ICUBridge

/// ICU's UAX #14 line break iterator (`ubrk_open(UBRK_LINE, …)`), owned: closed in `deinit`.
///
/// ICU's dictionaries find word boundaries in Thai, Lao, Khmer, Burmese, Chinese and Japanese text,
/// which has no spaces. One iterator serves one thread at a time.
final class LineBreakIterator {
  private let iterator: UnsafeMutableRawPointer

  /// Opens a line break iterator for the root locale.
  /// - Throws: ``TextAnalysisError`` with ICU's error name.
  init() throws(TextAnalysisError) {
    var status: Int32 = 0
    guard let opened = reusekit_line_break_open("", &status), status <= 0 else {
      throw TextAnalysisError(library: "ICU", operation: "ubrk_open", message: Self.name(of: status))
    }
    iterator = opened
  }

  deinit { reusekit_line_break_close(iterator) }

  /// The UTF-16 offsets in `1..<text.count` where a line may start, ascending.
  /// - Throws: ``TextAnalysisError`` when ICU cannot take the text.
  /// - Complexity: O(code units).
  func boundaries(in text: [UInt16]) throws(TextAnalysisError) -> [Int] {
    guard text.count > 1 else { return [] }
    var result: [Int] = []
    var status: Int32 = 0
    text.withUnsafeBufferPointer { units in
      reusekit_line_break_set_text(iterator, units.baseAddress, Int32(units.count), &status)
      guard status <= 0 else { return }
      _ = reusekit_line_break_first(iterator)
      var boundary = reusekit_line_break_next(iterator)
      while boundary >= 0, Int(boundary) < units.count {
        if boundary > 0 { result.append(Int(boundary)) }
        boundary = reusekit_line_break_next(iterator)
      }
    }
    // The iterator keeps a pointer to the text: point it at an empty text before the buffer goes.
    var ignored: Int32 = 0
    reusekit_line_break_set_text(iterator, nil, 0, &ignored)
    guard status <= 0 else {
      throw TextAnalysisError(library: "ICU", operation: "ubrk_setText", message: Self.name(of: status))
    }
    return result
  }

  private static func name(of status: Int32) -> String {
    reusekit_icu_error_name(status).map { String(cString: $0) } ?? "ICU error \(status)"
  }
}
