import Foundation

extension ScenarioRunner {
  /// Runs the scenario's steps with the accessibility tree on the AT-SPI bus, then serves it:
  /// pumps GLib every millisecond, and runs each line of standard input as one more scenario
  /// step (a JSON object, as in a scenario's `steps`) until `quit` or the end of input. Prints
  /// `ready` once the tree is on the bus, and `done N` (or `error N: reason`) after each step.
  ///
  /// The hidden `chat-demo --accessibility-serve SCENARIO` test hook: a client on the bus (the
  /// pyatspi test) reads the app while this drives it through the window's input path.
  /// - Throws: ``ScenarioError`` when the app cannot start or no accessibility bus is there.
  public func serveAccessibility(input: FileHandle = .standardInput) throws(ScenarioError) -> ScenarioReport {
    let (app, host) = try start(accessible: true)
    try runSteps(app: app, host: host)
    Self.say("ready")
    var index = scenario.steps.count
    var lines = LineReader(handle: input)
    while true {
      app.accessibility?.update(app)
      guard let line = lines.next(waiting: 0.001) else { continue }
      guard let text = line.text, text != "quit" else { break }
      do {
        let step = try Self.step(fromJSON: text)
        try perform(step, index: index, app: app, host: host)
        Self.say("done \(index)")
      } catch {
        Self.say("error \(index): \(error)")
      }
      index += 1
    }
    return report(app)
  }

  /// One scenario step from its JSON object.
  static func step(fromJSON text: String) throws(ScenarioError) -> ScenarioStep {
    let wrapped = #"{"name": "serve", "transcript": {"messages": []}, "steps": ["# + text + "]}"
    let scenario = try Scenario(jsonData: Data(wrapped.utf8), baseDirectory: URL(fileURLWithPath: "/"))
    guard let step = scenario.steps.first else { throw ScenarioError(step: nil, reason: "no step") }
    return step
  }

  private static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}

/// Lines of a file handle, read without blocking for longer than asked.
struct LineReader {
  /// A line, or the end of input (`text` nil).
  struct Line {
    var text: String?
  }

  let handle: FileHandle
  private var buffer = Data()
  private var ended = false

  init(handle: FileHandle) {
    self.handle = handle
  }

  /// The next line when one is ready within `seconds`; `Line(text: nil)` at the end of input;
  /// `nil` when nothing came in time.
  mutating func next(waiting seconds: Double) -> Line? {
    if let line = takeLine() { return line }
    if ended { return Line(text: nil) }
    var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = read(handle.fileDescriptor, &chunk, chunk.count)
    if count <= 0 {
      ended = true
      return takeLine() ?? Line(text: nil)
    }
    buffer.append(contentsOf: chunk[0..<count])
    return takeLine()
  }

  private mutating func takeLine() -> Line? {
    guard let newline = buffer.firstIndex(of: 0x0A) else {
      guard ended, !buffer.isEmpty else { return nil }
      defer { buffer.removeAll() }
      return Line(text: String(decoding: buffer, as: UTF8.self))
    }
    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
    buffer.removeSubrange(buffer.startIndex...newline)
    return Line(text: line.trimmingCharacters(in: .whitespaces))
  }
}
