/// One option a command accepts: a flag (`--smoke`) or an option with a value (`--sizes N,N,...`).
package struct OptionSpec: Sendable, Equatable {
  /// Whether the option is a flag or takes a value.
  package enum Kind: Sendable, Equatable {
    /// Present or absent; takes no value.
    case flag
    /// Takes one value, written `--name VALUE` or `--name=VALUE`; `valueName` names it in the help.
    case value(valueName: String)
  }

  /// Every spelling, long (`--help`) and short (`-h`); the first long one is the option's key.
  package let names: [String]
  /// A flag, or an option with a value.
  package let kind: Kind
  /// What the option does, for `--help`; lines after the first are indented under it.
  package let help: String
  /// Whether `--help` leaves it out (options that only the program itself passes, to a child).
  package let isHidden: Bool

  /// The name results are keyed by: the first long name, else the first name.
  package var key: String { names.first { $0.hasPrefix("--") } ?? names[0] }

  /// Whether the option takes a value.
  package var takesValue: Bool {
    if case .value = kind { return true }
    return false
  }

  /// A flag.
  /// - Parameters:
  ///   - names: Its spellings, each starting with `-` (`"--smoke"`, or `"-h", "--help"`).
  ///   - help: What it does, for `--help`.
  ///   - hidden: Whether `--help` leaves it out.
  package static func flag(_ names: String..., help: String, hidden: Bool = false) -> OptionSpec {
    OptionSpec(names: names, kind: .flag, help: help, isHidden: hidden)
  }

  /// An option that takes one value.
  /// - Parameters:
  ///   - names: Its spellings, each starting with `-` (`"--sizes"`).
  ///   - valueName: How `--help` names the value (`"N,N,..."`, `"FILE"`).
  ///   - help: What it does, for `--help`.
  ///   - hidden: Whether `--help` leaves it out.
  package static func value(_ names: String..., valueName: String, help: String, hidden: Bool = false) -> OptionSpec {
    OptionSpec(names: names, kind: .value(valueName: valueName), help: help, isHidden: hidden)
  }

  /// How the help and the usage line write it: `-h, --help` or `--sizes N,N,...`.
  var synopsis: String {
    let spelled = names.joined(separator: ", ")
    switch kind {
    case .flag: return spelled
    case .value(let valueName): return "\(spelled) \(valueName)"
    }
  }
}
