import ChatKit
import ChatModel
import TextEngine

/// The messages of a document at one moment, cheap to take on the main thread and safe to read
/// on another: what a background save writes.
///
/// Taking it from storage copies only the paragraph references (no text): storage never mutates a
/// paragraph, it replaces it, so later edits leave the snapshot as it was. The background reads only
/// what a paragraph holds in `let`s — its attributed text, its paragraph attributes and its
/// attachments' names — which is why sending it is safe (`@unchecked Sendable`); the messages are
/// made one at a time as they are written.
package struct TranscriptSnapshot: @unchecked Sendable {
  private enum Content {
    case transcript(Transcript)
    case paragraphs([TextParagraph])
  }

  private let content: Content

  /// A snapshot of a ready-made transcript.
  package init(_ transcript: Transcript) { content = .transcript(transcript) }

  /// A snapshot of `storage`'s messages, one per paragraph: day separators are skipped, and the
  /// messages of collapsed days are included (the storage's delegate hides them only from layout).
  /// - Complexity: O(paragraphs), copying references only.
  package init(storage: TextContentStorage) {
    content = .paragraphs(Transcript.messageParagraphs(of: storage))
  }

  /// The number of messages.
  package var messageCount: Int {
    switch content {
    case .transcript(let transcript): transcript.messages.count
    case .paragraphs(let paragraphs): paragraphs.count
    }
  }

  /// The messages, made as they are read.
  package var messages: AnySequence<ChatMessage> {
    switch content {
    case .transcript(let transcript): AnySequence(transcript.messages)
    case .paragraphs(let paragraphs): AnySequence(paragraphs.lazy.map { ChatMessage(paragraph: $0) })
    }
  }
}
