/// A fault a test arms in a worker for its next render, to show what the app does when a decoder
/// misbehaves. A worker started without `--test-hooks` refuses them.
public enum WorkerFault: Equatable, Sendable {
  /// Write through a bad pointer (SIGSEGV), as a decoder bug would.
  case segfault
  /// Try to open a file: the sandbox kills the worker (SIGSYS).
  case openFile
  /// Try to open a socket: the sandbox kills the worker (SIGSYS).
  case openSocket
  /// Allocate and touch `bytes` bytes: over the worker's memory limit, the allocation fails.
  case allocate(bytes: Int)
  /// Wait `milliseconds` before rendering, as a slow decoder would.
  case spin(milliseconds: Int)

  /// The fault's tag on the wire.
  package var tag: UInt8 {
    switch self {
    case .segfault: 1
    case .openFile: 2
    case .openSocket: 3
    case .allocate: 4
    case .spin: 5
    }
  }

  /// The fault's size on the wire: bytes to allocate, milliseconds to wait, or 0.
  package var amount: Int {
    switch self {
    case .allocate(let bytes): bytes
    case .spin(let milliseconds): milliseconds
    default: 0
    }
  }

  /// The fault a request's `tag` and `amount` name, or `nil` for an unknown tag.
  package init?(tag: UInt8, amount: Int) {
    switch tag {
    case 1: self = .segfault
    case 2: self = .openFile
    case 3: self = .openSocket
    case 4: self = .allocate(bytes: max(0, amount))
    case 5: self = .spin(milliseconds: max(0, amount))
    default: return nil
    }
  }
}
