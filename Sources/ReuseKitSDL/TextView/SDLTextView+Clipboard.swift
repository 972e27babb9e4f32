import Foundation
import TextEngine

extension SDLTextView {
  /// Copies the selection: rich text (attachments copied as new objects) to the view's pasteboard,
  /// plain text to ``clipboard``.
  @MainActor
  public func copyToClipboard() {
    guard !selectedRange.isEmpty else { return }
    copy()
    guard let rich = pasteboard else { return }
    let plain = plainText(of: rich)
    clipboard.text = plain
    lastClipboardText = plain
  }

  /// Copies the selection to the clipboard, then deletes it.
  @MainActor
  public func cutToClipboard() {
    guard !selectedRange.isEmpty else { return }
    copyToClipboard()
    deleteBackward()
  }

  /// Pastes at the caret. While the clipboard still holds what this view copied, the rich pasteboard
  /// is pasted, so attachments come back as new attachments; otherwise the clipboard's plain text.
  @MainActor
  public func pasteFromClipboard() {
    let current = clipboard.text
    if pasteboard != nil, let lastClipboardText, (current ?? "") == lastClipboardText {
      paste()
    } else if let current {
      let text = plainTextForPasting(current)
      if !text.isEmpty { insertText(text) }
    }
  }

  /// The plain-text form of copied text: line breaks as `\n`, a sticker as `:name:`.
  public func plainText(of text: AttributedText) -> String {
    var result = ""
    var offset = 0
    for character in text.string {
      if character == AttributedText.attachmentCharacter {
        result += text.attributes(at: offset).attachment?.fileType.map { ":\($0):" } ?? ""
      } else if character == AttributedText.lineSeparator {
        result += "\n"
      } else {
        result.append(character)
      }
      offset += 1
    }
    return result
  }

  /// Cleans text from the clipboard before it is typed in: `\r\n` and `\r` become `\n` (or U+2028
  /// with ``pastesNewlinesAsLineBreaks``), other control characters except tabs are dropped, and
  /// U+FFFC (an attachment without its object) is removed.
  public func plainTextForPasting(_ text: String) -> String {
    let unified = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    let breaks =
      pastesNewlinesAsLineBreaks
      ? unified.replacingOccurrences(of: "\n", with: String(AttributedText.lineSeparator)) : unified
    return String(
      breaks.filter { character in
        if character == "\n" || character == "\t" { return true }
        if character == AttributedText.attachmentCharacter { return false }
        return !character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
      })
  }
}
