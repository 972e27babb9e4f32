import ChatModel
import Foundation

/// The command line of `reuse-bench`, parsed from `CommandLine.arguments`.
struct BenchOptions {
  /// Transcript sizes, one child process each.
  var sizes = [1_000, 100_000, 1_000_000]
  /// Figures to run: `P1`…`P11` and `P14`, plus `stickers` and `textcache` (size-independent tables).
  var only: Set<String>?
  /// Where to write the JSON report.
  var jsonPath: String?
  /// Timed samples per figure.
  var samples = 300
  /// Simulated minutes of P11's soak; it runs at the largest size only (a child gets 0 otherwise).
  var soakMinutes = 30.0
  /// A quick run at 1,000 messages that checks the benchmark still works.
  var smoke = false
  /// Set in a child: measure this one size and write its report to ``emitPath``.
  var singleSize: Int?
  var emitPath: String?
  var showsHelp = false
  /// Messages in the chat store the store backend's figures open.
  var storeSize = 10_000_000
  /// Set in a child of the store backend: `prepare` (write the store, import) or `figures`.
  var storePhase: String?
  /// The chat store the store backend's children share.
  var storePath: String?
  /// Set in a child of P13: the idle mode to measure (`still`, `palette`, `stickers`, `hidden`).
  var idleMode: String?
  /// Seconds each P13 mode is measured (10; 2 in a smoke run).
  var idleSeconds = 10.0

  /// The figures that run per size.
  static let figureNames = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P14"]
  /// The size-independent tables.
  static let tableNames = ["stickers", "textcache"]
  /// The store backend (ChatStore): its own children, at ``storeSize``; runs unless `--only` leaves it out.
  static let storeName = "store"
  /// P13, the window's loop at rest: a child per mode; runs unless `--only` leaves it out.
  static let idleName = "P13"

  /// Parses `arguments` (without the executable's name).
  /// - Throws: ``BenchFailure`` naming the bad flag or value.
  init(arguments: [String]) throws(BenchFailure) {
    var iterator = arguments.makeIterator()
    func value(_ flag: String) throws(BenchFailure) -> String {
      guard let next = iterator.next() else { throw BenchFailure("\(flag) needs a value") }
      return next
    }
    func count(_ text: String, _ flag: String) throws(BenchFailure) -> Int {
      guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number > 0 else {
        throw BenchFailure("\(flag): '\(text)' is not a positive whole number")
      }
      return number
    }
    while let argument = iterator.next() {
      switch argument {
      case "--sizes":
        var sizes: [Int] = []
        for part in try value(argument).split(separator: ",") { sizes.append(try count(String(part), argument)) }
        self.sizes = sizes
      case "--only":
        let names = Set(try value(argument).split(separator: ",").map(String.init))
        let known = Set(Self.figureNames + Self.tableNames + [Self.storeName, Self.idleName])
        if let unknown = names.subtracting(known).sorted().first {
          throw BenchFailure("--only: unknown figure '\(unknown)' (known: \(known.sorted().joined(separator: ",")))")
        }
        only = names
      case "--json": jsonPath = try value(argument)
      case "--samples": samples = try count(try value(argument), argument)
      case "--smoke": smoke = true
      case "--soak-minutes":
        let text = try value(argument)
        guard let minutes = Double(text), minutes >= 0, minutes <= 24 * 60 else {
          throw BenchFailure("--soak-minutes: '\(text)' is not a number of minutes from 0 to 1440")
        }
        soakMinutes = minutes
      case "--single-size": singleSize = try count(try value(argument), argument)
      case "--store-size": storeSize = try count(try value(argument), argument)
      case "--store-phase": storePhase = try value(argument)
      case "--store-path": storePath = try value(argument)
      case "--emit": emitPath = try value(argument)
      case "--idle-child": idleMode = try value(argument)
      case "--idle-seconds": idleSeconds = Double(try count(try value(argument), argument))
      case "--help", "-h": showsHelp = true
      default: throw BenchFailure("unknown argument '\(argument)' (try --help)")
      }
    }
    if smoke {
      sizes = [1_000]
      storeSize = min(storeSize, 2_000)
      samples = min(samples, 12)
      idleSeconds = min(idleSeconds, 2)
      soakMinutes = min(soakMinutes, 0.5)
    }
  }

  /// Whether figure or table `name` should run.
  func runs(_ name: String) -> Bool {
    guard let only else { return Self.figureNames.contains(name) || name == Self.storeName || name == Self.idleName }
    return only.contains(name)
  }

  /// Whether any per-size figure runs (otherwise no child processes are started).
  var runsFigures: Bool { Self.figureNames.contains { runs($0) } }

  /// The arguments a child gets to measure `size`.
  func childArguments(size: Int, emitPath: String) -> [String] {
    let soak = size == sizes.max() ? soakMinutes : 0
    var arguments = [
      "--single-size", String(size), "--emit", emitPath, "--samples", String(samples), "--soak-minutes", String(soak),
    ]
    if let only { arguments += ["--only", only.sorted().joined(separator: ",")] }
    if smoke { arguments.append("--smoke") }
    return arguments
  }

