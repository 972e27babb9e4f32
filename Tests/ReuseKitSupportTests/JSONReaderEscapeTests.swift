import Testing

@testable import ReuseKitSupport

/// Issue 23: strings written with escapes decode in time linear in their length. A message of
/// Hebrew letters written as `\u05d0` escapes (what Python's `json.dumps` writes) took 18.8 s at
/// 400,000 letters, and a Lottie sticker whose slashes are written `\/` 17.5 s at 2.6 MB; both are
/// counted here in bytes copied, not timed.
@Suite struct JSONReaderEscapeTests {
  /// Reads `json`, a single string, and returns it with the bytes the reader copied decoding it.
  private func decode(_ json: [UInt8]) throws -> (string: String, work: Int) {
    try JSONReader.read(json) { (reader: inout JSONReader) throws(JSONError) in
      (try reader.readString(), reader.escapedStringWork)
    }
  }

  @Test func aMegabyteOfUnicodeEscapesDecodesWithLinearWork() throws {
    let letters = 1_000_000 / 6 + 1
    let json = Array(("\"" + String(repeating: #"\u05d0"#, count: letters) + "\"").utf8)
    #expect(json.count >= 1_000_000)
    let (string, work) = try decode(json)
    #expect(string == String(repeating: "\u{05D0}", count: letters))
    // Each decoded byte is copied at most twice (into the buffer, then into the String).
    #expect(work <= 2 * string.utf8.count, "\(work) bytes copied for \(string.utf8.count) decoded")
    #expect(work >= string.utf8.count, "the counter counts the decoded bytes")
  }

  @Test func escapedSlashesBetweenRunsDecodeWithLinearWork() throws {
    // A Lottie file's asset paths and names, escaped as some exporters write them.
    let piece = #"images\/frame\/"#
    let repeats = 2_600_000 / piece.utf8.count
    let json = Array(("\"" + String(repeating: piece, count: repeats) + "\"").utf8)
    let (string, work) = try decode(json)
    #expect(string == String(repeating: "images/frame/", count: repeats))
    #expect(work <= 2 * string.utf8.count, "\(work) bytes copied for \(string.utf8.count) decoded")
  }

  @Test func escapesMixedWithRawUTF8AndSurrogatePairsDecodeAsWritten() throws {
    let json = Array(#""שלום \u05e2\u05d5\u05dc\u05dd \ud83d\ude00 a\/b \"q\" \n""#.utf8)
    let (string, _) = try decode(json)
    #expect(string == "שלום עולם 😀 a/b \"q\" \n")
    // Invalid UTF-8 in a run after an escape is still refused.
    var bad = Array(#""\u05d0"#.utf8)
    bad += [0xFF, UInt8(ascii: "\"")]
    #expect(throws: JSONError.self) { try decode(bad) }
  }
}
