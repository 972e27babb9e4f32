import ChatModel
import CommandLineSupport
import Foundation
import SDLSupport
import TextEngine

/// What `chat-demo` was asked to do, parsed from `CommandLine.arguments`.
enum DemoCommand: Equatable {
  /// `--help` or `-h`: print ``helpText``.
  case help
  /// Open the window (or, without a display, fall back to the default scenario headless).
  /// `--pause-unfocused` stops stickers animating while the window lacks the keyboard focus;
  /// `--renderer` picks the renderer; `--scale` overrides the display's scale.
  /// `--trace FILE` writes the chat view's reuse trace when the window closes.
  case interactive(
    transcript: URL?, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false,
    renderer: SDLRendererChoice = .automatic, scale: Double? = nil, motion: MotionOptions = MotionOptions(),
    trace: URL? = nil)
  /// `--history FILE`: open the window on a chat store; edits are saved into it as they happen.
  case history(
    store: URL, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false,
    renderer: SDLRendererChoice = .automatic, scale: Double? = nil, motion: MotionOptions = MotionOptions(),
    trace: URL? = nil)
  /// The hidden `--probe-renderer` hook (not in `--help`): the window's renderer probe, run by
  /// chat-demo itself in a child process (`SDLRendererProbe.runAndExit()`).
  case probeRenderer
  /// `--headless`: run a scenario offscreen (SDL's software renderer), or the policy matrix.
  case headless(HeadlessOptions)
  /// `--generate N [--seed S] [--sticker-every K] [--sticker-only-every J] [--out FILE]`: write a
  /// deterministic transcript of N messages (JSON, or a chat store when FILE ends in `.sqlite`,
  /// `.sqlite3` or `.db`), to standard output when `output` is `nil`.
  case generate(messages: Int, seed: UInt64, stickerEvery: Int, stickerOnlyEvery: Int, output: URL?)
  /// The hidden `--save-loop FILE [--generate N] [--save-count K]` test hook (not in `--help`): saves
  /// two transcripts of N messages (default 1000) over FILE in turn, K times or until killed.
  case saveLoop(output: URL, messages: Int, count: Int?)
  /// `--import TRANSCRIPT.json --out HISTORY.sqlite`: a new chat store holding a JSON transcript.
  case importTranscript(input: URL, output: URL)
  /// `--export HISTORY.sqlite --out TRANSCRIPT.json`: a chat store's messages as a JSON transcript.
  case exportHistory(input: URL, output: URL)
  /// `--history HISTORY.sqlite --search QUERY [--limit N]`: the first N hits of QUERY in the store,
  /// a JSON line each, in document order.
  case searchHistory(store: URL, query: MessageSearchQuery, limit: Int)
  /// The hidden `--store-edit-loop FILE [--seed TAG]` test hook (not in `--help`): edits the chat
  /// store FILE in transactions until killed, printing `committed TAG.N` after each commit returns.
  case storeEditLoop(store: URL, tag: UInt64)
  /// The hidden `--store-upgrade FILE [--upgrade-chunk N]` test hook (not in `--help`): opens the
  /// chat store FILE for writing, which builds a version 3 store's full-text index N messages per
  /// transaction, printing `indexed DONE/TOTAL` after each.
  case storeUpgrade(store: URL, chunk: Int?)
  /// The hidden `--accessibility-serve SCENARIO` test hook (not in `--help`): runs the scenario
  /// headless with the accessibility tree on the AT-SPI bus, then runs steps read from standard
  /// input until `quit` (see `ScenarioRunner.serveAccessibility(input:)`).
  case accessibilityServe(scenario: URL)

  /// The hits `--search` prints without `--limit`.
  static let defaultSearchLimit = 100

  /// The most messages `--generate` makes (written as they are made, so memory stays flat).
  static let maximumGeneratedMessages = 100_000_000

  /// How stickers move: `--reduce-motion` (first frames only; without it the window follows the
  /// desktop's setting) and `--no-prefetch` (no frames decoded ahead of a scroll).
  struct MotionOptions: Equatable {
    /// `true` with `--reduce-motion`; `nil` follows the desktop (the window) or moves (headless).
    var reducesMotion: Bool?
    /// `false` with `--no-prefetch`.
    var prefetches = true
  }

  /// Options of a headless scenario run.
  struct HeadlessOptions: Equatable {
    /// The scenario file (`--scenario FILE`); a headless run without one fails with a usage message.
    var scenario: URL?
    /// The reuse policy that overrides the scenario's (`--policy none|edit|scroll|both`), or `nil`.
    var policy: TextAttachmentViewProviderReusePolicy?
    /// Where to write the JSON report (`--report FILE`), or `nil` for none.
    var report: URL?
    /// The folder the screenshots go to (`--screenshots DIR`, created if missing), or `nil` for none.
    var screenshots: URL?
    /// Whether to run the policy matrix (`--matrix`): none, edit, scroll and both, then print a table.
    var matrix: Bool
    /// The user's sticker folder (`--stickers DIR`).
    var stickers: URL?
    /// `--reduce-motion` and `--no-prefetch`.
    var motion = MotionOptions()
    /// Where to write the Chrome trace (`--trace FILE`): a process per policy set with `--matrix`.
    var trace: URL?
    /// Where to write the HTML report (`--html FILE`, with `--matrix`).
    var html: URL?

