import ChatModel
import Testing
import TextEngine

/// A message and its paragraph: the round trip, and the header read back from the paragraph. The
/// stickers come from a maker the tests define (`ChatModelStandaloneTests.PlainStickers`), so no
/// sticker library or SDL is linked.
@Suite struct ChatMessageTests {
  private let stickers = ChatModelStandaloneTests.PlainStickers()

  private func paragraph(_ message: ChatMessage) -> TextParagraph {
    let (text, attributes) = message.paragraph(stickers: stickers)
    return TextParagraph(attributedString: text, paragraphAttributes: attributes)
  }

  @Test func aMessageSurvivesItsParagraph() {
    let messages = [
      ChatMessage(from: "ana", time: "09:00", parts: [.text("two\nlines "), .sticker("party"), .text(" end")]),
      ChatMessage(from: "me", parts: [.sticker("heart")]),
      ChatMessage(from: "ben", time: "09:02", text: "plain"),
    ]
    for message in messages {
      #expect(ChatMessage(paragraph: paragraph(message)) == message)
    }
    let transcript = Transcript(messages: messages)
    #expect(Transcript(storage: transcript.storage(stickers: stickers)) == transcript)
  }

  @Test func theModelAndTheHeaderAgreeOnStickerOnly() {
    let cases: [([ChatMessage.Part], Bool)] = [
      ([.sticker("heart")], true),
      ([.text(""), .sticker("heart")], true),
      ([.text("a"), .sticker("heart")], false),
      ([.sticker("heart"), .sticker("fire")], false),
      ([.text("a")], false),
      ([.text("")], false),
    ]
    for (parts, expected) in cases {
      let message = ChatMessage(from: "ana", time: "1:00", parts: parts)
      #expect(message.isStickerOnly == expected, "\(parts)")
      let header = ChatMessage.Header(paragraph(message), localSender: "me")
      #expect(header.isStickerOnly == expected, "\(parts)")
      #expect(header.sender == "ana" && header.time == "1:00" && !header.isLocal)
    }
  }
}
