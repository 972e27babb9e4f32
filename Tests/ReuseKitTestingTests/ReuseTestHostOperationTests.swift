import ReuseKitTesting
import Testing

/// The host's operations on a headless host: what each does to the document and the selection,
/// and the bad arguments each refuses without changing anything.
@Suite struct ReuseTestHostOperationTests {
  /// Ten plain messages, "message 0" to "message 9"; nothing registered.
  func plainHost() -> ReuseTestHost {
    ReuseTestHost(messages: 10, attachmentEvery: 0, provider: TextAttachmentViewProvider.self, policy: [])
  }

  func text(of message: Int, in host: ReuseTestHost) -> String? {
    host.storage.paragraph(at: message).map { String($0.attributedString.string) }
  }

  @Test func selectAtAnOffsetThenTypeWritesThere() throws {
    let host = plainHost()
    try host.select(message: 3, offset: .at(7))
    try host.type("X")
    #expect(text(of: 3, in: host) == "messageX 3")
    try host.select(message: 4, offset: .end)
    try host.type("!")
    #expect(text(of: 4, in: host) == "message 4!")
  }

  @Test func typingANewlineSplitsTheMessage() throws {
    let host = plainHost()
    try host.select(message: 0, offset: .at(7))
    try host.type("\n")
    #expect(host.storage.paragraphCount == 11)
    #expect(text(of: 0, in: host) == "message")
    #expect(text(of: 1, in: host) == " 0")
  }

  @Test func keysEditAndMoveTheCaretAsTheirNamesSay() throws {
    let host = plainHost()
    try host.select(message: 2, offset: .end)
    try host.key(.backspace, repeat: 2)
    #expect(text(of: 2, in: host) == "message")
    try host.key(.home)
    try host.key(.delete)
    #expect(text(of: 2, in: host) == "essage")
    try host.key(.right, repeat: 2)
    try host.type("-")
    #expect(text(of: 2, in: host) == "es-sage")
  }

  @Test func undoAndRedoUndoAndRedoTheLastEdit() throws {
    let host = plainHost()
    try host.select(message: 1, offset: .end)
    try host.type("ab")
    try host.undo(repeat: 5)
    #expect(text(of: 1, in: host) == "message 1")
    try host.redo()
    #expect(text(of: 1, in: host)?.hasPrefix("message 1a") == true)
  }

  @Test func sendAppendsALastMessage() throws {
    let host = plainHost()
    try host.send(AttributedText("hello"))
    #expect(host.storage.paragraphCount == 11)
    #expect(text(of: 10, in: host) == "hello")
  }

  @Test func splitMakesASecondViewAndRemovesIt() throws {
    let host = plainHost()
    #expect(host.secondaryView == nil)
    try host.split(true)
    let second = try #require(host.secondaryView)
    #expect(second !== host.textView)
    #expect(second.textContentManager === host.storage)
    try host.split(false)
    #expect(host.secondaryView == nil)
  }

  @Test func badArgumentsThrowAndChangeNothing() throws {
    let host = plainHost()
    let document = (0..<10).map { text(of: $0, in: host) }
    let selection = host.textView.selectedRange
    let refusals: [(ReuseTestHost.Operation, () throws -> Void)] = [
      (.select, { try host.select(message: 10) }),
      (.select, { try host.select(message: 0, offset: .at(10)) }),
      (.select, { try host.select(message: 9, length: 10) }),
      (.key, { try host.key(.left, repeat: -1) }),
      (.scrollTo, { try host.scroll(toMessage: -1) }),
      (.scrollBy, { try host.scroll(by: .infinity) }),
      (.resize, { try host.resize(width: 0, height: 100) }),
      (.advance, { try host.advance(seconds: -1) }),
      (.undo, { try host.undo(repeat: -1) }),
      (.collapse, { try host.collapse(messages: 8..<11) }),
    ]
    for (operation, refusal) in refusals {
      let error = #expect(throws: ReuseTestHost.OperationError.self) { try refusal() }
      #expect(error?.operation == operation, "\(String(describing: error))")
      #expect(error?.description.hasPrefix("\(operation.rawValue): ") == true)
    }
    #expect((0..<10).map { text(of: $0, in: host) } == document)
    #expect(host.textView.selectedRange == selection)
  }

  @MainActor @Test func aHeadlessHostDrawsNoImage() {
    let error = #expect(throws: ReuseTestHost.OperationError.self) { try plainHost().image() }
    #expect(error?.operation == .screenshot)
  }

  @Test func theHostRunsEveryOperationButTheDemosOwn() {
    let host = Set(ReuseTestHost.operations)
    #expect(host.isDisjoint(with: ReuseTestHost.scenarioOnlyOperations))
    #expect(host.union(ReuseTestHost.scenarioOnlyOperations) == Set(ScenarioOperation.allCases))
    #expect(ReuseTestHost.scenarioOnlyOperations == [.expect, .scene, .receive, .tab, .search, .nextHit])
  }
}
