/// A positional argument a command accepts (`FILE`), in the order the command declares them.
package struct PositionalSpec: Sendable, Equatable {
  /// Its name in the help and in error messages (`FILE`).
  package let name: String
  /// What it is, for `--help`.
  package let help: String
  /// Whether the command runs without it.
  package let isOptional: Bool
  /// Whether it takes every remaining argument (only the last positional can).
  package let isRepeating: Bool

  /// A positional argument.
  /// - Parameters:
  ///   - name: Its name in the help and in errors.
  ///   - help: What it is.
  ///   - optional: Whether the command runs without it (default: it is required).
  ///   - repeating: Whether it takes every remaining argument.
  package init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = optional
    self.isRepeating = repeating
  }

  /// How the usage line writes it: `FILE`, `[FILE]`, `FILE...`.
  var synopsis: String {
    let base = isRepeating ? "\(name)..." : name
    return isOptional ? "[\(base)]" : base
  }
}