  /// The arguments a child of the store backend gets for `phase`.
  func storeChildArguments(phase: String, path: String, emitPath: String) -> [String] {
    var arguments = [
      "--store-phase", phase, "--store-path", path, "--store-size", String(storeSize), "--emit", emitPath,
      "--samples", String(samples),
    ]
    if let only { arguments += ["--only", only.sorted().joined(separator: ",")] }
    if smoke { arguments.append("--smoke") }
    return arguments
  }

  static let help = """
    reuse-bench — ReuseKit's benchmark: figures P1–P11 and P14 on generated chat transcripts.

    USAGE
      swift run -c release reuse-bench [--sizes N,N,...] [--only NAME,...] [--json FILE]
                                       [--samples N] [--soak-minutes M] [--smoke]

    OPTIONS
      --sizes N,N,...   Transcript sizes in messages (default 1000,100000,1000000). Each size
                        runs in its own process, so its peak memory (P8) is its own.
      --only NAME,...   Run only these: P1 … P14, and the size-independent tables
                        'stickers' (sticker render cost per size, frame-cache memory; the real
                        files of ../shared/real-stickers: first-frame latency, 128 px frame cost,
                        P6 with 30 real stickers visible) and
                        'textcache' (run textures vs glyph atlas). Default: all figures.
      --json FILE       Also write every measurement as JSON.
      --store-size N    Messages in the chat store of the store backend (default 10000000;
                        2000 in a smoke run). 'store' in --only runs that backend alone;
                        with figure names beside it (--only store,P14) the backend runs
                        only its figures of those families (the per-size ones run too).
      --samples N       Timed samples per figure after warm-up (default 300).
      --soak-minutes M  Simulated minutes of P11's soak, at the largest size only (default 30).
      --smoke           A quick check that the benchmark works: 1000 messages, few samples.
                        Exits non-zero only if something broke, never for a missed goal.
      -h, --help        Show this help.

    FIGURES (each at every size; median and p99 of the samples)
      P1  engine time per keystroke in a message holding 3 stickers, per policy set
          (none, edit, scroll, both), with providers created / views loaded per 100 keys
      P2  one scroll frame at 480x800 with 30+ animated stickers visible: engine time, and the
          whole frame drawn by the chat view with the software renderer
      P3  open a transcript and show its latest message: built from messages in memory, and
          (P3.file) loaded from a JSON file the way the demo opens one
      P12 keystroke to present: a key's SDL events through the app's router, the edit and its
          pass, the frame drawn by damage and presented (software renderer, 480x800), in the
          message holding 3 stickers; surfaces drawn per key. Under dbus-run-session also
          P12.a11y: the same with the accessibility bridge on and a client listening for a
          screen reader's events (python3 with pyatspi)
      P4  jump to a random message: the offset/y query, then the frame showing it
      P5  anchor drift in px over 1000 height corrections above the viewport
      P6  rendering every visible sticker for one frame; frame-cache memory
      P7  keystroke cost with both policies / with none (from P1)
      P8  peak resident memory of the process at that size
      P9  one long message: keystroke in 1 MB, scroll frame through 10 MB (+ RSS)
      P10 resident memory after 4,000 random jumps (each drawn), as a ratio of resident
          memory right after open; with retained fragments, and the live providers
          (they persist: every jump to new stickers adds some) and views
      P11 soak: simulated minutes of scrolling at 60 Hz (flings, reading, jumps; every 10th
          frame drawn); growth of resident memory after the first simulated minute
      P14 providers persist (issue 21): a new view scrolled from the first message to the last
          and back, a viewport a pass (every 50th drawn), with no policy (P14.none) and both
          (P14.both), and through as many messages without stickers (P14.control): RSS after;
          providers created, distinct stickers seen, live providers and views, RSS and heap
          in use (malloc_info) before and after, bytes per live provider (RSS growth, heap
          growth, and heap growth less the shared frame cache's and the control's). A
          provider beyond the stickers seen, or one discarded, fails the run. Runs last,
          after P8 is read.

    P13 THE WINDOW AT REST (the real app and loop, SDL's dummy video driver and software renderer,
        480x860, a child process per mode; CPU by getrusage, the sticker workers' from /proc)
      P13.still     50 text messages, the palette paused: nothing animates
      P13.palette   the same with the palette's 8 thumbnails animating
      P13.stickers  30 or more stickers animating on screen, the palette paused
      P13.hidden    the stickers' transcript in a hidden window (0 frames is the goal)
      --idle-seconds N  seconds each mode is measured (default 10; 2 in a smoke run)

    STORE BACKEND (ChatStore over SQLite, at --store-size; two child processes)
      store.generate  write the benchmark transcript straight into a store (messages/s)
      store.import    import a 1,000,000-message JSON transcript into a store (messages/s)
      store.source    open the store and read the block table and the latest paragraph
      P14.store.*     P14 on the store: the last 1,000,000 messages (all of a smaller store)
                      scrolled down and back, no policy and both; RSS after (goal < 200 MiB
                      at 10M), the same counts; P8.store reports live providers too

    Build in release mode: debug numbers are meaningless, and a debug build says so loudly.
    """
}
