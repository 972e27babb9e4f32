import AnimationRuntime
import CSDL2
import ChatModel
import ChatStore
import Foundation
import Instrumentation
import ReuseKitTestSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ChatDemoCore

/// The search bar driven as a user drives it, through scenario steps (Ctrl+F, the query typed,
/// Enter and Shift+Enter): which hit shows, what the bar says, what is highlighted, and that
/// highlighting re-creates nothing under any policy set.
@MainActor @Suite struct SearchScenarioTests {
  private func run(
    _ steps: [String], messages: String = SearchScenarioTests.messages,
    policy: TextAttachmentViewProviderReusePolicy? = nil
  ) throws -> ScenarioReport {
    let json = """
      {"name": "search", "viewport": {"width": 420, "height": 600},
       "transcript": {"messages": [\(messages)]},
       "steps": [\(steps.joined(separator: ", "))]}
      """
    let scenario = try Scenario(jsonData: Data(json.utf8), baseDirectory: RepositoryAssets.scenarios)
    let options = ScenarioRunner.Options(policyOverride: policy, stickerDirectory: RepositoryAssets.stickers)
    return try ScenarioRunner(scenario: scenario, options: options).run()
  }

  /// Six short messages, two with a sticker, all on one screen: hits of "hello" in 0, 2 (twice) and 4.
  nonisolated static let messages = """
    {"from": "ana", "text": "Hello world"},
    {"from": "me", "parts": ["nothing here ", {"sticker": "party"}]},
    {"from": "ana", "text": "say hello, then hello again"},
    {"from": "me", "parts": [{"sticker": "party"}, " stickers"]},
    {"from": "ana", "text": "HÉLLO from the café"},
    {"from": "me", "text": "bye"}
    """

