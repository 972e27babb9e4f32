import ChatModel
import Foundation
import Testing

/// Writing and generating transcripts a piece at a time gives the same bytes and messages as
/// doing it whole.
@Suite struct TranscriptStreamingTests {
  @Test func theMessageSequenceIsTheGeneratedTranscript() {
    let generator = TranscriptGenerator(
      messages: 500, seed: 9, stickerEvery: 2, stickerOnlyEvery: 3,
      stickerRuns: [.init(messages: 10..<20, stickersPerMessage: 4)])
    #expect(Array(generator.messageSequence) == generator.generate().messages)
    #expect(Array(generator.messageSequence).count == 500)
  }

  @Test func encodingInPiecesGivesTheSameBytesInPiecesOfTheAskedSize() {
    let transcript = TranscriptGenerator(messages: 300, seed: 3).generate()
    var pieces: [[UInt8]] = []
    TranscriptCodec.encode(transcript.messages, chunkBytes: 1_024) { (piece: [UInt8]) in pieces.append(piece) }
    #expect(pieces.flatMap { $0 } == TranscriptCodec.encode(transcript))
    #expect(pieces.count > 10)
    // Each piece but the last is handed over as soon as it reaches the size, one message over at most.
    #expect(pieces.dropLast().allSatisfy { $0.count >= 1_024 && $0.count < 1_024 + 4_096 })
  }

  @Test func anErrorFromTheWriterStopsTheEncoding() {
    struct Full: Error {}
    var calls = 0
    #expect(throws: Full.self) {
      try TranscriptCodec.encode(TranscriptGenerator(messages: 100).messageSequence, chunkBytes: 256) {
        (_: [UInt8]) throws(Full) in
        calls += 1
        if calls == 3 { throw Full() }
      }
    }
    #expect(calls == 3)
  }

  @Test func aTranscriptFileKeepsItsPartsAsWritten() throws {
    // Only a scenario's send steps join strings in a row.
    let json = #"{"messages": [{"from": "a", "parts": ["a", "", "b", {"sticker": "wave"}, "", "c"]}]}"#
    let transcript = try Transcript(jsonData: Data(json.utf8))
    #expect(
      transcript.messages[0].parts == [.text("a"), .text(""), .text("b"), .sticker("wave"), .text(""), .text("c")])
  }
}
