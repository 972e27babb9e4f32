/// A command line the program cannot run: an unknown option, a missing or malformed value. The
/// message names the argument at fault; the program prints it and exits with ``exitStatus``.
package struct CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the argument (`unknown option --x`, `--sizes needs a value`).
  package let message: String

  /// A usage error with `message`.
  package init(_ message: String) { self.message = message }

  /// The exit status for a usage error, as BSD's `EX_USAGE` tradition and Swift Argument Parser
  /// use: 2.
  package static let exitStatus: Int32 = 2

  /// The message.
  package var description: String { message }
}
