import CommandLineSupport

/// The `sticker-worker` command line: the sandbox's limits and whether the test-only faults are
/// honoured. The app writes it (`StickerWorkerPool` starts each worker with its configuration).
struct WorkerOptions: Equatable {
  /// How far the address space may grow after set-up (`RLIMIT_AS`).
  var memoryBytes = 512 << 20
  /// CPU time for the worker's whole life (`RLIMIT_CPU`).
  var cpuSeconds = 600
  /// Whether the test-only fault requests (crash, open a file, allocate, spin) are honoured.
  var testHooks = false
  /// `-h` or `--help` was given: print ``helpText`` and serve nothing.
  var showsHelp = false

  /// `sticker-worker`'s options and the help's text about how the app runs it.
  static let spec = CommandSpec(
    name: "sticker-worker",
    abstract: "Decodes untrusted sticker files for ReuseKit, in a sandbox.",
    options: [
      .value(
        "--memory-bytes", valueName: "N",
        help: "How far its address space may grow after set-up (RLIMIT_AS; default 536870912)."),
      .value("--cpu-seconds", valueName: "N", help: "Its CPU time for its whole life (RLIMIT_CPU; default 600)."),
      .flag("--test-hooks", help: "Honour the test-only fault requests (crash, open a file, allocate, spin)."),
    ],
    sections: [
      .init(
        "RUNNING",
        """
          The app starts it; it is not meant to be run by hand. It reads requests on standard input
          and answers on standard output; rendered frames go to the shared memory on descriptor 3.
        """),
      .init(
        "EXIT STATUS",
        """
          0  the app closed the pipe, or the help was asked for
          2  a bad command line
          3  the sandbox could not be set up (or descriptor 3 is not the frame memory)
          4  a message the worker could not read
        """),
    ])

  /// The `--help` text, generated from ``spec``.
  static var helpText: String { spec.helpText() }

  /// Parses `arguments` (without the executable's name) against ``spec``.
  /// - Throws: ``CommandLineError`` naming the unknown option or the value that is not a positive
  ///   whole number.
  init(arguments: [String]) throws(CommandLineError) {
    let parsed = try Self.spec.parse(arguments)
    showsHelp = parsed.wantsHelp
    if showsHelp { return }
    let positive = Int.positiveExpectation
    let count = Int.positive(argument:)
    if let memoryBytes = try parsed.value("--memory-bytes", expected: positive, count) {
      self.memoryBytes = memoryBytes
    }
    if let cpuSeconds = try parsed.value("--cpu-seconds", expected: positive, count) { self.cpuSeconds = cpuSeconds }
    testHooks = parsed.isSet("--test-hooks")
  }
}
