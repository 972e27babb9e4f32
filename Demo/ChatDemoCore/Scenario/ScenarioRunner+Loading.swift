import ChatKit
import ChatModel
import ChatStore
import Foundation
import Stickers
import TextEngine

/// The document a scenario runs on, and its stickers checked before the first step.
extension ScenarioRunner {
  /// The content manager the scenario runs on: a ``StoredTextContentManager`` over the chat store
  /// of a `{"history": …}` transcript (the scenario's edits are saved into it, as in the window),
  /// else storage holding the loaded or generated transcript.
  func loadStorage(_ stickers: StickerFactory) throws(ScenarioError) -> TextContentManager {
    if case .history(let url) = scenario.transcript {
      try checkStickers(Transcript(), stickers)
      do {
        return try StoredTextContentManager(source: ChatStore(contentsOf: url, stickers: stickers))
      } catch {
        throw ScenarioError(step: nil, reason: "transcript: \(error)")
      }
    }
    let transcript = try scenario.loadTranscript()
    try checkStickers(transcript, stickers)
    return transcript.storage(stickers: stickers)
  }

  private func checkStickers(_ transcript: Transcript, _ stickers: StickerFactory) throws(ScenarioError) {
    for (index, message) in transcript.messages.enumerated() {
      for case .sticker(let name) in message.parts where !stickers.knows(name) {
        throw ScenarioError(step: nil, reason: "transcript message \(index): unknown sticker \"\(name)\"")
      }
    }
    for (index, step) in scenario.steps.enumerated() {
      for name in step.stickerNames where !stickers.knows(name) {
        throw ScenarioError(
          step: index, op: step.op,
          reason: "unknown sticker \"\(name)\" (known: \(stickers.runtime.library.names.joined(separator: ", ")))")
      }
    }
  }
}
