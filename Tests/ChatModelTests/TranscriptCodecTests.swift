import ChatModel
import Foundation
import Testing

@Suite struct TranscriptCodecTests {
  private func parse(_ json: String) throws(TranscriptError) -> Transcript { try Transcript(jsonData: Data(json.utf8)) }

  private func reason(_ bytes: Data) -> String {
    do {
      _ = try Transcript(jsonData: bytes)
      return "no error"
    } catch {
      return error.reason
    }
  }

  @Test func decodesEscapesAndSkipsUnknownKeys() throws {
    let transcript = try parse(
      #"{"version": 2, "meta": {"a": [1, 2.5e3, -0.1, true, false, null]}, "messages": ["#
        + #"{"from": "ana", "id": 7, "text": "caf\u00e9 \ud83d\ude00 \"quoted\"\n\ttab \/ end"},"#
        + #"{"from": "ben", "parts": ["x", {"sticker": "wave", "size": 3}], "time": "09:00"}]}"#)
    #expect(transcript.messages[0].parts == [.text("café 😀 \"quoted\"\n\ttab / end")])
    #expect(transcript.messages[1] == ChatMessage(from: "ben", time: "09:00", parts: [.text("x"), .sticker("wave")]))
  }

  @Test func roundTripsWhatTheWriterProduces() throws {
    let original = Transcript(messages: [
      ChatMessage(from: "chloé", time: "10:01", parts: [.text("line\nbreak \"q\" \\ 😀 \u{01}"), .sticker("fire")])
    ])
    #expect(try Transcript(jsonData: original.jsonData()) == original)
  }

  @Test func jsonRoundTripsMessagesAndParts() throws {
    let transcript = Transcript(messages: [
      ChatMessage(from: "ana", time: "09:00", parts: [.text("Happy birthday "), .sticker("party"), .text(" see you")]),
      ChatMessage(from: "ben", text: "two\nlines"),
      ChatMessage(from: "me", parts: [.sticker("heart")]),
    ])
    let decoded = try Transcript(jsonData: transcript.jsonData())
    #expect(decoded == transcript)
    #expect(decoded.stickerCount == 2 && decoded.messages[2].isStickerOnly)
  }

  @Test func aGeneratedTranscriptRoundTrips() throws {
    let transcript = TranscriptGenerator(messages: 500, seed: 3, stickerOnlyEvery: 4).generate()
    #expect(try Transcript(jsonData: transcript.jsonData()) == transcript)
  }

  @Test func theWriterIsPrettyAndStable() {
    let transcript = Transcript(messages: [ChatMessage(from: "ana", time: "9:00", text: "hi")])
    let text = String(decoding: transcript.jsonData(), as: UTF8.self)
    #expect(
      text
        == "{\n  \"messages\": [\n    {\n      \"from\": \"ana\",\n      \"text\": \"hi\",\n      \"time\": \"9:00\"\n    }\n  ]\n}"
    )
  }

