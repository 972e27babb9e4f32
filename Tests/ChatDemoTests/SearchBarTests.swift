import ChatModel
import Testing

@testable import ChatDemoCore

/// The search bar's state without an app: the debounce, its label, and its key bindings.
@Suite struct SearchBarTests {
  @Test func aQueryIsDueOnceItStaysUnchangedForTheDebounce() {
    var bar = SearchBar()
    #expect(bar.dueTime == nil)
    bar.edit(to: "h", at: 1.0)
    #expect(bar.dueTime == 1.0 + SearchBar.debounce)
    bar.edit(to: "he", at: 1.1)
    #expect(bar.dueTime == 1.1 + SearchBar.debounce, "each keystroke starts the wait again")
    bar.edit(to: "he", at: 1.2)
    #expect(bar.dueTime == 1.1 + SearchBar.debounce, "the same text is no change")
    #expect(bar.label == "Searching…")
    bar.results = SearchBar.Results(query: "he", hits: [], isComplete: true, counted: nil, current: nil)
    bar.edit(to: "", at: 1.3)
    #expect(bar.dueTime == nil && bar.results == nil, "an empty field clears the hits at once")
  }

  @Test func theLabelSaysWhichHitOfHowMany() {
    let hit = MessageSearchHit(paragraphIndex: 0, offset: 0, length: 1)
    var results = SearchBar.Results(
      query: "a", hits: Array(repeating: hit, count: 50), isComplete: false, counted: nil, current: 2)
    #expect(results.label == "3 of 50+", "older hits not loaded and not counted: a lower bound")
    results.counted = MessageSearchCount(count: 1_204, isExact: true)
    #expect(results.label == "3 of 1,204")
    results.counted = MessageSearchCount(count: 10_000, isExact: false)
    #expect(results.label == "3 of 10,000+")
    results.isComplete = true
    #expect(results.label == "3 of 50", "every hit loaded: the loaded hits are the count")
    results.current = nil
    #expect(results.label == "No results")
  }

  @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (1_204, "1,204"), (1_234_567, "1,234,567")])
  func countsAreGroupedByThousands(value: Int, text: String) {
    #expect(SearchBar.grouped(value) == text)
  }

  @Test func keysOfTheSearchBar() {
    #expect(ChatCommand(key: .character("f"), modifiers: .control, focus: .composer) == .openSearch)
    #expect(ChatCommand(key: .character("f"), modifiers: .control, focus: .transcript) == .openSearch)
    #expect(ChatCommand(key: .character("f"), modifiers: [], focus: .search) == nil, "plain f types")
    #expect(ChatCommand(key: .enter, modifiers: [], focus: .search) == .stepHit(1))
    #expect(ChatCommand(key: .enter, modifiers: .shift, focus: .search) == .stepHit(-1))
    #expect(ChatCommand(key: .escape, modifiers: [], focus: .search) == .closeSearch)
    #expect(ChatCommand(key: .enter, modifiers: [], focus: .composer) == .send, "the composer still sends")
  }

  @Test func openingAndClosingMoveTheFocus() {
    var state = ChatAppState(layout: ChatWindowLayout(width: 480, height: 860), stickerPolicy: [], today: nil)
    state.openSearch()
    #expect(state.focus == .search && state.search != nil)
    state.search?.edit(to: "x", at: 0)
    state.openSearch()
    #expect(state.search?.query == "x", "Ctrl+F in an open bar keeps its query")
    state.closeSearch()
    #expect(state.focus == .composer && state.search == nil)
  }
}
