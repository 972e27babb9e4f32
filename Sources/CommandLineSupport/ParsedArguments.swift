/// A command line read by ``CommandSpec/parse(_:)``: which (sub)command, its options' values and
/// its positional arguments, with typed accessors that throw ``CommandLineError`` for bad values.
///
/// Options are looked up by any of their names; asking for a name the command does not declare is
/// a programming error and traps.
package struct ParsedArguments: Sendable {
  /// The command the arguments were read against (the subcommand, when one was chosen).
  package let command: CommandSpec
  /// The program's name, then each subcommand chosen (`["chat-demo", "generate"]`).
  package let path: [String]
  /// Whether `-h` or `--help` was given: print ``CommandSpec/helpText()`` and exit 0.
  package internal(set) var wantsHelp = false
  /// The positional arguments, in order.
  package internal(set) var positionalValues: [String] = []
  var values: [String: [String]] = [:]
  var flagCounts: [String: Int] = [:]

  init(command: CommandSpec, path: [String]) {
    self.command = command
    self.path = path
  }

  /// The subcommand chosen, `nil` for the command itself.
  package var subcommand: String? { path.count > 1 ? path.last : nil }

  /// Whether flag `name` was given.
  package func isSet(_ name: String) -> Bool { flagCounts[key(name, flag: true), default: 0] > 0 }

  /// Whether option or flag `name` was given at all.
  package func contains(_ name: String) -> Bool {
    let key = key(name, flag: nil)
    return values[key] != nil || flagCounts[key] != nil
  }

  /// Every value option `name` was given, in order.
  package func strings(_ name: String) -> [String] { values[key(name, flag: false)] ?? [] }

  /// The last value option `name` was given, or `nil`.
  package func string(_ name: String) -> String? { strings(name).last }

  /// The last value of option `name` as a `T`, or `nil` when the option is absent.
  /// - Throws: ``CommandLineError`` `--name: 'x' is not a whole number` when it does not convert.
  package func value<T: ArgumentValue>(_ name: String, as type: T.Type) throws(CommandLineError) -> T? {
    try value(name, expected: T.expectation) { T(argument: $0) }
  }

  /// The last value of option `name` through `convert`, or `nil` when the option is absent.
  /// - Parameter expected: What a valid value is, for the error (`a positive whole number`).
  /// - Throws: ``CommandLineError`` `--name: 'x' is not <expected>` when `convert` gives `nil`.
  package func value<T>(
    _ name: String, expected: String, _ convert: (String) -> T?
  ) throws(CommandLineError) -> T? {
    guard let text = string(name) else { return nil }
    guard let value = convert(text) else { throw CommandLineError("\(name): '\(text)' is not \(expected)") }
    return value
  }

  /// The last value of option `name` split at `separator`, each part through `convert`, or `nil`
  /// when the option is absent.
  /// - Throws: ``CommandLineError`` naming the first part that does not convert, or an empty list.
  package func list<T>(
    _ name: String, separator: Character = ",", expected: String, _ convert: (String) -> T?
  ) throws(CommandLineError) -> [T]? {
    guard let text = string(name) else { return nil }
    let parts = text.split(separator: separator).map(String.init)
    guard !parts.isEmpty else { throw CommandLineError("\(name) needs at least one value") }
    var result: [T] = []
    for part in parts {
      guard let value = convert(part) else { throw CommandLineError("\(name): '\(part)' is not \(expected)") }
      result.append(value)
    }
    return result
  }

  /// The positional argument declared as `name`, or `nil` when it was not given (for a repeating
  /// one, the first of its values).
  package func positional(_ name: String) -> String? { positionals(name).first }

  /// Every value of the positional argument declared as `name` (several only for a repeating one).
  package func positionals(_ name: String) -> [String] {
    guard let index = command.positionals.firstIndex(where: { $0.name == name }) else {
      preconditionFailure("\(path.joined(separator: " ")) declares no positional argument \(name)")
    }
    guard index < positionalValues.count else { return [] }
    return command.positionals[index].isRepeating ? Array(positionalValues[index...]) : [positionalValues[index]]
  }

  /// The key of the option spelled `name`, checking it is a flag (`true`), takes a value (`false`)
  /// or either (`nil`).
  private func key(_ name: String, flag: Bool?) -> String {
    guard let option = command.option(named: name) else {
      preconditionFailure("\(path.joined(separator: " ")) declares no option \(name)")
    }
    if let flag {
      precondition(option.takesValue != flag, "\(name) is \(flag ? "an option with a value" : "a flag")")
    }
    return option.key
  }
}
