extension TextView {
  /// Replaces the characters in `range` (document offsets) with `text` as one undoable edit,
  /// leaves the caret after the inserted text, and runs a viewport pass.
  /// - Throws: ``TextEditError`` for a bad range; the document and selection are unchanged.
  /// - Complexity: O(log n + touched paragraphs' length) plus one pass.
  public func replaceCharacters(
    in range: Range<Int>, with text: AttributedText, paragraphAttributes: [[String: String]]? = nil
  ) throws(TextEditError) {
    guard shouldChangeText(in: range) else { throw .refused(range: range) }
    try performUndoableEdit(selectionAfter: caretAfterReplacing(range)) { () throws(TextEditError) in
      try textContentManager.replaceCharacters(in: range, with: text, paragraphAttributes: paragraphAttributes)
    }
  }

  /// Types `string` over the selection with the attributes of the text before the caret.
  ///
  /// Consecutive typing in one paragraph forms one undo group, which ends at a space, at a
  /// caret move, or at any other edit (see ``coalescesTyping``).
  public func insertText(_ string: String) {
    let text = AttributedText(string, attributes: typingAttributes)
    let range = selectedRange
    guard shouldChangeText(in: range) else { return }
    let typed = string.count == 1 && string != "\n" ? string.first : nil
    reportingEditFailure { () throws(TextEditError) in
      try performUndoableEdit(selectionAfter: caretAfterReplacing(range), typed: typed) { () throws(TextEditError) in
        try textContentManager.replaceCharacters(in: range, with: text)
      }
    }
  }

  /// Inserts `attachment` at the caret (replacing the selection): that very object, even when it
  /// is in the document already (one more occurrence of it, with a provider of its own).
  public func insertAttachment(_ attachment: TextAttachment) {
    let text = AttributedText(attachment: attachment, attributes: typingAttributes)
    reportingEditFailure { () throws(TextEditError) in try replaceCharacters(in: selectedRange, with: text) }
  }

  /// Splits the paragraph at the caret (`\n`).
  public func insertParagraphBreak() { insertText("\n") }

  /// Breaks the line without ending the paragraph (U+2028).
  public func insertLineBreak() { insertText(String(AttributedText.lineSeparator)) }

  /// Deletes the selection, or the character before the caret.
  public func deleteBackward() {
    if !selectedRange.isEmpty {
      deleteCharacters(in: selectedRange)
    } else if selectedRange.lowerBound > 0 {
      deleteCharacters(in: (selectedRange.lowerBound - 1)..<selectedRange.lowerBound)
    }
  }

  /// Deletes the selection, or the character after the caret.
  public func deleteForward() {
    if !selectedRange.isEmpty {
      deleteCharacters(in: selectedRange)
    } else if selectedRange.upperBound < textContentManager.length {
      deleteCharacters(in: selectedRange.lowerBound..<(selectedRange.lowerBound + 1))
    }
  }

  /// Deletes `range` as a user edit (a failure is reported, see `TextView+EditFailures.swift`).
  /// - Returns: Whether the characters were deleted.
  @discardableResult
  private func deleteCharacters(in range: Range<Int>) -> Bool {
    reportingEditFailure { () throws(TextEditError) in try replaceCharacters(in: range, with: AttributedText()) }
  }

  /// Applies `change` to the attributes of the characters in `range` as one undoable edit.
  /// The selection stays.
  public func changeAttributes(in range: Range<Int>, _ change: (inout TextAttributes) -> Void) throws(TextEditError) {
    let selection = selectedRange
    guard shouldChangeText(in: range) else { throw .refused(range: range) }
    try performUndoableEdit(selectionAfter: .fixed(selection)) { () throws(TextEditError) in
      try textContentManager.setAttributes(in: range, change)
    }
  }