    /// Options from their values.
    /// - Parameters:
    ///   - scenario: The scenario file, or `nil`.
    ///   - policy: The policy that overrides the scenario's, or `nil`.
    ///   - report: Where to write the JSON report, or `nil`.
    ///   - screenshots: The screenshots' folder, or `nil`.
    ///   - matrix: Whether to run the policy matrix.
    ///   - stickers: The user's sticker folder, or `nil` (default).
    ///   - motion: `--reduce-motion` and `--no-prefetch` (default neither).
    init(
      scenario: URL?, policy: TextAttachmentViewProviderReusePolicy?, report: URL?, screenshots: URL?, matrix: Bool,
      stickers: URL? = nil, motion: MotionOptions = MotionOptions()
    ) {
      self.motion = motion
      self.scenario = scenario
      self.policy = policy
      self.report = report
      self.screenshots = screenshots
      self.matrix = matrix
      self.stickers = stickers
    }
  }

  /// Parses arguments (without the program name) against ``spec``.
  /// - Throws: ``CommandLineError`` naming the unknown flag, the bad value or the flags that do not
  ///   go together (exit status 2).
  static func parse(_ arguments: [String]) throws(CommandLineError) -> DemoCommand {
    let parsed = try spec.parse(arguments)
    if parsed.wantsHelp { return .help }
    func url(_ name: String) -> URL? { parsed.string(name).map { URL(fileURLWithPath: $0) } }
    func wholeNumber(_ name: String) throws(CommandLineError) -> Int? {
      try parsed.value(name, expected: "a whole number from 0") { Int(argument: $0).flatMap { $0 >= 0 ? $0 : nil } }
    }
    let generate = try parsed.value(
      "--generate", expected: "a number of messages from 1 to \(maximumGeneratedMessages)"
    ) {
      Int(argument: $0).flatMap { (1...maximumGeneratedMessages).contains($0) ? $0 : nil }
    }
    let seed = try parsed.value("--seed", as: UInt64.self) ?? 1
    let stickerEvery = try wholeNumber("--sticker-every") ?? 3
    let stickerOnlyEvery = try wholeNumber("--sticker-only-every") ?? 0
    let quitAfter = try wholeNumber("--quit-after").map(Double.init)
    let saveCount = try wholeNumber("--save-count")
    let policy = try parsed.value("--policy", expected: "none, edit, scroll or both") {
      TextAttachmentViewProviderReusePolicy(shortName: $0)
    }
    let motion = MotionOptions(
      reducesMotion: parsed.isSet("--reduce-motion") ? true : nil, prefetches: !parsed.isSet("--no-prefetch"))
    var options = HeadlessOptions(
      scenario: url("--scenario"), policy: policy, report: url("--report"), screenshots: url("--screenshots"),
      matrix: parsed.isSet("--matrix"), stickers: url("--stickers"), motion: motion)
    options.trace = url("--trace")
    options.html = url("--html")
    let output = url("--out")
    let pausesUnfocused = parsed.isSet("--pause-unfocused")
    let renderer =
      try parsed.value("--renderer", expected: "auto, software, opengl or opengles2") {
        SDLRendererChoice(argument: $0)
      } ?? .automatic
    let scale = try parsed.value("--scale", expected: "a number from 0.5 to 4, such as 1, 1.5 or 2") {
      DisplayScale.parse($0)
    }
    if parsed.isSet("--probe-renderer") { return .probeRenderer }

    if let store = url("--store-edit-loop") { return .storeEditLoop(store: store, tag: seed) }
    if let store = url("--store-upgrade") {
      return .storeUpgrade(store: store, chunk: try wholeNumber("--upgrade-chunk"))
    }
    if let scenario = url("--accessibility-serve") { return .accessibilityServe(scenario: scenario) }
    let importInput = url("--import")
    let exportInput = url("--export")
    if importInput != nil, exportInput != nil {
      throw CommandLineError("--import and --export exclude each other")
    }
    if let importInput {
      guard let output else { throw CommandLineError("--import needs --out HISTORY.sqlite") }
      return .importTranscript(input: importInput, output: output)
    }
    if let exportInput {
      guard let output else { throw CommandLineError("--export needs --out TRANSCRIPT.json") }
      return .exportHistory(input: exportInput, output: output)
    }
    if let saveLoop = url("--save-loop") {
      return .saveLoop(output: saveLoop, messages: generate ?? 1_000, count: saveCount)
    }
    if let generate {
      return .generate(
        messages: generate, seed: seed, stickerEvery: stickerEvery, stickerOnlyEvery: stickerOnlyEvery, output: output)
    }
    if parsed.isSet("--headless") {
      if options.html != nil, !options.matrix { throw CommandLineError("--html needs --matrix") }
      return .headless(options)
    }
    if options.scenario != nil || options.matrix || options.report != nil || options.html != nil {
      throw CommandLineError("--scenario, --matrix, --report and --html need --headless")
    }
    let transcript = url("--transcript")
    if let search = parsed.string("--search") {
      guard let history = url("--history") else { throw CommandLineError("--search needs --history HISTORY.sqlite") }
      let limit =
        try parsed.value("--limit", expected: "a number of hits from 1") {
          Int(argument: $0).flatMap { $0 >= 1 ? $0 : nil }
        }
        ?? defaultSearchLimit
      do {
        return .searchHistory(store: history, query: try MessageSearchQuery(search), limit: limit)
      } catch {
        throw CommandLineError("bad --search query: \(error.reason)")
      }
    }
    if parsed.string("--limit") != nil { throw CommandLineError("--limit needs --search QUERY") }
    if let history = url("--history") {
      guard transcript == nil else { throw CommandLineError("--history and --transcript exclude each other") }
      return .history(
        store: history, quitAfter: quitAfter, stickers: options.stickers, pausesUnfocused: pausesUnfocused,
        renderer: renderer, scale: scale, motion: motion, trace: options.trace)
    }
    return .interactive(
      transcript: transcript, quitAfter: quitAfter, stickers: options.stickers, pausesUnfocused: pausesUnfocused,
      renderer: renderer, scale: scale, motion: motion, trace: options.trace)
  }
}
