import Glibc

/// Writes whole messages to a pipe: the app's requests to a worker, and the worker's answers.
package enum PipeWriter {
  /// Writes all of `bytes` to `descriptor`, again after an interrupted call.
  /// - Returns: `false` when the descriptor is closed or broken.
  @discardableResult
  package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { return false }
      written += result
    }
    return true
  }
}
