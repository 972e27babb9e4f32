import Foundation
import ReuseKit

/// The operations that edit, hide and split: the scenario ops `undo`, `redo`, `cut`, `copy`,
/// `paste`, `insertSticker` (any attachment here), `send`, `collapse`, `expand` and `split`.
extension ReuseTestHost {
  /// Undoes the last `count` edit groups: the `undo` op.
  /// - Parameter count: How many (default 1); fewer when the history is shorter.
  /// - Throws: ``OperationError`` for a negative count.
  public func undo(repeat count: Int = 1) throws(OperationError) {
    guard count >= 0 else { throw OperationError(operation: .undo, reason: "repeat \(count) is negative") }
    for _ in 0..<count { textView.undo() }
    try renderFrame(.undo)
  }

  /// Redoes the last `count` undone groups: the `redo` op.
  /// - Parameter count: How many (default 1).
  /// - Throws: ``OperationError`` for a negative count.
  public func redo(repeat count: Int = 1) throws(OperationError) {
    guard count >= 0 else { throw OperationError(operation: .redo, reason: "repeat \(count) is negative") }
    for _ in 0..<count { textView.redo() }
    try renderFrame(.redo)
  }

  /// Cuts the selection to the view's pasteboard: the `cut` op.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func cut() throws(OperationError) {
    textView.cut()
    try renderFrame(.cut)
  }

  /// Copies the selection to the view's pasteboard: the `copy` op.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func copy() throws(OperationError) {
    textView.copy()
    try renderFrame(.copy)
  }

  /// Pastes the view's pasteboard at the selection (attachments as new objects, as TextKit's
  /// pasteboard does): the `paste` op.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func paste() throws(OperationError) {
    textView.paste()
    try renderFrame(.paste)
  }

  /// Inserts `attachment` at the selection, replacing it: the `insertSticker` op, for any attachment.
  /// - Parameter attachment: The attachment to insert.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func insert(_ attachment: TextAttachment) throws(OperationError) {
    textView.insertAttachment(attachment)
    try renderFrame(.insertSticker)
  }

  /// Appends `text` as a new last message, as sending a message does: the `send` op.
  /// - Parameters:
  ///   - text: The message.
  ///   - attributes: The paragraph's attributes.
  /// - Throws: ``OperationError`` when the storage refuses the paragraph.
  public func send(_ text: AttributedText, attributes: [String: String] = [:]) throws(OperationError) {
    guard textView.appendParagraph(text, attributes: attributes) != nil else {
      throw OperationError(operation: .send, reason: "the storage refused the message")
    }
    try renderFrame(.send)
  }

  /// Hides messages `messages` from layout, as collapsing a chat day does: their fragments go, and
  /// their providers stay (`.hidden`) until ``expand(messages:)``: the `collapse` op.
  /// - Parameter messages: The paragraph indices.
  /// - Throws: ``OperationError`` for a range out of bounds, or when the storage has a delegate of
  ///   its own (the host hides paragraphs through the storage's delegate).
  public func collapse(messages: Range<Int>) throws(OperationError) {
    try setHidden(true, messages: messages, .collapse)
  }

  /// Shows messages hidden by ``collapse(messages:)`` again: the `expand` op.
  /// - Parameter messages: The paragraph indices.
  /// - Throws: ``OperationError`` for a range out of bounds.
  public func expand(messages: Range<Int>) throws(OperationError) {
    try setHidden(false, messages: messages, .expand)
  }

  /// Shows (`true`) or removes (`false`) a second view on the same storage, below view 0 in the
  /// window: the `split` op. The second view has its own providers and counters; edits in either
  /// reach both.
  /// - Parameter on: Whether the split is on.
  /// - Throws: ``OperationError`` when an offscreen frame cannot be drawn.
  public func split(_ on: Bool) throws(OperationError) {
    if on, secondaryView == nil {
      let view: TextView
      do {
        view = try secondaryViewMaker(storage, clock)
      } catch {
        throw OperationError(operation: .split, reason: "cannot make the second view: \(error)")
      }
      for registration in registrations { registration.register(in: view) }
      view.layoutViewport()
      secondaryView = view
    } else if !on {
      secondaryView = nil
    }
    try renderFrame(.split)
  }

  // MARK: Shared by the operations

  /// Message `index`'s start offset and length.
  func messageRange(_ index: Int, _ operation: Operation) throws(OperationError) -> (start: Int, length: Int) {
    guard index >= 0, index < storage.paragraphCount, let paragraph = storage.paragraph(at: index),
      let start = try? storage.startOffset(ofParagraphAt: index)
    else {
      throw OperationError(
        operation: operation, reason: "message \(index) is out of range 0..<\(storage.paragraphCount)")
    }
    return (start, paragraph.length)
  }

  /// Draws a frame on an offscreen host (nothing headless).
  func renderFrame(_ operation: Operation) throws(OperationError) {
    guard let frameRenderer else { return }
    frameWillBegin?()
    do {
      try frameRenderer()
    } catch {
      throw OperationError(operation: operation, reason: "cannot draw a frame: \(error)")
    }
  }

  private func setHidden(_ hidden: Bool, messages: Range<Int>, _ operation: Operation) throws(OperationError) {
    guard messages.lowerBound >= 0, messages.upperBound <= storage.paragraphCount else {
      throw OperationError(
        operation: operation, reason: "messages \(messages) are out of range 0..<\(storage.paragraphCount)")
    }
    if storage.delegate !== hider {
      guard storage.delegate == nil else {
        throw OperationError(operation: operation, reason: "the storage has a delegate of its own")
      }
      storage.delegate = hider
    }
    for index in messages {
      guard let identifier = storage.paragraph(at: index)?.identifier else { continue }
      if hidden { hider.hidden.insert(identifier) } else { hider.hidden.remove(identifier) }
    }
    for view in [textView] + (secondaryView.map { [$0] } ?? []) {
      view.textViewportLayoutControllerReceivedSetNeedsLayout(view.textViewportLayoutController)
    }
    try renderFrame(operation)
  }
}
