import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Random edits that insert a few attachment objects again and again (in one paragraph and
/// across paragraphs, next to each other), delete them, split and merge their paragraphs, undo,
/// release and rebuild, on the in-memory document and on an external store, against a model: the
/// text, every attachment's place and its occurrence count, and the manager's invariants (the
/// unbuilt counts recounted from the whole source) after every step.
@Suite struct AttachmentOccurrenceRandomTests {
  /// One character of the model document: text, or attachment `index` of the pool.
  private enum Token: Equatable {
    case character(Character)
    case attachment(Int)
  }

  private struct Undo {
    var paragraphIndex: Int
    var insertedCount: Int
    var removed: [(AttributedText, [String: String])]
    var model: [Token]
  }

  private static let poolSize = 4

  @Test(arguments: [Backend.memory, .stored], [3, 4] as [UInt64])
  func randomEditsWithRepeatedAttachmentsMatchAModel(backend: Backend, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let pool = (0..<Self.poolSize).map { _ in Fixtures.sticker() }
    var model: [Token] = []
    for line in 0..<120 {
      if line > 0 { model.append(.character("\n")) }
      model += "line \(line)".map(Token.character)
      if line % 7 == 0 { model.append(.attachment(line % Self.poolSize)) }
    }
    let manager = backend.manager(paragraphs(of: model, pool: pool))
    manager.releaseSlack = 8
    manager.paragraphsPerRead = 5
    if backend == .stored {
      // A store's occurrences count from when the manager first builds their paragraph: every one
      // is built once, and released again, so that the counts are the whole document's.
      for index in 0..<manager.paragraphCount { _ = manager.paragraph(at: index) }
      manager.releaseUnheldParagraphsNow()
    }
    var undos: [Undo] = []
    for step in 0..<300 {
      switch random.next(below: 8) {
      case 0, 1, 2, 3:
        // A replacement anywhere: text, paragraph breaks and attachments of the pool, often two
        // of one next to each other.
        let from = random.next(below: model.count + 1)
        let to = min(model.count, from + random.next(below: 6))
        var insert: [Token] = []
        for _ in 0..<random.next(below: 5) {
          switch random.next(below: 5) {
          case 0: insert.append(.character("\n"))
          case 1, 2:
            let index = random.next(below: Self.poolSize)
            insert += random.next(below: 3) == 0 ? [.attachment(index), .attachment(index)] : [.attachment(index)]
          default: insert.append(.character("x"))
          }
        }
        let replacement = try manager.replaceCharacters(in: from..<to, with: text(of: insert, pool: pool))
        undos.append(
          Undo(
            paragraphIndex: replacement.paragraphIndex, insertedCount: replacement.insertedParagraphs.count,
            removed: replacement.removedParagraphs.map { ($0.attributedString, $0.paragraphAttributes) },
            model: model))
        model.replaceSubrange(from..<to, with: insert)
      case 4:
        // Undo the last edit: the removed paragraphs' contents (their attachments) go back in.
        guard let undo = undos.popLast() else { continue }
        try manager.replaceParagraphs(
          in: undo.paragraphIndex..<(undo.paragraphIndex + undo.insertedCount), with: undo.removed)
        model = undo.model
      case 5:
        manager.releaseUnheldParagraphsNow()
      default:
        // One paragraph read back: its attachments, in order, are the model's.
        let expected = paragraphTokens(model)
        let index = random.next(below: expected.count)
        let found = try #require(manager.paragraph(at: index)).attributedString.attachments
        let wanted = expected[index].compactMap { token -> Int? in
          if case .attachment(let pooled) = token { return pooled }
          return nil
        }
        #expect(found.map(\.identity) == wanted.map { pool[$0].identity }, "step \(step)")
        if backend == .memory { #expect(zip(found, wanted).allSatisfy { $0 === pool[$1] }, "step \(step)") }
      }
      let violations = manager.checkInvariants(readingSource: true)
      #expect(violations.isEmpty, "step \(step): \(violations)")
      for (index, attachment) in pool.enumerated() {
        let count = model.count { $0 == .attachment(index) }
        #expect(manager.occurrenceCount(of: attachment.identity) == count, "step \(step), attachment \(index)")
        #expect(manager.contains(attachment) == (count > 0), "step \(step), attachment \(index)")
      }
      #expect(manager.length == model.count, "step \(step)")
      if !violations.isEmpty { break }
    }
    #expect(try manager.attributedString(in: 0..<manager.length).string == String(model.map(character)))
    #expect(manager.paragraphsReleased > 0)
  }

  private func character(_ token: Token) -> Character {
    switch token {
    case .character(let character): character
    case .attachment: AttributedText.attachmentCharacter
    }
  }

  private func text(of tokens: some Sequence<Token>, pool: [TextAttachment]) -> AttributedText {
    var text = AttributedText()
    for token in tokens {
      switch token {
      case .character(let character): text.append(AttributedText(String(character)))
      case .attachment(let index): text.append(AttributedText(attachment: pool[index]))
      }
    }
    return text
  }

  private func paragraphTokens(_ model: [Token]) -> [ArraySlice<Token>] {
    model.split(separator: .character("\n"), omittingEmptySubsequences: false)
  }

  private func paragraphs(of model: [Token], pool: [TextAttachment]) -> [(AttributedText, [String: String])] {
    paragraphTokens(model).map { (text(of: $0, pool: pool), [:]) }
  }
}
