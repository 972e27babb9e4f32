import Foundation

/// Lines of a file handle, read without blocking for longer than asked.
struct LineReader {
  /// A line, or the end of input (`text` nil).
  struct Line {
    var text: String?
  }

  let handle: FileHandle
  private var buffer = Data()
  private var ended = false

  init(handle: FileHandle) {
    self.handle = handle
  }

  /// The next line when one is ready within `seconds`; `Line(text: nil)` at the end of input;
  /// `nil` when nothing came in time.
  mutating func next(waiting seconds: Double) -> Line? {
    if let line = takeLine() { return line }
    if ended { return Line(text: nil) }
    var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = read(handle.fileDescriptor, &chunk, chunk.count)
    if count <= 0 {
      ended = true
      return takeLine() ?? Line(text: nil)
    }
    buffer.append(contentsOf: chunk[0..<count])
    return takeLine()
  }

  private mutating func takeLine() -> Line? {
    guard let newline = buffer.firstIndex(of: 0x0A) else {
      guard ended, !buffer.isEmpty else { return nil }
      defer { buffer.removeAll() }
      return Line(text: String(decoding: buffer, as: UTF8.self))
    }
    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
    buffer.removeSubrange(buffer.startIndex...newline)
    return Line(text: line.trimmingCharacters(in: .whitespaces))
  }
}
