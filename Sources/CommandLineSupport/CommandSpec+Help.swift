extension CommandSpec {
  /// The widest a generated usage line grows before it wraps.
  static let usageWidth = 100

  /// The `--help` text: the abstract, usage, positional arguments, options (hidden ones left out),
  /// subcommands, then the sections.
  /// - Parameter path: The words that run this command (`["chat-demo", "generate"]`); default its name.
  package func helpText(path: [String]? = nil) -> String {
    let invocation = (path ?? [name]).joined(separator: " ")
    var blocks = ["\(invocation) — \(abstract)"]
    let usageLines = usage.isEmpty ? Self.wrapped(invocation, generatedUsage()) : usage.map { "\(invocation) \($0)" }
    blocks.append("USAGE\n" + usageLines.map { "  \($0)" }.joined(separator: "\n"))
    if !positionals.isEmpty {
      blocks.append(
        "ARGUMENTS\n" + Self.columns(positionals.map { ($0.isRepeating ? "\($0.name)..." : $0.name, $0.help) }))
    }
    let shown = options.filter { !$0.isHidden }
    blocks.append("OPTIONS\n" + Self.columns(shown.map { ($0.synopsis, $0.help) }))
    if !subcommands.isEmpty {
      let rows = subcommands.map { ($0.name, $0.abstract) }
      blocks.append(
        "SUBCOMMANDS\n" + Self.columns(rows)
          + "\n\n  See '\(invocation) <subcommand> --help' for a subcommand's options.")
    }
    for section in sections { blocks.append("\(section.title)\n\(section.body)") }
    return blocks.joined(separator: "\n\n")
  }

  /// The usage words after the name: each shown option but `--help` in brackets, the positional
  /// arguments, and `<subcommand>` when there are subcommands.
  private func generatedUsage() -> [String] {
    var words = options.filter { !$0.isHidden && $0.key != "--help" }.map { option in
      switch option.kind {
      case .flag: return "[\(option.key)]"
      case .value(let valueName): return "[\(option.key) \(valueName)]"
      }
    }
    words += positionals.map(\.synopsis)
    if !subcommands.isEmpty { words.append("<subcommand>") }
    return words
  }

  /// `invocation` and `words` on lines of at most ``usageWidth``, continuation lines indented under
  /// the first word.
  private static func wrapped(_ invocation: String, _ words: [String]) -> [String] {
    var lines: [String] = []
    var line = invocation
    let indent = String(repeating: " ", count: invocation.count + 1)
    for word in words {
      if line.count + 1 + word.count > usageWidth, line != invocation, line != indent {
        lines.append(line)
        line = indent + word
      } else {
        line += (line == indent ? "" : " ") + word
      }
    }
    lines.append(line)
    return lines
  }

  /// Two columns, the second aligned two spaces past the widest first cell; a second-column text
  /// with several lines continues under its first line.
  private static func columns(_ rows: [(String, String)]) -> String {
    let width = (rows.map(\.0.count).max() ?? 0) + 2
    return rows.map { left, right in
      let pad = String(repeating: " ", count: width)
      let lines = right.split(separator: "\n", omittingEmptySubsequences: false)
      let first = "  " + left + String(repeating: " ", count: width - left.count) + (lines.first ?? "")
      return ([first] + lines.dropFirst().map { "  " + pad + $0 }).joined(separator: "\n")
    }.joined(separator: "\n")
  }
}

extension ParsedArguments {
  /// The help of the command the arguments chose, named by the words that run it.
  package var helpText: String { command.helpText(path: path) }
}
