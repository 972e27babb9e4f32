import ChatKit
import ChatModel
import ReuseKitSupport
import TextEngine

/// The search bar's work outside the app's state: running a query against the history (the chat
/// store's full-text index, or a scan of an in-memory transcript), loading older hits a page at a
/// time, and the highlights it sets on the transcript as rendering attributes.
///
/// Highlights are set only on the paragraphs the transcript shows (``highlight(in:results:)`` runs
/// with every frame, does nothing for paragraphs it has done already and removes those of
/// paragraphs scrolled away), so a search over ten million messages costs the page of hits it
/// loads and the paragraphs on screen, never the history. They are rendering attributes (``TextLayoutManager/addRenderingAttribute(_:value:for:)``):
/// setting or removing one redraws its lines and re-creates no fragment, provider, view or animation.
@MainActor
final class ChatSearch {
  /// The background of every hit on screen.
  static let hitColor = TextColor(red: 255, green: 226, blue: 122)
  /// The background of the current hit.
  static let currentHitColor = TextColor(red: 255, green: 150, blue: 50)

  /// The transcript's storage: what hits' paragraph indices index.
  let storage: TextContentManager
  /// What queries run against.
  let source: any MessageSearching
  /// Whether ``source`` scans the storage (counted a slice a frame) rather than a store's index
  /// (counted at once, up to ``SearchBar/countBound``).
  let scans: Bool

  /// An in-memory count under way: the query, the next paragraph to count and the hits so far.
  private var counting: (query: MessageSearchQuery, next: Int, count: Int)?

  /// The paragraphs on screen that were looked at for hits (and highlighted where they have any),
  /// by identifier.
  private var highlighted: Set<Int64> = []
  /// The query and current hit the highlights were made for.
  private var highlightedFor: (query: String, current: MessageSearchHit?)?
  /// The layout manager the highlights are on.
  private weak var highlightedManager: TextLayoutManager?

  /// A search over `storage`: through its source when that is searchable (a chat store, by its
  /// full-text index), else a scan of the storage's paragraphs.
  init(storage: TextContentManager) {
    self.storage = storage
    if let searchable = storage.source as? any MessageSearching {
      source = searchable
      scans = false
    } else {
      source = ParagraphScanSearch(storage: storage)
      scans = true
    }
  }

  /// Searches `query`: the newest page of hits, the newest current. The count follows in the next
  /// frames (``countMore(_:)``), so the frame that jumps to the first hit does not wait for it.
  /// - Throws: ``MessageSearchError`` for a query that searches nothing, or the store's error.
  func search(_ query: String) throws -> SearchBar.Results {
    let parsed = try MessageSearchQuery(query)
    let page = try source.searchHits(for: parsed, before: storage.paragraphCount, limit: SearchBar.pageSize)
    var results = SearchBar.Results(
      query: query, hits: page, isComplete: page.count < SearchBar.pageSize, counted: nil,
      current: page.isEmpty ? nil : 0)
    counting = nil
    if results.isComplete {
      results.counted = MessageSearchCount(count: page.count, isExact: true)
    } else {
      counting = (parsed, 0, 0)
    }
    return results
  }

  /// Whether an in-memory count is under way (each frame counts a slice more).
  var isCounting: Bool { counting != nil }

  /// `results` counted further: a store's hits at once (up to ``SearchBar/countBound``), an
  /// in-memory scan's ``SearchBar/countSlice`` paragraphs more, exact once all are.
  /// - Throws: The store's error.
  func countMore(_ results: SearchBar.Results) throws -> SearchBar.Results {
    guard let (query, next, counted) = counting, query.text == results.query else {
      counting = nil
      return results
    }
    guard scans else {
      counting = nil
      var updated = results
      updated.counted = try source.searchHitCount(for: query, upTo: SearchBar.countBound)
      return updated
    }
    let end = min(storage.paragraphCount, next + SearchBar.countSlice)
    let count = counted + ParagraphScanSearch(storage: storage).hitCount(for: query, in: next..<end)
    var updated = results
    let done = end >= storage.paragraphCount
    updated.counted = MessageSearchCount(count: count, isExact: done)
    counting = done ? nil : (query, end, count)
    return updated
  }

  /// `results` with the next older page of hits loaded (complete when there is none).
  /// - Throws: ``MessageSearchError``, or the store's error.
  func loadingOlder(_ results: SearchBar.Results) throws -> SearchBar.Results {
    guard !results.isComplete, let oldest = results.hits.last else { return results }
    let parsed = try MessageSearchQuery(results.query)
    // The oldest hit's paragraph may hold older hits before it: search from its end and drop the
    // ones loaded already.
    let loadedThere = results.hits.reversed().prefix { $0.paragraphIndex == oldest.paragraphIndex }.count
    let page = try source.searchHits(
      for: parsed, before: oldest.paragraphIndex + 1, limit: SearchBar.pageSize + loadedThere)
    let older = page.filter { $0.paragraphIndex < oldest.paragraphIndex || $0.offset < oldest.offset }
    var next = results
    next.hits += older
    next.isComplete = page.count < SearchBar.pageSize + loadedThere
    return next
  }