  /// Appends a paragraph (a chat message) with its own paragraph attributes, undoably,
  /// without touching the paragraphs before it.
  @discardableResult
  public func appendParagraph(_ text: AttributedText, attributes: [String: String]) -> TextParagraph? {
    let index = textContentManager.paragraphCount
    var inserted: TextParagraph?
    let selection = selectedRange
    reportingEditFailure { () throws(TextEditError) in
      try performUndoableEdit(selectionAfter: .fixed(selection)) { () throws(TextEditError) in
        let replacement = try textContentManager.insertParagraphs([(text, attributes)], at: index)
        inserted = replacement.insertedParagraphs.first
        return replacement
      }
    }
    return inserted
  }

  // MARK: Pasteboard

  /// Copies the selection. Attachments are copied as new objects (``TextAttachment/copy()``), as
  /// Apple's pasteboard holds archived attachments rather than the objects in the document.
  public func copy() {
    guard !selectedRange.isEmpty, let text = try? textContentManager.attributedString(in: selectedRange) else { return }
    pasteboard = text.mappingAttachments { $0.copy() }
  }

  /// Copies the selection, then deletes it. When the delete fails (a full disk), nothing changes:
  /// the pasteboard keeps what it held.
  public func cut() {
    guard !selectedRange.isEmpty else { return }
    let held = pasteboard
    copy()
    if !deleteCharacters(in: selectedRange) { pasteboard = held }
  }

  /// Inserts the pasteboard at the caret. Every paste makes new attachment objects: a pasted
  /// attachment is a new attachment (no ``TextAttachment/persistentIdentifier``), never another
  /// occurrence of the one copied, however often it is pasted.
  public func paste() {
    guard let pasteboard else { return }
    let text = pasteboard.mappingAttachments { $0.copy() }
    reportingEditFailure { () throws(TextEditError) in try replaceCharacters(in: selectedRange, with: text) }
  }

  // MARK: Undo

  /// Whether ``undo()`` has an edit to revert. The history holds this view's own edits (coalesced
  /// typing is one), at most ``undoLimit``; an edit the view did not make clears it.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether ``redo()`` has an undone edit to apply again; any new edit clears it.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Reverts the last edit. Deleted attachments come back as the same objects (with new providers).
  /// When the store cannot take the change, the edit stays done and can be undone again.
  public func undo() {
    guard let record = undoStack.popLast() else { return }
    if let inverse = revert(record) { redoStack.append(inverse) } else { undoStack.append(record) }
  }

  /// Re-applies the last undone edit.
  public func redo() {
    guard let record = redoStack.popLast() else { return }
    if let inverse = revert(record) { undoStack.append(inverse) } else { redoStack.append(record) }
  }

  /// Puts back what `record` replaced and returns the record that puts it back again, or `nil`
  /// (reported, nothing changed) when the storage refused.
  private func revert(_ record: UndoRecord) -> UndoRecord? {
    var inverse: UndoRecord?
    reportingEditFailure { () throws(TextEditError) in
      try performOwnEdit { () throws(TextEditError) in
        let replacement = try textContentManager.replaceParagraphs(
          in: record.paragraphIndex..<(record.paragraphIndex + record.insertedCount), with: record.removedContents)
        inverse = UndoRecord(
          replacement, selectionBefore: record.selectionAfter, selectionAfter: record.selectionBefore)
        try? setSelectedRange(record.selectionBefore)
      }
    }
    return inverse
  }

  // MARK: Edit transactions

  /// Runs `edit`, an edit of the view's own together with what records it (the undo record, the
  /// selection), in one editing transaction of the storage. The storage tells its observers when
  /// that transaction ends, so other views on it hear of the edit only once it is recorded; then
  /// this view runs its pass (if ``laysOutImmediately``).
  private func performOwnEdit<Result, Failure: Error>(_ edit: () throws(Failure) -> Result) throws(Failure) -> Result {
    let wasPerformingEdit = isPerformingEdit
    isPerformingEdit = true
    let outcome = textContentManager.performEditingTransaction {
      Swift.Result { () throws(Failure) -> Result in try edit() }
    }
    isPerformingEdit = wasPerformingEdit
    if !isPerformingEdit, laysOutImmediately { layoutIfNeeded() }
    return try outcome.get()
  }

  // MARK: Helpers

