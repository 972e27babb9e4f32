import ChatDemoCore
import ChatModel
import ChatStore
import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

/// Issue 23's reproducers as a user meets them: headless `chat-demo` runs over a chat store on a
/// full disk, two runs on one store at once, and an export from a read-only filesystem. The disk
/// and filesystem cases need a small tmpfs, so they run where the tests may mount one (as root, as
/// CI does); elsewhere they are skipped, and say so.
@Suite(.serialized) struct StoreDurabilityScenarioTests {
  static let chatDemo = BuiltProducts.executable(named: "chat-demo")

  /// Whether this process may mount a tmpfs (tried once).
  static let canMount: Bool = {
    guard getuid() == 0 else { return false }
    let directory = RepositoryAssets.temporaryDirectory()
    guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", directory.path]).status == 0 else {
      return false
    }
    _ = run("/bin/umount", [directory.path])
    return true
  }()

  /// Runs `tool` to its end: its exit status (-1 when it cannot start) and its standard error.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    guard (try? process.run()) != nil else { return (-1, "") }
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// Runs `body` with a new folder and a tmpfs of `size` mounted inside it, unmounted afterwards.
  private func withTmpfs(size: String, _ body: (_ directory: URL, _ disk: URL) throws -> Void) throws {
    let directory = RepositoryAssets.temporaryDirectory()
    let disk = directory.appendingPathComponent("disk", isDirectory: true)
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    try #require(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", disk.path]).status == 0)
    defer { Self.run("/bin/umount", ["-l", disk.path]) }
    try body(directory, disk)
  }

  /// A `chat-demo --headless` run of `steps` over the store at `store`, started (not waited for).
  private func headless(store: URL, steps: String, in directory: URL, name: String) throws -> (Process, URL, Pipe) {
    let scenario = directory.appendingPathComponent("\(name).json")
    let report = directory.appendingPathComponent("\(name)-report.json")
    let json = """
      {"name": "\(name)", "viewport": {"width": 480, "height": 800},
       "transcript": {"history": "\(store.path)"}, "steps": \(steps)}
      """
    try Data(json.utf8).write(to: scenario)
    let process = Process()
    process.executableURL = Self.chatDemo
    process.arguments = ["--headless", "--scenario", scenario.path, "--report", report.path]
    var environment = ProcessInfo.processInfo.environment
    environment["SDL_VIDEODRIVER"] = "dummy"
    environment["DISPLAY"] = nil
    process.environment = environment
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    return (process, report, errors)
  }

  private func makeStore(at url: URL, messages: Int) throws {
    let writer = try ChatStoreWriter(creating: url)
    try writer.append(contentsOf: TranscriptGenerator(messages: messages, seed: 12).generate().messages)
    try writer.finish()
  }

  @Test func twoRunsOnOneStoreAtOnceOneEditsTheOtherIsRefusedAndNothingIsLost() throws {
    try #require(Self.chatDemo != nil, "\(BuiltProducts.missing("chat-demo"))")
    let directory = RepositoryAssets.temporaryDirectory()
    let store = directory.appendingPathComponent("chat.sqlite")
    try makeStore(at: store, messages: 300)
    let typing =
      #"[{"op": "select", "message": 100, "offset": 0}, {"op": "type", "text": "\#(String(repeating: "a", count: 60))"}, {"op": "advance", "seconds": 1}]"#
    let first = try headless(store: store, steps: typing, in: directory, name: "first")
    let second = try headless(store: store, steps: typing, in: directory, name: "second")
    for (process, _, _) in [first, second] { process.waitUntilExit() }
    let statuses = [first.0.terminationStatus, second.0.terminationStatus].sorted()
    let messages = [first.2, second.2].map {
      String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    // Either both ran one after the other (the first closed before the second opened), or one was
    // refused with the rule's words; never both editing at once.
    let refused = messages.filter { $0.contains("already open for editing by process") }
    #expect(statuses == [0, 0] || (statuses == [0, 2] && refused.count == 1), "\(statuses) \(messages)")
    let saved = try Array(ChatStore(contentsOf: store, access: .readOnly).messages())
    let typed = saved.compactMap { message -> Int? in
      guard case .text(let text)? = message.parts.first else { return nil }
      return text.prefix { $0 == "a" }.count >= 60 ? text.prefix { $0 == "a" }.count : nil
    }
    #expect(typed == [statuses == [0, 0] ? 120 : 60], "every run that edited kept its 60 characters, in one message")
  }

  @Test(.enabled(if: canMount, "needs to mount a 2 MiB tmpfs (root)"))
  func aFullDiskFailsTheRunVisiblyAndLosesNoSavedEdit() throws {
    try #require(Self.chatDemo != nil, "\(BuiltProducts.missing("chat-demo"))")
    try withTmpfs(size: "2m") { directory, disk in try fillTheDisk(directory, disk) }
  }

  private func fillTheDisk(_ directory: URL, _ disk: URL) throws {
    let store = disk.appendingPathComponent("chat.sqlite")
    try makeStore(at: store, messages: 5_000)
    let before = try Array(ChatStore(contentsOf: store, access: .readOnly).messages())
    // Fill the rest of the disk but a little, as a disk is when it fills.
    let filler = disk.appendingPathComponent("filler")
    _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
    let handle = try FileHandle(forWritingTo: filler)
    while (try? handle.write(contentsOf: Data(count: 16_384))) != nil {}
    try handle.close()
    try FileManager.default.removeItem(at: filler)
    let keep = disk.appendingPathComponent("filler2")
    let free = try (FileManager.default.attributesOfFileSystem(forPath: disk.path)[.systemFreeSize] as? Int) ?? 0
    try Data(count: max(0, free - 160_000)).write(to: keep)

    let steps =
      #"[{"op": "select", "message": 2500, "offset": 0}, {"op": "type", "text": "\#(String(repeating: "b", count: 200))"}, {"op": "type", "text": "\#(String(repeating: "c", count: 113))"}]"#
    let (process, reportURL, errors) = try headless(store: store, steps: steps, in: directory, name: "full")
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 1, "a run that lost edits fails: \(stderr)")
    let report = try JSONValue(parsing: Array(try Data(contentsOf: reportURL)))
    let notSaved = report["editsNotSaved"]?.array ?? []
    let reported = report["errors"]?.array?.compactMap(\.string) ?? []
    #expect(!notSaved.isEmpty && reported.contains { $0.contains("disk full") }, "\(reported.prefix(2))")

    // The store opens (its log as the full disk left it), and holds exactly the edits that succeeded.
    try FileManager.default.removeItem(at: keep)
    let reader = try ChatStore(contentsOf: store, access: .readOnly)
    #expect(try reader.integrityCheck() == ["ok"])
    let after = try Array(reader.messages())
    #expect(after.count == before.count)
    let changed = zip(before, after).filter { $0.0 != $0.1 }
    let added = changed.reduce(0) { total, pair in
      guard case .text(let old)? = pair.0.parts.first, case .text(let new)? = pair.1.parts.first else { return total }
      return total + new.count - old.count
    }
    #expect(
      added + notSaved.count == 313, "each keystroke was saved or reported: \(added) saved, \(notSaved.count) not")
    #expect(added > 0)
    print("disk full during a headless run: \(added) keystrokes saved, \(notSaved.count) refused and reported, exit 1")
  }

  @Test(.enabled(if: canMount, "needs to mount a read-only tmpfs (root)"))
  func anExportFromAReadOnlyFilesystemWorksAndAFullOneSaysWhatFailed() throws {
    let chatDemo = try #require(Self.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    try withTmpfs(size: "4m") { directory, disk in
      let store = disk.appendingPathComponent("chat.sqlite")
      try makeStore(at: store, messages: 400)
      #expect(Self.run("/bin/mount", ["-o", "remount,ro", disk.path]).status == 0)
      let exported = directory.appendingPathComponent("out.json")
      #expect(Self.run(chatDemo.path, ["--export", store.path, "--out", exported.path]).status == 0)
      #expect(try TranscriptFile.load(exported).messages.count == 400)
      // The output on the full (here: read-only) disk: the message names the output, not the store.
      let failed = Self.run(
        chatDemo.path, ["--export", store.path, "--out", disk.appendingPathComponent("x.json").path])
      #expect(failed.status == 2)
      #expect(!failed.errors.contains("not a chat store") && failed.errors.contains("x.json"), "\(failed.errors)")
    }
  }
}
