import AnimationRuntime
import ChatKit
import ChatModel
import ReuseKitTestSupport
import Stickers
import Testing
import TextEngine

@Suite struct ChatMessageTests {
  private let stickers: StickerFactory

  init() throws {
    let library = try StickerLibrary(directory: RepositoryAssets.stickers)
    stickers = StickerFactory(runtime: StickerRuntime(clock: ManualClock(), library: library))
  }

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
