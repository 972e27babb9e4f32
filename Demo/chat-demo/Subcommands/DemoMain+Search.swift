import ChatModel
import ChatStore
import Foundation

/// `--history HISTORY.sqlite --search QUERY [--limit N]`: a chat store's hits as JSON lines.
extension DemoMain {
  /// One printed hit.
  private struct SearchLine: Encodable {
    /// The paragraph's index, day separators counted.
    var paragraph: Int
    /// The hit's UTF-16 offset in the message's text.
    var offset: Int
    /// The hit's UTF-16 length.
    var length: Int
    /// The message's text (U+FFFC for each sticker).
    var text: String
  }

  /// Prints the first `limit` hits of `query` in the store at `url`, in document order, one JSON
  /// line each.
  /// - Returns: 0, or 2 when the store cannot be opened or read.
  static func searchHistory(_ url: URL, for query: MessageSearchQuery, limit: Int) -> Int32 {
    do {
      let store = try ChatStore(contentsOf: url, access: .readOnly)
      let matches = try store.searchMatches(for: query, from: 0, forward: true, limit: limit)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      var output = Data()
      for (hit, text) in matches {
        output += try encoder.encode(
          SearchLine(paragraph: hit.paragraphIndex, offset: hit.offset, length: hit.length, text: text))
        output.append(UInt8(ascii: "\n"))
      }
      FileHandle.standardOutput.write(output)
      return 0
    } catch {
      return fail("cannot search: \(error)")
    }
  }
}
