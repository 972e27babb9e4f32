import ChatKit
import ChatModel
import Foundation
import TextEngine

/// The search bar (Ctrl+F): it opens in the composer's place, searches as you type once the
/// keystrokes pause (``SearchBar/debounce`` on the app's clock), jumps the transcript to the newest
/// hit, steps older and newer with Enter and Shift+Enter, highlights the hits on screen, and closes
/// with Esc. Each hit it jumps to is announced to screen readers: "3 of 1,204: ana: the message".
extension ChatApp {
  /// Opens the bar, or focuses its field when open.
  func openSearch() {
    update { $0.openSearch() }
    searchField.selectAll()
    searchField.setNeedsDisplay()
  }

  /// Closes the bar: its highlights go, the composer has the focus.
  func closeSearch() {
    update { $0.closeSearch() }
    search.clearHighlights()
    searchField.selectAll()
    searchField.deleteBackward()
    composer.setNeedsDisplay()
  }

  /// Moves `step` hits older (+1) or newer (−1), loading the next older page when stepping past the
  /// oldest loaded hit and wrapping at either end once every hit is loaded; then jumps there.
  func stepHit(by step: Int) {
    guard var results = state.search?.results, let current = results.current, !results.hits.isEmpty else { return }
    var target = current + step
    if target >= results.hits.count, !results.isComplete {
      do {
        results = try search.loadingOlder(results)
      } catch {
        update { $0.search?.error = "Search failed: \(error)" }
        return
      }
    }
    let count = results.hits.count
    if target >= count { target = results.isComplete ? 0 : count - 1 }
    if target < 0 {
      guard results.isComplete else { return }  // the oldest end is not known yet: stay on the newest
      target = count - 1
    }
    results.current = target
    update { $0.search?.results = results }
    showCurrentHit()
  }

  /// With every frame while the bar is open: the field's text becomes the query, and a query that
  /// stayed unchanged for ``SearchBar/debounce`` is searched.
  func updateSearch() {
    guard let bar = state.search else { return }
    let text = searchField.textContentManager.paragraph(at: 0)?.attributedString.string ?? ""
    let now = clock.now
    if text != bar.query { update { $0.search?.edit(to: text, at: now) } }
    if let due = state.search?.dueTime, due <= now + Self.dueTolerance {
      runSearch()
    } else if search.isCounting, let results = state.search?.results {
      do {
        let counted = try search.countMore(results)
        update { $0.search?.results = counted }
      } catch {
        update { $0.search?.error = "Counting failed: \(error)" }
      }
    }
  }

  /// Searches the bar's query now and jumps to its newest hit.
  func runSearch() {
    guard let query = state.search?.query else { return }
    do {
      let results = try search.search(query)
      update {
        $0.search?.results = results
        $0.search?.changedAt = nil
        $0.search?.error = nil
      }
    } catch {
      update {
        $0.search?.results = nil
        $0.search?.changedAt = nil
        $0.search?.error = "\(error)"
      }
      return
    }
    showCurrentHit()
  }

  /// Jumps the transcript to the current hit (its message in the middle, in this frame) and
  /// announces it; with no hits, announces that.
  private func showCurrentHit() {
    guard let results = state.search?.results else { return }
    guard let index = results.current else {
      announce("No results for \(results.query)")
      return
    }
    let hit = results.hits[index]
    let transcript = editorView ?? chatView
    try? transcript.scroll(toParagraphAt: hit.paragraphIndex, position: .center)
    let message = storage.paragraph(at: hit.paragraphIndex).map { ChatMessage(paragraph: $0) }
    let spoken = message.map { "\($0.from): \(Self.spokenText(of: $0))" } ?? ""
    announce("\(results.label): \(spoken)")
  }

  /// Queues `text` for screen readers; only the newest few wait (a tree that reads none, or is
  /// suspended, does not make the queue grow).
  private func announce(_ text: String) {
    update {
      $0.announcements.append(text)
      $0.announcements.removeFirst(max(0, $0.announcements.count - Self.queuedAnnouncements))
    }
  }

  /// The most announcements that wait for the accessibility tree.
  private static let queuedAnnouncements = 4

  /// A message as a screen reader says it: its text, and each sticker by name.
  private static func spokenText(of message: ChatMessage) -> String {
    message.parts.map { part in
      switch part {
      case .text(let text): text
      case .sticker(let name): "(sticker \(name))"
      }
    }.joined(separator: " ")
  }

  /// Highlights the hits on screen (or removes them when the bar is closed): before each frame's
  /// drawing, after the transcript's last scroll.
  func highlightSearchHits() {
    search.highlight(in: editorView ?? chatView, results: state.search?.results)
  }

  /// What screen readers are to announce, in order; taking them empties the queue.
  package func takeAnnouncements() -> [String] {
    let taken = state.announcements
    if !taken.isEmpty { update { $0.announcements = [] } }
    return taken
  }

  /// The search bar as a scenario's report gives it; `nil` while it is closed.
  package var searchReport: ScenarioReport.SearchState? {
    guard let bar = state.search else { return nil }
    let hit = bar.results.flatMap { results in results.current.map { results.hits[$0] } }
    return ScenarioReport.SearchState(
      query: bar.query, label: bar.label, message: hit?.paragraphIndex, offset: hit?.offset, length: hit?.length,
      highlightedMessages: search.highlightedParagraphCount)
  }

  /// The search bar's field frame, in window points (where the bar shows while open).
  package var searchFieldFrame: CGRect { state.layout.searchTextRect }

  /// The search bar's label ("3 of 1,204"), or `nil` while it is closed.
  package var searchLabel: String? { state.search?.label }

  /// How early a frame may run and still search a query due then (the clock's steps of 1/60 s do
  /// not add up to the debounce exactly).
  private static let dueTolerance = 1e-6
}