  // MARK: Highlights

  /// Highlights every hit of `results` in the paragraphs `view` shows (the current hit in its own
  /// colour) and removes the highlights of paragraphs it no longer shows, so what is highlighted is
  /// bounded by the screen; paragraphs highlighted already for the same query and current hit are
  /// left alone. `nil` results remove every highlight.
  /// - Complexity: O(paragraphs shown), and the text of those newly shown.
  func highlight(in view: TextView, results: SearchBar.Results?) {
    let manager = view.textLayoutManager
    guard let results, let query = try? MessageSearchQuery(results.query) else {
      clearHighlights()
      return
    }
    let current = results.current.map { results.hits[$0] }
    if highlightedFor?.query != results.query || highlightedManager !== manager {
      clearHighlights()
    } else if highlightedFor?.current != current {
      // The current hit moved: its old and new paragraphs are highlighted again.
      for hit in [highlightedFor?.current, current].compactMap({ $0 }) {
        guard let paragraph = storage.paragraph(at: hit.paragraphIndex) else { continue }
        unhighlight(paragraph.identifier, in: manager)
      }
    }
    highlightedFor = (results.query, current)
    highlightedManager = manager
    guard let range = view.textViewportLayoutController.viewportRange,
      let first = storage.index(of: range.location), let last = storage.index(of: range.endLocation)
    else { return }
    var shown: Set<Int64> = []
    for index in first...last {
      guard let paragraph = storage.paragraph(at: index) else { continue }
      shown.insert(paragraph.identifier)
      guard !highlighted.contains(paragraph.identifier) else { continue }
      // An edit carries the unchanged part of a highlight into the paragraph that replaces the
      // edited one: what is left of it goes before the hits are found again.
      unhighlight(paragraph.identifier, in: manager)
      let text = paragraph.attributedString.string
      for span in query.matches(in: text) {
        let characters = Self.characterRange(ofUTF16: span.offset..<(span.offset + span.length), in: text)
        guard !characters.isEmpty else { continue }
        let range = TextRange(
          location: TextLocation(paragraph: paragraph, offset: characters.lowerBound),
          end: TextLocation(paragraph: paragraph, offset: characters.upperBound))
        let isCurrent =
          current.map { $0.paragraphIndex == index && $0.offset == span.offset && $0.length == span.length } ?? false
        // A range refused (its paragraph changed since it was read) is left unhighlighted.
        try? manager.addRenderingAttribute(
          .backgroundColor, value: .color(isCurrent ? Self.currentHitColor : Self.hitColor), for: range)
      }
      highlighted.insert(paragraph.identifier)
    }
    for identifier in highlighted.subtracting(shown) { unhighlight(identifier, in: manager) }
  }

  /// Removes every highlight.
  func clearHighlights() {
    if let manager = highlightedManager {
      for identifier in highlighted { unhighlight(identifier, in: manager) }
    }
    highlighted = []
    highlightedFor = nil
    highlightedManager = nil
  }

  /// The paragraphs that carry highlights now.
  var highlightedParagraphCount: Int {
    guard let manager = highlightedManager else { return 0 }
    return highlighted.count { manager.hasRenderingAttributes(ofParagraph: $0) }
  }

  /// Removes the search's background colour from the paragraph with `identifier` (the app sets no
  /// other), wherever its runs are now; it is looked at again when shown.
  private func unhighlight(_ identifier: Int64, in manager: TextLayoutManager) {
    highlighted.remove(identifier)
    for run in manager.renderingAttributeRuns(ofParagraph: identifier, in: 0..<Int.max)
    where run.attributes[.backgroundColor] != nil {
      let range = TextRange(
        location: TextLocation(elementIdentifier: identifier, offset: run.range.lowerBound),
        end: TextLocation(elementIdentifier: identifier, offset: run.range.upperBound))
      // Refused only for a paragraph an edit replaced: its runs went with it.
      try? manager.removeRenderingAttribute(.backgroundColor, for: range)
    }
  }

  /// The `Character` offsets covering UTF-16 offsets `span` of `string`: a span that starts or ends
  /// inside a character covers all of it.
  /// - Complexity: O(*k*), *k* the characters up to the span's end.
  static func characterRange(ofUTF16 span: Range<Int>, in string: String) -> Range<Int> {
    guard !span.isEmpty else { return 0..<0 }
    var unit = 0
    var character = 0
    var lower: Int?
    var upper = 0
    for each in string {
      guard unit < span.upperBound else { break }
      let next = unit + each.utf16.count
      if lower == nil, next > span.lowerBound { lower = character }
      character += 1
      upper = character
      unit = next
    }
    guard let lower else { return 0..<0 }
    return lower..<upper
  }
}
