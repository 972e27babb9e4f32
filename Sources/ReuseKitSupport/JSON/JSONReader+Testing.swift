/// Test hooks: how much copying string decoding did.
extension JSONReader {
  /// The bytes copied so far while decoding strings that hold escapes: each unescaped run once, and
  /// each decoded string once more as it becomes a `String`. Linear decoding keeps this at most
  /// twice the bytes of those strings.
  package var escapedStringWork: Int { stringWork }
}
