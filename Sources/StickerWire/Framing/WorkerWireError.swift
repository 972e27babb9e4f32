/// Why a worker message could not be read.
package struct WorkerWireError: Error, Equatable {
  /// What was wrong with the message.
  package let reason: String

  /// An error saying `reason`.
  package init(reason: String) { self.reason = reason }
}
