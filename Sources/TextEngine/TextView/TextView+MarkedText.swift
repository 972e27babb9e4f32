extension TextView {
  /// Whether an input method's composition is in progress.
  public var hasMarkedText: Bool { !markedText.isEmpty }

  /// Shows an input method's composition (preedit) at the caret, replacing the previous one.
  ///
  /// A composition is not an edit: storage, layout fragments, attachment view providers, the undo
  /// history and the selection stay as they are, and no viewport pass runs. A view draws it inline
  /// at the caret, underlined. Only committed text (``insertText(_:)``) enters the document; an
  /// empty `text` ends the composition.
  /// - Parameters:
  ///   - text: The composition, as the input method reports it (`SDL_TEXTEDITING`).
  ///   - cursor: The composition's caret in characters of `text`, clamped to it (its end by default).
  /// - Complexity: O(characters of `text`).
  public func setMarkedText(_ text: String, cursor: Int? = nil) {
    markedText = text
    let count = text.count
    markedTextCursor = min(max(0, cursor ?? count), count)
  }

  /// Ends the composition without inserting anything (the input method committed or cancelled it).
  public func unmarkText() {
    markedText = ""
    markedTextCursor = 0
  }
}
