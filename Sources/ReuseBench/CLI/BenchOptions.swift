import CommandLineSupport

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
  /// `-h` or `--help` was given: print ``helpText`` and run nothing.
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
  /// Set in a child: the X display (an Xvfb the parent started) whose real window it measures, for
  /// P2.window, P13.window and search.next.window.
  var windowDisplay: String?
  /// Set in a child: find SDL's accelerated renderer and exit (the window's renderer probe).
  var probesRenderer = false

  /// The figures that run per size.
  static let figureNames = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P14", "P15"]
  /// The size-independent tables.
  static let tableNames = ["stickers", "textcache"]
  /// The store backend (ChatStore): its own children, at ``storeSize``; runs unless `--only` leaves it out.
  static let storeName = "store"
  /// The chat store's search (``SearchFigures``): a child of the store backend; runs unless
  /// `--only` leaves it out.
  static let searchName = "search"
  /// P13, the window's loop at rest: a child per mode; runs unless `--only` leaves it out.
  static let idleName = "P13"

  /// Parses `arguments` (without the executable's name) against ``spec``.
  /// - Throws: ``CommandLineError`` naming the bad option or value.
  init(arguments: [String]) throws(CommandLineError) {
    let parsed = try Self.spec.parse(arguments)
    showsHelp = parsed.wantsHelp
    if showsHelp { return }
    let positive = Int.positiveExpectation
    let count = Int.positive(argument:)
    if let sizes = try parsed.list("--sizes", expected: positive, count) { self.sizes = sizes }
    if let names = parsed.string("--only").map({ Set($0.split(separator: ",").map(String.init)) }) {
      let known = Set(Self.figureNames + Self.tableNames + [Self.storeName, Self.searchName, Self.idleName])
      if let unknown = names.subtracting(known).sorted().first {
        throw CommandLineError("--only: unknown figure '\(unknown)' (known: \(known.sorted().joined(separator: ",")))")
      }
      only = names
    }
    jsonPath = parsed.string("--json")
    if let samples = try parsed.value("--samples", expected: positive, count) { self.samples = samples }
    smoke = parsed.isSet("--smoke")
    let minutes = "a number of minutes from 0 to 1440"
    if let soak = try parsed.value(
      "--soak-minutes", expected: minutes, { Double($0).flatMap { (0...1440).contains($0) ? $0 : nil } })
    {
      soakMinutes = soak
    }
    singleSize = try parsed.value("--single-size", expected: positive, count)
    if let storeSize = try parsed.value("--store-size", expected: positive, count) { self.storeSize = storeSize }
    storePhase = parsed.string("--store-phase")
    storePath = parsed.string("--store-path")
    emitPath = parsed.string("--emit")
    idleMode = parsed.string("--idle-child")
    windowDisplay = parsed.string("--window-display")
    probesRenderer = parsed.isSet("--probe-renderer")
    if let seconds = try parsed.value("--idle-seconds", expected: positive, count) { idleSeconds = Double(seconds) }
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
    guard let only else {
      return Self.figureNames.contains(name) || [Self.storeName, Self.searchName, Self.idleName].contains(name)
    }
    return only.contains(name)
  }

  /// Whether any per-size figure runs (otherwise no child processes are started).
  var runsFigures: Bool { Self.figureNames.contains { runs($0) } }

  /// The arguments a child gets to measure `size`.
  /// - Parameters:
  ///   - size: The transcript size.
  ///   - emitPath: Where the child writes its report.
  ///   - windowDisplay: An X display: the child then measures P2 alone, in a real window there.
  func childArguments(size: Int, emitPath: String, windowDisplay: String? = nil) -> [String] {
    let soak = size == sizes.max() && windowDisplay == nil ? soakMinutes : 0
    var arguments = [
      "--single-size", String(size), "--emit", emitPath, "--samples", String(samples), "--soak-minutes", String(soak),
    ]
    if let windowDisplay {
      arguments += ["--only", "P2", "--window-display", windowDisplay]
    } else if let only {
      arguments += ["--only", only.sorted().joined(separator: ",")]
    }
    if smoke { arguments.append("--smoke") }
    return arguments
  }

  /// The arguments a child of the store backend gets for `phase`.
  /// - Parameters:
  ///   - phase: The phase.
  ///   - path: The chat store.
  ///   - emitPath: Where the child writes its report.
  ///   - windowDisplay: An X display: the search child then measures the search bar alone, in a
  ///     real window there.
  func storeChildArguments(phase: String, path: String, emitPath: String, windowDisplay: String? = nil) -> [String] {
    var arguments = [
      "--store-phase", phase, "--store-path", path, "--store-size", String(storeSize), "--emit", emitPath,
      "--samples", String(samples),
    ]
    if let windowDisplay { arguments += ["--window-display", windowDisplay] }
    if let only { arguments += ["--only", only.sorted().joined(separator: ",")] }
    if smoke { arguments.append("--smoke") }
    return arguments
  }
}