  @Test func theNewestHitShowsFirstAndEnterStepsOlderWrappingAround() throws {
    let first = try run([#"{"op": "search", "query": "hello"}"#])
    #expect(first.search?.label == "1 of 4")
    #expect(first.search?.message == 4 && first.search?.offset == 0 && first.search?.length == 5)
    let second = try run([#"{"op": "search", "query": "hello"}"#, #"{"op": "nextHit"}"#])
    #expect(second.search?.label == "2 of 4")
    #expect(second.search?.message == 2 && second.search?.offset == 16, "the later hello of message 2 comes first")
    let wrapped = try run([#"{"op": "search", "query": "hello"}"#] + Array(repeating: #"{"op": "nextHit"}"#, count: 4))
    #expect(wrapped.search?.label == "1 of 4" && wrapped.search?.message == 4)
    let back = try run([#"{"op": "search", "query": "hello"}"#, #"{"op": "nextHit", "backward": true}"#])
    #expect(
      back.search?.label == "4 of 4" && back.search?.message == 0, "Shift+Enter from the newest wraps to the oldest")
  }

  @Test func everyMessageWithAHitOnScreenIsHighlighted() throws {
    let report = try run([#"{"op": "search", "query": "hello"}"#])
    #expect(report.search?.highlightedMessages == 3, "messages 0, 2 and 4 carry highlights, the others none")
    let none = try run([#"{"op": "search", "query": "zebra"}"#])
    #expect(none.search?.label == "No results")
    #expect(none.search?.message == nil)
  }

  /// Over an in-memory transcript the count is a scan, a slice of paragraphs a frame: "1 of 50+"
  /// right after the jump, exact (the same count as `Transcript`'s own scan) once the frames that
  /// follow have counted every paragraph.
  @Test func theCountOfAnInMemoryTranscriptIsExactAfterAFewFrames() throws {
    let json = """
      {"name": "count", "transcript": {"generate": {"messages": 10000, "seed": 3}},
       "steps": [STEPS]}
      """
    func run(_ steps: String) throws -> ScenarioReport {
      let scenario = try Scenario(
        jsonData: Data(json.replacingOccurrences(of: "STEPS", with: steps).utf8),
        baseDirectory: RepositoryAssets.scenarios)
      return try ScenarioRunner(
        scenario: scenario, options: ScenarioRunner.Options(stickerDirectory: RepositoryAssets.stickers)
      )
      .run()
    }
    let expected = try TranscriptGenerator(messages: 10_000, seed: 3, stickerEvery: 3).generate()
      .searchHitCount(for: MessageSearchQuery("birthday"), upTo: .max)
    #expect(expected.isExact && expected.count > 50)
    let searched = try run(#"{"op": "search", "query": "birthday"}"#)
    #expect(searched.search?.label == "1 of 50+")
    let counted = try run(#"{"op": "search", "query": "birthday"}, {"op": "advance", "seconds": 0.1}"#)
    #expect(counted.search?.label == "1 of \(SearchBar.grouped(expected.count))")
  }

  /// Over a chat store the bar searches through the store's full-text index: the same hits as the
  /// same transcript in memory (scanned), and a word typed into a message is found at once (the
  /// index is kept in step by the edit).
  @Test func aChatStoreFindsWhatTheSameTranscriptInMemoryFinds() throws {
    let directory = RepositoryAssets.temporaryDirectory()
    _ = try HistoryScenarioTests.writeTranscriptAndStore(in: directory)
    func run(_ source: String, _ steps: [String]) throws -> ScenarioReport {
      let json = """
        {"name": "history", "viewport": {"width": 480, "height": 800}, "transcript": \(source),
         "steps": [\(steps.joined(separator: ", "))]}
        """
      let scenario = try Scenario(
        jsonData: Data(json.utf8), baseDirectory: URL(fileURLWithPath: directory.path, isDirectory: true))
      return try ScenarioRunner(
        scenario: scenario, options: ScenarioRunner.Options(stickerDirectory: RepositoryAssets.stickers)
      )
      .run()
    }
    let stepping = [
      #"{"op": "search", "query": "birthday"}"#, #"{"op": "nextHit"}"#, #"{"op": "nextHit"}"#,
      #"{"op": "nextHit", "backward": true}"#,
    ]
    let typing = [
      #"{"op": "select", "message": 40, "offset": 0}"#, #"{"op": "type", "text": "zebra "}"#,
      #"{"op": "search", "query": "zebr"}"#,
    ]
    for steps in [stepping, typing] {
      let inMemory = try run(#"{"file": "chat.json"}"#, steps)
      let stored = try run(#"{"history": "chat.sqlite"}"#, steps)
      #expect(stored.errors.isEmpty, "\(stored.errors)")
      #expect(stored.search != nil && stored.search == inMemory.search)
    }
    let typed = try run(#"{"history": "chat.sqlite"}"#, [#"{"op": "search", "query": "zebra"}"#])
    #expect(typed.search?.message == 40 && typed.search?.label == "1 of 1", "the store kept the word typed into it")
  }

  /// Esc in the bar closes it, gives the composer the focus and removes every highlight from the
  /// layout manager.
  @Test func escClosesTheBarAndRemovesEveryHighlight() throws {
    let app = try ChatApp.testApp(try SDLTestEnvironment())
    let clock = try #require(app.clock as? ManualClock)
    try app.drawFrame()
    app.pressShortcut("f")
    for character in "message" { app.type(character) }
    try app.drawFrame()
    clock.advance(by: SearchBar.debounce)
    try app.drawFrame()
    #expect(app.searchReport?.label == "1 of 30")
    let manager = app.chatView.textLayoutManager
    func highlighted() -> [Int] {
      (0..<app.storage.paragraphCount).filter { index in
        app.storage.paragraph(at: index).map { manager.hasRenderingAttributes(ofParagraph: $0.identifier) } ?? false
      }
    }
    let before = highlighted()
    #expect(before.contains(29) && before.count == app.searchReport?.highlightedMessages)
    app.press(SDLK_ESCAPE)
    try app.drawFrame()
    #expect(app.searchReport == nil && app.state.focus == .composer)
    #expect(highlighted().isEmpty)
  }

  @Test func aQueryOfPunctuationOnlyFailsTheStepWithItsReason() {
    #expect {
      _ = try run([#"{"op": "search", "query": "?!"}"#])
    } throws: { error in
      "\(error)".contains("no letter or digit")
    }
  }

  @Test func nextHitWithoutASearchIsAClearError() {
    #expect {
      _ = try run([#"{"op": "nextHit"}"#])
    } throws: { error in
      "\(error)".contains("a search step first")
    }
  }

  /// Highlights are rendering attributes: searching, stepping between hits that are all on screen
  /// and closing again create no provider, view, fragment or animation state and reset nothing,
  /// under every policy set. The same steps with a keystroke into a sticker's message instead do
  /// re-create under the policies that do not cover editing, so the counters can tell.
  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func highlightsRecreateNothing(policy: TextAttachmentViewProviderReusePolicy) throws {
    let settle = #"{"op": "advance", "seconds": 0.5}"#
    let base = try run([settle], policy: policy)
    let searched = try run(
      [
        settle, #"{"op": "search", "query": "hello"}"#, #"{"op": "nextHit"}"#, #"{"op": "nextHit"}"#,
        #"{"op": "nextHit", "backward": true}"#, #"{"op": "search", "query": "stickers"}"#, settle,
      ], policy: policy)
    for counter in [
      Counter.providersCreated, .viewsLoaded, .layoutFragmentsCreated, .animationStatesCreated, .animationResets,
    ] {
      #expect(searched.counters[counter] == base.counters[counter], "\(policy.shortName) \(counter)")
    }
    #expect(searched.search?.label == "1 of 1")
    let typed = try run(
      [settle, #"{"op": "select", "message": 1, "offset": 0}"#, #"{"op": "type", "text": "x"}"#, settle],
      policy: policy)
    let recreates = !policy.contains(.onEditingInlineParagraphs)
    #expect((typed.counters.animationResets > base.counters.animationResets) == recreates, "\(policy.shortName)")
  }
}
