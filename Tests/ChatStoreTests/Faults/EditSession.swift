import ChatKit
import ChatStore
import Foundation
import Stickers
import TextEngine

/// A fixed edit session through a text view over a chat store, as a user makes one: typing, a
/// paragraph split, a cut across blocks, a paste, a sent message with a sticker, undo and redo,
/// deletes. It runs over a store opened through any VFS, and says which of its actions failed, so
/// that the same session can be replayed with exactly those actions left out.
struct EditSession {
  /// One user action.
  enum Action {
    case select(message: Int, offset: Int, length: Int)
    /// Types `String` as one edit (a keystroke, or an input method's commit).
    case type(String)
    case paragraphBreak
    case cut
    case paste
    case send(String, sticker: Bool)
    case undo
    case redo
    case deleteBackward
  }

  /// The session's actions, in order.
  static let actions: [Action] = [
    .select(message: 5, offset: 0, length: 0), .type("h"), .type("e"), .type("y"), .paragraphBreak, .type("x"),
    .select(message: 14, offset: 2, length: 0), .type("typing"), .select(message: 20, offset: 1, length: 40), .cut,
    .select(message: 2, offset: 0, length: 0), .paste, .send("sent", sticker: true), .undo, .redo,
    .select(message: 30, offset: 3, length: 0), .deleteBackward, .deleteBackward, .type("z"),
    .send("last", sticker: false),
  ]

  /// What a run did.
  struct Outcome {
    /// The indexes in ``actions`` of the actions that failed (their edit was refused).
    var failed: Set<Int> = []
    /// Each failure, as the view reported it.
    var failures: [TextEditError] = []
    /// Whether the view's document was unchanged by every failed action.
    var unchangedOnFailure = true
  }

  /// Runs the actions not in `skipping` on the store at `url`, opened through `vfs`.
  /// - Throws: When the store cannot be opened (the sweep counts that as a failure of its own).
  static func run(
    _ url: URL, stickers: StickerFactory, vfs: String?, skipping: Set<Int> = []
  ) throws -> Outcome {
    let store = try ChatStore(contentsOf: url, stickers: stickers, access: .readWrite, vfs: vfs)
    let manager = try StoredTextContentManager(source: store)
    let view = TextView(
      storage: manager, viewportSize: CGSize(width: 400, height: 600), glyphMeasurer: FixedAdvanceGlyphMeasurer())
    var outcome = Outcome()
    for (index, action) in actions.enumerated() where !skipping.contains(index) {
      let failures = view.editFailureCount
      let before = state(of: view)
      perform(action, in: view, stickers: stickers)
      if view.editFailureCount > failures {
        outcome.failed.insert(index)
        if let failure = view.lastEditFailure { outcome.failures.append(failure) }
        if state(of: view) != before { outcome.unchangedOnFailure = false }
      }
    }
    return outcome
  }

  /// What a failed edit must leave as it was: the text, the selection, the undo and redo history,
  /// the pasteboard.
  private struct ViewState: Equatable {
    var text: String
    var selection: Range<Int>
    var canUndo: Bool
    var canRedo: Bool
    var pasteboard: String?
  }

  private static func state(of view: TextView) -> ViewState {
    let manager = view.textContentManager
    return ViewState(
      text: (try? manager.attributedString(in: 0..<manager.length).string) ?? "?",
      selection: view.selectedRange, canUndo: view.canUndo, canRedo: view.canRedo,
      pasteboard: view.pasteboard?.string)
  }

  private static func perform(_ action: Action, in view: TextView, stickers: StickerFactory) {
    let manager = view.textContentManager
    switch action {
    case .select(let message, let offset, let length):
      let index = min(message, manager.paragraphCount - 1)
      guard let start = try? manager.startOffset(ofParagraphAt: index),
        let paragraph = manager.paragraph(at: index)
      else { return }
      let lower = start + min(offset, paragraph.length)
      try? view.setSelectedRange(lower..<min(manager.length, lower + length))
    case .type(let text): view.insertText(text)  // one edit, however long
    case .paragraphBreak: view.insertParagraphBreak()
    case .cut: view.cut()
    case .paste: view.paste()
    case .send(let text, let sticker):
      var content = AttributedText(text)
      if sticker { content.append(AttributedText(attachment: stickers.make("heart"))) }
      view.appendParagraph(content, attributes: ["from": "me"])
    case .undo: view.undo()
    case .redo: view.redo()
    case .deleteBackward: view.deleteBackward()
    }
  }

  /// Every paragraph of the store at `url`, as plain values, read through a fresh read-only
  /// connection; and SQLite's integrity check of the file.
  static func contents(of url: URL, stickers: StickerFactory) throws -> (
    paragraphs: [ParagraphValue], integrity: [String]
  ) {
    let store = try ChatStore(contentsOf: url, stickers: stickers, access: .readOnly)
    let paragraphs = try StoreFixture.paragraphs(of: store).map {
      ParagraphValue($0.attributedString, $0.paragraphAttributes)
    }
    return (paragraphs, try store.integrityCheck())
  }
}
