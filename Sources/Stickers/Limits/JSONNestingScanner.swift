/// Checks Lottie bytes before any JSON parser or rlottie sees them: valid UTF-8, no NUL bytes,
/// balanced brackets outside strings, and nesting no deeper than a limit.
///
/// It is a single pass with a bounded stack, so hostile input costs O(n) time and O(limit) memory.
struct JSONNestingScanner {
  /// The deepest nesting accepted.
  let maxDepth: Int

  /// Scans `bytes`.
  /// - Returns: The deepest nesting seen.
  /// - Throws: ``StickerError/Reason`` describing the first problem found.
  /// - Complexity: O(n).
  func scan(_ bytes: [UInt8]) throws(StickerError.Reason) -> Int {
    guard String(validating: bytes, as: UTF8.self) != nil else { throw .notUTF8 }
    var stack: [UInt8] = []
    var deepest = 0
    var inString = false
    var escaped = false
    for (offset, byte) in bytes.enumerated() {
      if byte == 0 { throw .malformed("NUL byte at offset \(offset)") }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < maxDepth else { throw .nestingTooDeep(limit: maxDepth) }
        stack.append(byte)
        deepest = max(deepest, stack.count)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        let opener = byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
        guard stack.popLast() == opener else {
          throw .malformed("unbalanced '\(Character(Unicode.Scalar(byte)))' at offset \(offset)")
        }
      default: break
      }
    }
    if inString || !stack.isEmpty { throw .malformed("truncated JSON: \(stack.count) unclosed brackets") }
    return deepest
  }
}
