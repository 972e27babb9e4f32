import ChatDemoCore
import Foundation
import TextEngine

/// What `chat-demo` was asked to do, parsed from `CommandLine.arguments`.
enum DemoCommand: Equatable {
  /// `--help` or `-h`: print ``helpText``.
  case help
  /// Open the window (or, without a display, fall back to the default scenario headless).
  /// `--pause-unfocused` stops stickers animating while the window lacks the keyboard focus.
  case interactive(transcript: URL?, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false)
  /// `--history FILE`: open the window on a chat store; edits are saved into it as they happen.
  case history(store: URL, quitAfter: Double?, stickers: URL?, pausesUnfocused: Bool = false)
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
  /// The hidden `--store-edit-loop FILE [--seed TAG]` test hook (not in `--help`): edits the chat
  /// store FILE in transactions until killed, printing `committed TAG.N` after each commit returns.
  case storeEditLoop(store: URL, tag: UInt64)
  /// The hidden `--accessibility-serve SCENARIO` test hook (not in `--help`): runs the scenario
  /// headless with the accessibility tree on the AT-SPI bus, then runs steps read from standard
  /// input until `quit` (see `ScenarioRunner.serveAccessibility(input:)`).
  case accessibilityServe(scenario: URL)

  /// The most messages `--generate` makes (written as they are made, so memory stays flat).
  static let maximumGeneratedMessages = 100_000_000

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