  @Test func rejectsInvalidInputWithAPlace() {
    #expect(reason(Data(#"{"messages": [{"from": "a", "text": "x"}]} trailing"#.utf8)).contains("unexpected data"))
    #expect(reason(Data([0x7B, 0x22, 0x6D, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])).contains("invalid UTF-8"))
    #expect(reason(Data(#"{"messages": [{"from": "a", "text": "bad \q"}]}"#.utf8)).contains("bad escape"))
    #expect(reason(Data(#"{"messages": [{"from": "a", "text": "\ud800"}]}"#.utf8)).contains("surrogate"))
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(reason(Data(#"{"messages": [], "x": \#(deep)}"#.utf8)).contains("nested deeper than 64"))
    #expect(reason(Data()).contains("malformed JSON"))
    #expect(reason(Data("\"just a string\"".utf8)) == "expected an object with a \"messages\" array (line 1, column 1)")
    #expect(
      reason(Data("{\"messages\": [\n  {\"from\": \"a\", \"text\": \"x\"}\n  {\"from\": \"b\"}]}".utf8))
        == "malformed JSON at line 3, column 3: expected ',' or ']', found '{'")
  }

  /// Multilingual text and emoji round-trip; a truncated multi-byte sequence inside one is rejected
  /// with its place, and an escaped lone surrogate is rejected, not replaced by U+FFFD.
  @Test func multilingualTextRoundTripsAndBrokenUTF8IsRejected() throws {
    let text = "こんにちは 안녕 你好 שלום مرحبا नमस्ते สวัสดี 👨‍👩‍👧‍👦🇯🇵👍🏽"
    let transcript = try parse(#"{"messages": [{"from": "yuki", "text": "\#(text)"}]}"#)
    #expect(transcript.messages.first?.parts == [.text(text)])
    var broken = Data(#"{"messages": [{"from": "yuki", "text": "こんにちは"#.utf8)
    broken.append(contentsOf: [0xE3, 0x81])  // the first two bytes of a three-byte character
    broken.append(contentsOf: Data(#""}]}"#.utf8))
    let message = reason(broken)
    #expect(message.contains("invalid UTF-8") && message.contains("line 1"), "\(message)")
    #expect(reason(Data(#"{"messages": [{"from": "a", "text": "x\udfff y"}]}"#.utf8)).contains("unpaired surrogate"))
  }

  @Test func corruptTranscriptsGiveClearErrors() {
    let cases: [(String, String)] = [
      ("{\"messages\": [", "malformed JSON"),
      ("{\"messages\": [", "truncated JSON"),
      ("[1, 2]", "expected an object with a \"messages\" array"),
      ("{\"messages\": [{\"text\": \"hi\"}]}", "message 0 has no \"from\" string (line 1, column 15)"),
      ("{\"messages\": [{\"from\": \"a\", \"text\": \"ok\"}, {\"from\": \"b\", \"parts\": [3]}]}", "message 1, part 0"),
      ("{\"messages\": [{\"from\": \"a\"}]}", "message 0 needs \"text\" or a \"parts\" array"),
      ("{\"messages\": [{\"from\": \"a\", \"text\": 01}]}", "expected ',' or '}', found '1'"),
    ]
    for (json, expected) in cases {
      let error = #expect(throws: TranscriptError.self) { try Transcript(jsonData: Data(json.utf8)) }
      #expect(error?.reason.contains(expected) == true, "\(error?.reason ?? "no error") should mention \(expected)")
    }
  }

  @Test func acceptsAByteOrderMark() throws {
    var data = Data([0xEF, 0xBB, 0xBF])
    data.append(Data(#"{"messages": [{"from": "a", "text": "hi"}]}"#.utf8))
    #expect(try Transcript(jsonData: data).messages.count == 1)
  }

  @Test func theGeneratorIsDeterministicForASeed() {
    let a = TranscriptGenerator(messages: 300, seed: 9).generate()
    let b = TranscriptGenerator(messages: 300, seed: 9).generate()
    let c = TranscriptGenerator(messages: 300, seed: 10).generate()
    #expect(a == b && a != c)
    #expect(a.stickerCount == 100)
    let lengths = a.messages.map(\.length)
    #expect(Double(lengths.reduce(0, +)) / Double(lengths.count) > 65)
  }

  @Test func stickerRunsAddStickersOnlyWhereAsked() {
    let plain = TranscriptGenerator(messages: 60, seed: 2).generate()
    let runs = TranscriptGenerator(
      messages: 60, seed: 2, stickerRuns: [.init(messages: 40..<45, stickersPerMessage: 6)]
    ).generate()
    #expect(Array(runs.messages[..<40]) == Array(plain.messages[..<40]))
    for message in runs.messages[40..<45] {
      #expect(message.parts.filter { if case .sticker = $0 { true } else { false } }.count == 6)
    }
  }
}
