import ChatModel
import Foundation
import Testing
import TextEngine

/// The chat model on its own, with neither `Stickers` nor SDL linked: a sticker maker the test
/// defines stands in for the app's `StickerFactory`.
@Suite struct ChatModelStandaloneTests {
  /// Makes plain attachments that name their sticker in `fileType`, recording each request.
  final class PlainStickers: StickerAttachmentMaker {
    private(set) var made: [String] = []

    func makeAttachment(forSticker name: String, standalone: Bool) -> TextAttachment {
      made.append(standalone ? "\(name) (alone)" : name)
      return TextAttachment(
        fileType: name, bounds: standalone ? ChatMessage.stickerOnlyBounds : ChatMessage.inlineStickerBounds)
    }
  }

  static let transcript = Transcript(messages: [
    ChatMessage(from: "ana", time: "09:00", date: "2026-11-29", text: "first line\nsecond line"),
    ChatMessage(
      from: "ben", time: "09:01", date: "2026-11-30", parts: [.text("see you "), .sticker("party"), .text("!")]),
    ChatMessage(from: "me", time: "09:02", date: "2026-11-30", parts: [.sticker("wave")]),
  ])

  @Test func aTranscriptRoundTripsThroughStorageWithAnyStickerMaker() {
    let stickers = PlainStickers()
    let storage = Self.transcript.storage(stickers: stickers)
    #expect(stickers.made == ["party", "wave (alone)"])
    // Two days: a separator before each, then the three messages.
    #expect(storage.paragraphCount == 5)
    #expect(Transcript(storage: storage) == Self.transcript)
  }

  @Test func aStickerIsReadBackByItsAttachmentsFileType() {
    let stickers = PlainStickers()
    let (text, attributes) = Self.transcript.messages[2].paragraph(stickers: stickers)
    let attachment = text.attachments.first
    #expect(attachment?.bounds == ChatMessage.stickerOnlyBounds)
    #expect(attachment.map(ChatMessage.stickerName(of:)) == "wave")
    #expect(ChatMessage.stickerName(of: TextAttachment()) == "unknown")
    #expect(attributes[ChatMessage.senderKey] == "me")
  }

  @Test func aParagraphWithoutASenderBelongsToTheDefaultLocalSender() {
    let storage = TextContentStorage(paragraphs: [(AttributedText("hello"), [:])])
    #expect(ChatMessage.defaultLocalSender == "me")
    #expect(Transcript(storage: storage).messages == [ChatMessage(from: "me", text: "hello")])
  }
}
