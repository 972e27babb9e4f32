import ChatModel

/// The search bar's state (Ctrl+F): the query typed, when it last changed, and the hits of the
/// last search run, with the one the transcript shows.
///
/// Hits are numbered from the newest, as messengers number them: hit 1 is the last one in the
/// document, where a chat is read; ``ChatCommand/stepHit(_:)`` with +1 (Enter) moves to the next
/// older one, with −1 (Shift+Enter) to the next newer one, wrapping at both ends once every hit is
/// known. Hits are loaded a page at a time from the end, so the number of the current hit is
/// always exact; the total is exact once the search has seen every hit, and a lower bound before.
struct SearchBar: Equatable, Sendable {
  /// How long the query must stay unchanged before it is searched, in seconds: typing searches as
  /// you type, once a word's keystrokes pause.
  static let debounce = 0.15
  /// Hits loaded at a time (the first page, then one more each time stepping passes the last).
  static let pageSize = 50
  /// The most hits a chat store's search counts ("3 of 10,000+" beyond).
  static let countBound = 10_000
  /// The paragraphs an in-memory search counts in each frame, until it has counted them all (a
  /// chat store's index counts at once, in the frame after the jump).
  static let countSlice = 4_096

  /// The hits of one search: loaded newest first, with the current one.
  struct Results: Equatable, Sendable {
    /// The query searched.
    var query: String
    /// The hits loaded, newest first (document order reversed).
    var hits: [MessageSearchHit]
    /// Whether ``hits`` holds every hit of the query (the oldest is loaded).
    var isComplete: Bool
    /// The hits counted so far: exact once counting finished, a lower bound while it goes on (an
    /// in-memory scan counts a slice of paragraphs a frame) or where it stopped (a store counts
    /// up to ``SearchBar/countBound``).
    var counted: MessageSearchCount?
    /// The index in ``hits`` of the hit the transcript shows; `nil` when there is none.
    var current: Int?

    /// The total number of hits: exact, or a lower bound (not exact).
    var total: MessageSearchCount {
      if isComplete { return MessageSearchCount(count: hits.count, isExact: true) }
      if let counted, counted.isExact { return counted }
      return MessageSearchCount(count: max(hits.count, counted?.count ?? 0), isExact: false)
    }

    /// What the bar shows right of the field: "3 of 1,204", "3 of 50+", "No results".
    var label: String {
      guard let current else { return "No results" }
      let total = total
      return "\(SearchBar.grouped(current + 1)) of \(SearchBar.grouped(total.count))\(total.isExact ? "" : "+")"
    }
  }

  /// The query as typed so far (the field's text).
  var query = ""
  /// When the query last changed, on the app's clock, while it has not been searched yet.
  var changedAt: Double?
  /// The last search's hits; `nil` before one ran (and for an empty query).
  var results: Results?
  /// Why the last query could not be searched (a query of punctuation only, a store that failed).
  var error: String?

  /// When the pending query is due to be searched, or `nil` when none waits.
  var dueTime: Double? { changedAt.map { $0 + Self.debounce } }

  /// What the bar shows right of the field.
  var label: String {
    if let error { return error }
    if changedAt != nil, results == nil, !query.isEmpty { return "Searching…" }
    return results?.label ?? ""
  }

  /// The field's text changed to `text` at `now`: the search waits until it stays unchanged for
  /// ``debounce``. An empty field clears the hits at once.
  mutating func edit(to text: String, at now: Double) {
    guard text != query else { return }
    query = text
    error = nil
    if text.isEmpty {
      changedAt = nil
      results = nil
    } else {
      changedAt = now
    }
  }

  /// `n` with thousands separators: 1,204.
  static func grouped(_ n: Int) -> String {
    let digits = Array(String(n.magnitude))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return n < 0 ? "-" + out : out
  }
}
