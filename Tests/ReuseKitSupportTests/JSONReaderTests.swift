import Testing

@testable import ReuseKitSupport

@Suite struct JSONReaderTests {
  private func parse(_ text: String, maximumDepth: Int = 64) throws(JSONError) -> JSONValue {
    try JSONValue(parsing: Array(text.utf8), maximumDepth: maximumDepth)
  }

  private func failure(_ bytes: [UInt8], maximumDepth: Int = 64) -> JSONError? {
    do {
      _ = try JSONValue(parsing: bytes, maximumDepth: maximumDepth)
      return nil
    } catch {
      return error
    }
  }

  private func failure(_ text: String, maximumDepth: Int = 64) -> JSONError? {
    failure(Array(text.utf8), maximumDepth: maximumDepth)
  }

  @Test func readsEveryKindOfValue() throws {
    let value = try parse(
      #"{"a": [1, -2.5e3, 0, true, false, null], "s": "caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t", "o": {}}"#)
    #expect(value["a"]?.array?.count == 6)
    #expect(value["a"]?.array?[0].int == 1)
    #expect(value["a"]?.array?[1].double == -2500)
    #expect(value["a"]?.array?[3] == .bool(true))
    #expect(value["a"]?.array?[5] == .null)
    #expect(value["s"]?.string == "café 😀 \"q\" \\ / \u{08}\u{0C}\n\r\t")
    #expect(value["o"]?.object?.isEmpty == true)
  }

  @Test func booleansAreNeverNumbers() throws {
    let value = try parse(#"{"flag": true, "count": 1}"#)
    #expect(value["flag"]?.int == nil)
    #expect(value["flag"]?.double == nil)
    #expect(value["count"]?.bool == nil)
    let error = #expect(throws: JSONError.self) {
      try JSONReader.read(Array("true".utf8)) { reader throws(JSONError) in try reader.readNumber() }
    }
    #expect(error?.kind == .content)
    #expect(error?.reason == "expected a number, found a boolean")
  }

  @Test func largeIntegersKeepEveryDigit() throws {
    #expect(try parse("9007199254740993").int == 9_007_199_254_740_993)
    #expect(try parse("3.0").int == 3)
    #expect(try parse("3.5").int == nil)
  }

  @Test func errorsNameTheLineAndColumn() {
    let error = failure("{\n  \"a\": 1,\n  \"b\" 2\n}")
    #expect(error?.line == 3)
    #expect(error?.column == 7)
    #expect(error?.description == "malformed JSON at line 3, column 7: expected ':', found '2'")
    let accented = failure("[\"é\", x]")
    #expect(accented?.column == 7)  // columns count characters, not bytes
  }

  @Test func truncatedInputSaysSo() {
    let error = failure(#"{"a": [1, 2"#)
    #expect(error?.kind == .truncated)
    #expect(error?.reason.contains("truncated JSON") == true)
    #expect(failure("")?.kind == .truncated)
    #expect(failure(#"{"a": "unterminated"#)?.reason.contains("unterminated string") == true)
  }

  @Test func nestingIsCapped() throws {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let error = failure(deep)
    #expect(error?.kind == .tooDeep(limit: 64))
    #expect(error?.reason == "nested deeper than 64 levels")
    let limit = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    _ = try parse(limit)
    #expect(failure(limit, maximumDepth: 63)?.kind == .tooDeep(limit: 63))
  }

  @Test func invalidUTF8IsRejectedInsideAndOutsideStrings() {
    #expect(failure([0x22, 0x61, 0xFF, 0x22])?.kind == .invalidUTF8)
    #expect(failure([0x22, 0xC3, 0x28, 0x22])?.kind == .invalidUTF8)
    #expect(failure([0x22, 0xED, 0xA0, 0x80, 0x22])?.kind == .invalidUTF8)  // an encoded surrogate
    #expect(failure([0x7B, 0xFF, 0xFE, 0x7D])?.kind == .invalidUTF8)
    let skipped = failure([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
    #expect(skipped?.kind == .invalidUTF8)
    #expect(skipped?.offset == 2)
  }

  /// Lone surrogate escapes are rejected, never replaced by U+FFFD.
  @Test func loneSurrogateEscapesAreRejected() {
    #expect(failure(#""\ud800""#)?.reason == "unpaired surrogate \\uD800")
    #expect(failure(#""\udc00""#)?.reason == "unpaired surrogate \\uDC00")
    #expect(failure(#""\ud800\u0041""#)?.reason.contains("bad surrogate pair") == true)
    #expect(failure(#""\ud800x""#)?.column == 2)
  }

  @Test func numbersFollowTheGrammar() {
    for bad in ["01", "1.", ".5", "-", "1e", "+1", "NaN", "Infinity", "0x10"] {
      #expect(failure(bad) != nil, "\(bad) was accepted")
    }
    for good in ["0", "-0", "1.5", "1e10", "1E-3", "-12.5e+3"] {
      #expect(failure(good) == nil, "\(good) was refused")
    }
  }

  @Test func structureIsStrict() {
    #expect(failure("[1,]")?.reason == "expected a value, found ']'")
    #expect(failure(#"{"a": 1,}"#)?.reason == "expected a key, found '}'")
    #expect(failure(#"{,}"#)?.reason == "expected a key or '}', found ','")
    #expect(failure("[1 2]")?.reason == "expected ',' or ']', found '2'")
    #expect(failure("[1} ")?.reason == "expected ',' or ']', found '}'")
    #expect(failure("tru")?.kind == .truncated)
    #expect(failure("nul!")?.reason == "expected null, found '!'")
    #expect(failure("\"tab\there\"")?.reason == "control character U+0009 in a string")
    #expect(failure("\"bad \\q\"")?.reason == "bad escape '\\q'")
  }

  @Test func onlyWhitespaceMayFollowTheDocument() {
    #expect(failure("{} x")?.reason == "unexpected data after the value ('x')")
    #expect(failure(Array("{}".utf8) + [0])?.reason == "unexpected data after the value (a NUL byte)")
    #expect(failure(" {} \n\t") == nil)
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)).array?.count == 1)
    // The mark takes no column: the stray `]` is the first line's fourth character.
    #expect(failure([0xEF, 0xBB, 0xBF] + Array("[1]]".utf8))?.column == 4)
  }

  @Test func thePullInterfaceWalksWithoutATree() throws {
    let names = try JSONReader.read(Array(#"{"skip": {"x": [1, {"y": null}]}, "names": ["a", "b"]}"#.utf8)) {
      reader throws(JSONError) -> [String] in
      var names: [String] = []
      try reader.beginObject()
      while let key = try reader.nextKey() {
        guard key == "names" else {
          try reader.skipValue()
          continue
        }
        try reader.beginArray()
        while try reader.nextElement() { names.append(try reader.readString()) }
      }
      return names
    }
    #expect(names == ["a", "b"])
  }

  @Test func whatTheWriterWritesReadsBack() throws {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("text")
    writer.string("line\nbreak \"q\" \\ \u{01} 😀 / é")
    writer.key("list")
    writer.beginArray()
    writer.number(-3)
    writer.bool(true)
    writer.null()
    writer.beginObject()
    writer.endObject()
    writer.beginArray()
    writer.endArray()
    writer.endArray()
    writer.endObject()
    let value = try JSONValue(parsing: writer.bytes)
    #expect(value["text"]?.string == "line\nbreak \"q\" \\ \u{01} 😀 / é")
    #expect(
      value["list"] == .array([.number(JSONNumber(literal: "-3")), .bool(true), .null, .object([:]), .array([])]))
    #expect(String(decoding: writer.bytes, as: UTF8.self).hasPrefix("{\n  \"text\": \"line\\nbreak"))
  }
}
