import ChatModel
import Glibc

/// Message search on arbitrary input: the bytes before the first zero byte are a query, the rest a
/// message's text (both read as UTF-8, bad bytes replaced). A query either parses or throws a
/// `MessageSearchError`; its hits are UTF-16 spans inside the text, non-empty, in order and not
/// overlapping; and every text it matches is one the full-text index would offer as a candidate
/// (each required term of the index query is a token of the text's indexed form, a prefix term the
/// start of one), so the chat store never misses a hit that a scan finds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let split = bytes.firstIndex(of: 0) ?? size
  let queryText = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<split]), as: UTF8.self)
  let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[min(size, split + 1)..<size]), as: UTF8.self)
  let query: MessageSearchQuery
  do {
    query = try MessageSearchQuery(queryText)
  } catch {
    return 0
  }
  let units = text.utf16.count
  var end = 0
  let matches = query.matches(in: text)
  for match in matches {
    require(match.length > 0, "an empty hit")
    require(match.offset >= end, "hits out of order or overlapping")
    require(match.offset + match.length <= units, "a hit past the end of the text")
    end = match.offset + match.length
  }
  guard !matches.isEmpty else { return 0 }
  let tokens = MessageSearchQuery.fullTextDocument(text).split(separator: " ").map(String.init)
  for term in query.fullTextQuery.split(separator: " ") {
    let isPrefix = term.hasSuffix("*")
    let word = term.filter { $0 != "\"" && $0 != "*" }
    let found = tokens.contains { isPrefix ? $0.hasPrefix(word) : $0 == word }
    require(found, "the index would not offer a matching text: term \(term) of \(query.fullTextQuery)")
  }
  return 0
}

/// With `REUSEKIT_FUZZ_SEEDS` set, writes the target's seeds there (a query and a text in each of
/// the scripts the matcher splits differently: words, characters, marks) and exits.
@_cdecl("LLVMFuzzerInitialize")
public func initializeSearch(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
  guard let directory = getenv("REUSEKIT_FUZZ_SEEDS").map({ String(cString: $0) }) else { return 0 }
  let pairs = [
    ("hello", "Hello world, hello again"), ("good mor", "Good morning!"), ("café", "CAFÉ au lait, cafe\u{301}"),
    ("東京", "東京タワーに行きました"), ("京", "東京都"), ("привет", "Привет, мир"), ("שלום", "שָׁלוֹם עולם"),
    ("مرحبا", "مرحبا بالعالم"), ("สวัสดี", "สวัสดีครับ"), ("see you at the", "See you at the station \u{FFFC} 👍🏽"),
  ]
  for (index, pair) in pairs.enumerated() {
    writeSeed(Array(pair.0.utf8) + [0] + Array(pair.1.utf8), to: "\(directory)/seed-\(index)")
  }
  exit(0)
}
