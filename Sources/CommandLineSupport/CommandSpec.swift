/// What a command accepts: its options, positional arguments and subcommands, and the text its
/// generated `--help` shows. ``parse(_:)`` reads a command line against it.
///
/// Every command accepts `-h` and `--help` (``helpOption``), which stop parsing and ask for the help.
package struct CommandSpec: Sendable {
  /// A titled block of text the help shows after the options (`FIGURES`, `EXIT STATUS`).
  package struct Section: Sendable, Equatable {
    /// The heading, printed as written.
    package let title: String
    /// The body, printed as written (indent it yourself).
    package let body: String

    /// A section.
    package init(_ title: String, _ body: String) {
      self.title = title
      self.body = body
    }
  }

  /// The program's or subcommand's name (`reuse-bench`, `generate`).
  package let name: String
  /// One line saying what it does.
  package let abstract: String
  /// Usage lines written by hand (without the name), or empty to generate one from the arguments.
  package let usage: [String]
  /// The options, in the order the help lists them.
  package let options: [OptionSpec]
  /// The positional arguments, in order.
  package let positionals: [PositionalSpec]
  /// Subcommands, chosen by the first positional argument (`chat-demo generate …`).
  package let subcommands: [CommandSpec]
  /// Text the help shows after the options and subcommands.
  package let sections: [Section]

  /// `-h`, `--help`: every command has it.
  package static let helpOption = OptionSpec.flag("-h", "--help", help: "Show this help.")

  /// A command.
  /// - Parameters:
  ///   - name: Its name.
  ///   - abstract: One line saying what it does.
  ///   - usage: Usage lines written by hand, without the name; empty (default) generates one.
  ///   - options: Its options (without `--help`, which every command has).
  ///   - positionals: Its positional arguments.
  ///   - subcommands: Its subcommands.
  ///   - sections: Text the help shows after the options.
  package init(
    name: String, abstract: String, usage: [String] = [], options: [OptionSpec] = [],
    positionals: [PositionalSpec] = [], subcommands: [CommandSpec] = [], sections: [Section] = []
  ) {
    precondition(
      positionals.dropLast().allSatisfy { !$0.isRepeating }, "only the last positional argument can repeat")
    let names = options.flatMap(\.names)
    precondition(Set(names).count == names.count, "\(name): an option name is declared twice")
    precondition(names.allSatisfy { $0.hasPrefix("-") }, "\(name): option names start with -")
    self.name = name
    self.abstract = abstract
    self.usage = usage
    self.options = names.contains("--help") ? options : options + [Self.helpOption]
    self.positionals = positionals
    self.subcommands = subcommands
    self.sections = sections
  }

  /// The option spelled `name`, or `nil`.
  package func option(named name: String) -> OptionSpec? {
    options.first { $0.names.contains(name) }
  }
}