  /// The caret after replacing `range`, worked out once the edit is made: the text after the
  /// range keeps its length, so the caret sits that far from the new end. (The inserted text's
  /// own length can be off by one when its first character joins the one before it.)
  private func caretAfterReplacing(_ range: Range<Int>) -> SelectionAfterEdit {
    .caretBefore(suffix: textContentManager.length - range.upperBound, notBefore: range.lowerBound)
  }

  /// The attributes typed text gets: those of the character before the caret, minus any attachment.
  public var typingAttributes: TextAttributes {
    guard let location = try? textContentManager.location(at: selectedRange.lowerBound),
      let text = textContentManager.paragraph(for: location)?.attributedString
    else { return TextAttributes() }
    guard text.length > 0 else { return TextAttributes() }
    return text.attributes(at: max(0, location.offset - 1)).withoutAttachment
  }

  /// Makes `edit` one undo group (or extends the open typing group with a `typed` character),
  /// then selects `selectionAfter`, worked out once the edit is made.
  private func performUndoableEdit(
    selectionAfter: SelectionAfterEdit, typed: Character? = nil,
    _ edit: () throws(TextEditError) -> TextContentManager.Replacement
  ) throws(TextEditError) {
    let before = selectedRange
    let continuesTyping =
      typed != nil && coalescesTyping && isTypingGroupOpen && before == undoStack.last?.selectionAfter
    try performOwnEdit { () throws(TextEditError) in
      let replacement = try edit()
      let selection: Range<Int>
      switch selectionAfter {
      case .fixed(let range): selection = range
      case .caretBefore(let suffix, let lowerBound):
        let caret = max(lowerBound, textContentManager.length - suffix)
        selection = caret..<caret
      }
      let record = UndoRecord(replacement, selectionBefore: before, selectionAfter: selection)
      if continuesTyping, let last = undoStack.last, let merged = last.extended(by: record) {
        undoStack[undoStack.count - 1] = merged
      } else {
        undoStack.append(record)
      }

      if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
      redoStack.removeAll()
      try? setSelectedRange(selection)  // closes any typing group…
      isTypingGroupOpen = typed.map { !$0.isWhitespace } ?? false  // …a typed letter reopens it
    }
  }
}

extension TextView: TextContentObserver {
  /// The storage's outermost editing transaction ended, with an edit: the one notification a view
  /// gets, from the storage, once the edit is recorded (when this view made it, its undo record and
  /// selection are set already). The reuse controller settles the transaction's reuse decisions,
  /// the selection is clamped to the new document, and the view marks itself for layout: it runs
  /// no pass from here. An edit the view made runs its pass right after (see `performOwnEdit`);
  /// any other lays the view out on its next pass (``layoutIfNeeded()``, the next frame). An edit
  /// the view did not make clears its undo and redo history.
  func textContentManagerDidEndEditingTransaction(_ manager: TextContentManager) {
    reuseController.editTransactionEnded()
    if !isPerformingEdit {
      // Another view (or code editing the storage directly) changed the document: this view's undo
      // records name paragraphs by index and would now revert the wrong ones, so they go.
      undoStack.removeAll()
      redoStack.removeAll()
      isTypingGroupOpen = false
    }
    let length = textContentManager.length
    selectedRange = min(selectedRange.lowerBound, length)..<min(selectedRange.upperBound, length)
    selectionAnchor = min(selectionAnchor, length)
    needsLayout = true
  }

  /// The storage is releasing `paragraph` for memory: the reuse controller lets its idle providers
  /// forget the paragraph's objects (``TextAttachmentReuseController/paragraphWillBeReleased(_:)``).
  func textContentManager(_ manager: TextContentManager, willRelease paragraph: TextParagraph) {
    reuseController.paragraphWillBeReleased(paragraph)
  }
}

/// The selection an edit leaves.
enum SelectionAfterEdit {
  /// Exactly this range.
  case fixed(Range<Int>)
  /// A caret `suffix` characters before the document's end, and not before `notBefore`.
  case caretBefore(suffix: Int, notBefore: Int)
}
