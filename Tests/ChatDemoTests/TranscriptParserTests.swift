import ChatDemoCore
import Foundation
import Testing

@Suite struct TranscriptParserTests {
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
      ChatMessage(from: "chloé", time: "10:01", parts: [.text("line\nbreak \"q\" \\ 😀"), .sticker("fire")])
    ])
    #expect(try Transcript(jsonData: try original.jsonData()) == original)
  }

  @Test func rejectsInvalidInputWithAPlace() {
    #expect(reason(Data(#"{"messages": [{"from": "a", "text": "x"}]} trailing"#.utf8)).contains("unexpected data"))
    #expect(reason(Data([0x7B, 0x22, 0x6D, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])).contains("invalid UTF-8"))
    #expect(reason(Data(#"{"messages": [{"from": "a", "text": "bad \q"}]}"#.utf8)).contains("bad escape"))
    #expect(reason(Data(#"{"messages": [{"from": "a", "text": "\ud800"}]}"#.utf8)).contains("surrogate"))
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(reason(Data(#"{"messages": [], "x": \#(deep)}"#.utf8)).contains("nested deeper than 64"))
    #expect(reason(Data()).contains("malformed JSON"))
    #expect(reason(Data("\"just a string\"".utf8)) == "expected an object with a \"messages\" array")
  }

  @Test func acceptsAByteOrderMark() throws {
    var data = Data([0xEF, 0xBB, 0xBF])
    data.append(Data(#"{"messages": [{"from": "a", "text": "hi"}]}"#.utf8))
    #expect(try Transcript(jsonData: data).messages.count == 1)
  }
}
