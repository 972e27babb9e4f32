import CommandLineSupport

extension StickerWorkerMain {
  /// What the command line leads to: serving with its options, or exiting at once after writing
  /// the help or the usage error.
  enum Start: Equatable {
    /// Set up the sandbox with these options and serve requests.
    case serve(WorkerOptions)
    /// Write `text` to `descriptor` and exit with `status`.
    case exit(status: Int32, descriptor: Int32, text: String)
  }

  /// Reads `arguments` (without the program name): `--help` exits 0 with the help on standard
  /// output; a usage error exits with ``CommandLineError/exitStatus`` and its message on standard
  /// error.
  static func start(arguments: [String]) -> Start {
    do {
      let options = try WorkerOptions(arguments: arguments)
      if options.showsHelp { return .exit(status: 0, descriptor: 1, text: WorkerOptions.helpText + "\n") }
      return .serve(options)
    } catch {
      return .exit(status: CommandLineError.exitStatus, descriptor: 2, text: "sticker-worker: \(error)\n")
    }
  }
}