    /// Options from their values.
    /// - Parameters:
    ///   - scenario: The scenario file, or `nil`.
    ///   - policy: The policy that overrides the scenario's, or `nil`.
    ///   - report: Where to write the JSON report, or `nil`.
    ///   - screenshots: The screenshots' folder, or `nil`.
    ///   - matrix: Whether to run the policy matrix.
    ///   - stickers: The user's sticker folder, or `nil` (default).
    init(
      scenario: URL?, policy: TextAttachmentViewProviderReusePolicy?, report: URL?, screenshots: URL?, matrix: Bool,
      stickers: URL? = nil
    ) {
      self.scenario = scenario
      self.policy = policy
      self.report = report
      self.screenshots = screenshots
      self.matrix = matrix
      self.stickers = stickers
    }
  }

  /// A usage error: the message says which flag is wrong. Exit status 2.
  struct UsageError: Error, Equatable, CustomStringConvertible {
    var description: String
  }

  /// Parses arguments (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> DemoCommand {
    var remaining = arguments[...]
    var headless = false
    var options = HeadlessOptions(scenario: nil, policy: nil, report: nil, screenshots: nil, matrix: false)
    var generate: Int?
    var seed: UInt64 = 1
    var stickerEvery = 3
    var stickerOnlyEvery = 0
    var output: URL?
    var transcript: URL?
    var quitAfter: Double?
    var pausesUnfocused = false
    var saveLoop: URL?
    var saveCount: Int?
    var storeEditLoop: URL?
    var accessibilityServe: URL?
    var history: URL?
    var importInput: URL?
    var exportInput: URL?

    func value(for flag: String) throws(UsageError) -> String {
      guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
        throw UsageError(description: "\(flag) needs a value (see --help)")
      }
      return next
    }
    func number(for flag: String) throws(UsageError) -> Int {
      let text = try value(for: flag)
      guard let number = Int(text), number >= 0 else {
        throw UsageError(description: "\(flag) needs a whole number, not \"\(text)\"")
      }
      return number
    }

    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h": return .help
      case "--headless": headless = true
      case "--scenario": options.scenario = URL(fileURLWithPath: try value(for: argument))
      case "--policy":
        let name = try value(for: argument)
        guard let policy = TextAttachmentViewProviderReusePolicy(shortName: name) else {
          throw UsageError(description: "--policy takes none, edit, scroll or both, not \"\(name)\"")
        }
        options.policy = policy
      case "--report": options.report = URL(fileURLWithPath: try value(for: argument))
      case "--screenshots": options.screenshots = URL(fileURLWithPath: try value(for: argument))
      case "--matrix": options.matrix = true
      case "--generate":
        let count = try number(for: argument)
        guard (1...maximumGeneratedMessages).contains(count) else {
          throw UsageError(description: "--generate takes 1...\(maximumGeneratedMessages) messages, not \(count)")
        }
        generate = count
      case "--seed": seed = UInt64(try number(for: argument))
      case "--sticker-every": stickerEvery = try number(for: argument)
      case "--sticker-only-every": stickerOnlyEvery = try number(for: argument)
      case "--out": output = URL(fileURLWithPath: try value(for: argument))
      case "--transcript": transcript = URL(fileURLWithPath: try value(for: argument))
      case "--quit-after": quitAfter = Double(try number(for: argument))
      case "--pause-unfocused": pausesUnfocused = true
      case "--save-loop": saveLoop = URL(fileURLWithPath: try value(for: argument))
      case "--save-count": saveCount = try number(for: argument)
      case "--store-edit-loop": storeEditLoop = URL(fileURLWithPath: try value(for: argument))
      case "--accessibility-serve": accessibilityServe = URL(fileURLWithPath: try value(for: argument))
      case "--history": history = URL(fileURLWithPath: try value(for: argument))
      case "--import": importInput = URL(fileURLWithPath: try value(for: argument))
      case "--export": exportInput = URL(fileURLWithPath: try value(for: argument))
      case "--stickers": options.stickers = URL(fileURLWithPath: try value(for: argument))
      default: throw UsageError(description: "unknown argument \"\(argument)\" (see --help)")
      }
    }
    if let storeEditLoop { return .storeEditLoop(store: storeEditLoop, tag: seed) }
    if let accessibilityServe { return .accessibilityServe(scenario: accessibilityServe) }
    if importInput != nil, exportInput != nil {
      throw UsageError(description: "--import and --export exclude each other")
    }
    if let importInput {
      guard let output else { throw UsageError(description: "--import needs --out HISTORY.sqlite") }
      return .importTranscript(input: importInput, output: output)
    }
    if let exportInput {
      guard let output else { throw UsageError(description: "--export needs --out TRANSCRIPT.json") }
      return .exportHistory(input: exportInput, output: output)
    }
    if let saveLoop { return .saveLoop(output: saveLoop, messages: generate ?? 1_000, count: saveCount) }
    if let generate {
      return .generate(
        messages: generate, seed: seed, stickerEvery: stickerEvery, stickerOnlyEvery: stickerOnlyEvery, output: output)
    }
    if headless { return .headless(options) }
    if options.scenario != nil || options.matrix || options.report != nil {
      throw UsageError(description: "--scenario, --matrix and --report need --headless")
    }
    if let history {
      guard transcript == nil else { throw UsageError(description: "--history and --transcript exclude each other") }
      return .history(
        store: history, quitAfter: quitAfter, stickers: options.stickers, pausesUnfocused: pausesUnfocused)
    }
    return .interactive(
      transcript: transcript, quitAfter: quitAfter, stickers: options.stickers, pausesUnfocused: pausesUnfocused)
  }

  /// The hand-written `--help` text.
  static let helpText = """
    chat-demo — a messenger on ReuseKit: TextKit 2's architecture on SDL2, with animated stickers
    whose view providers survive edits and scrolling.

    USAGE
      chat-demo --history HISTORY.sqlite [--quit-after SECONDS] [--stickers DIR] [--pause-unfocused]
          Opens the window on a chat store (a SQLite history, see CHAT STORES): only the messages
          on screen are read, and every edit is saved into the store as it happens (Ctrl+S has
          nothing left to do). Needs a display.
      chat-demo [--transcript FILE] [--quit-after SECONDS] [--stickers DIR] [--pause-unfocused]
          Opens the window when a display exists (default transcript: Assets/Transcripts/sample.json;
          Ctrl+S saves it atomically in the background, and a file that failed to load is never
          overwritten — the save goes to a new FILE.recovered-N.json). Without a display, runs the default scenario headless,
          prints the policy matrix and says where it wrote the screenshots.
      chat-demo --headless --scenario FILE [--policy none|edit|scroll|both] [--report FILE]
                [--screenshots DIR] [--matrix] [--stickers DIR]
          Runs a scenario offscreen (SDL software renderer). --policy overrides the scenario's
          policies (default: both). --matrix runs none, edit, scroll and both and prints a table
          (also written as JSON to --report); in matrix mode failed expectations do not change
          the exit status.
      chat-demo --generate N [--seed S] [--sticker-every K] [--sticker-only-every J] [--out FILE]
          Writes a deterministic transcript of N messages (at most 100000000) as JSON (stdout without
          --out), as the messages are made, in flat memory: every K-th message holds a sticker
          (default 3), every J-th of those is a sticker alone (default never). --out replaces only a
          regular file (a symbolic link is followed), atomically. When FILE ends in .sqlite, .sqlite3
          or .db, writes a chat store instead (10,000,000 messages in about half a minute, with a
          progress line); a store is never written over an existing file.

    CHAT STORES (SQLite histories)
      chat-demo --import TRANSCRIPT.json --out HISTORY.sqlite
          Writes a new chat store holding the transcript's messages (HISTORY must not exist).
      chat-demo --export HISTORY.sqlite --out TRANSCRIPT.json
          Writes the store's messages as a JSON transcript (atomically, like a save). The store is
          opened read-only.
      A file that is not a chat store, is missing or (to open for editing) read-only gets a clear
      error and is never written to. A scenario's "transcript": {"history": "HISTORY.sqlite"} runs
      on a store headless (its edits are saved into it).

    STICKERS
      --stickers DIR adds every sticker file in DIR (Lottie .json, Telegram .tgs, dotLottie .lottie,
      GIF, WebP, PNG/APNG; the format is read from the bytes) to the library and the palette, named
      after the file without its extension. An optional DIR/manifest.json renames entries or cuts
      PNG strips: {"stickers": [{"file": "a.png", "name": "hop", "frameCount": 8, "frameRate": 12}]}.
      A bad file becomes one placeholder sticker with its error; duplicate names keep the first
      and warn. The palette shows 9 at a time; Ctrl+0 turns to its next page.
      --pause-unfocused stops stickers animating while the window lacks the keyboard focus (by
      default they go on, as in messengers). A hidden or minimized window draws nothing either way.
      With --report, the report's "stickers" list gives each one's kind, status, reason and warnings.

    EXIT STATUS
      0  every expectation held     1  an expectation failed
      2  bad input: unknown op, message out of range, unknown sticker, malformed JSON, bad flag

    KEYS (window)
      Enter send · Shift+Enter line break · Ctrl+1…9 insert sticker · Ctrl+0 next sticker page
      Ctrl+Z / Ctrl+Shift+Z undo/redo
      Ctrl+X/C/V clipboard · Ctrl+S save · F1 HUD · F2 toggle onEditingInlineParagraphs
      F3 toggle onScrollingOutOfViewport · F4 flash stickers whose animation was reset
      F5 split: two views of one transcript · F6 editor scene with line numbers
      click a day separator: collapse / expand the day · Esc stop editing a message · Ctrl+Q quit
    """
}
