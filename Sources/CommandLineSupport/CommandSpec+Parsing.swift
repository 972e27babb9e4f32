extension CommandSpec {
  /// Reads `arguments` (without the program's name) against this command.
  ///
  /// Options come in any order, as `--name VALUE` or `--name=VALUE`; a repeated option keeps every
  /// value (``ParsedArguments/string(_:)`` answers the last). `--` ends the options: every argument
  /// after it is positional. `-h` or `--help` stops parsing: the result ``ParsedArguments/wantsHelp``.
  /// The first positional argument that names a subcommand hands the rest to that subcommand.
  /// - Throws: ``CommandLineError`` naming the first argument at fault.
  package func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
    try parse(arguments[...], path: [name])
  }

  private func parse(_ arguments: ArraySlice<String>, path: [String]) throws(CommandLineError) -> ParsedArguments {
    var result = ParsedArguments(command: self, path: path)
    var remaining = arguments
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if !optionsEnded, argument == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded, Self.looksLikeOption(argument) {
        let (name, attached) = Self.split(argument)
        guard let option = option(named: name) else {
          throw CommandLineError("unknown option \(name) (see \(helpHint(path)))")
        }
        if option.key == "--help" {
          result.wantsHelp = true
          return result
        }
        guard option.takesValue else {
          if attached != nil { throw CommandLineError("\(name) takes no value") }
          result.flagCounts[option.key, default: 0] += 1
          continue
        }
        let value: String
        if let attached {
          value = attached
        } else if let next = remaining.first, !Self.looksLikeOption(next) {
          value = next
          remaining.removeFirst()
        } else {
          throw CommandLineError("\(name) needs a value")
        }
        result.values[option.key, default: []].append(value)
        continue
      }
      if result.positionalValues.isEmpty, !optionsEnded,
        let subcommand = subcommands.first(where: { $0.name == argument })
      {
        return try subcommand.parse(remaining, path: path + [argument])
      }
      guard positionals.last?.isRepeating == true || result.positionalValues.count < positionals.count else {
        if subcommands.isEmpty { throw CommandLineError("unexpected argument '\(argument)'") }
        let names = subcommands.map(\.name).joined(separator: ", ")
        throw CommandLineError("unknown subcommand '\(argument)' (expected one of: \(names))")
      }
      result.positionalValues.append(argument)
    }
    if let missing = positionals.dropFirst(result.positionalValues.count).first(where: { !$0.isOptional }) {
      throw CommandLineError("missing \(missing.name) (see \(helpHint(path)))")
    }
    return result
  }

  private func helpHint(_ path: [String]) -> String {
    (path.dropFirst() + ["--help"]).joined(separator: " ")
  }

  /// Whether `argument` is spelled as an option: `-x` or `--name`, but not `-` alone or a negative
  /// number (`-3` is a value).
  static func looksLikeOption(_ argument: String) -> Bool {
    guard argument.hasPrefix("-"), argument.count > 1 else { return false }
    return Double(argument) == nil
  }

  /// `--name=value` as its name and value; `--name` as its name and `nil`.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
