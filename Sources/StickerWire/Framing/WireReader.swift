/// Reads one message's fields, each bounds-checked.
package struct WireReader {
  private let bytes: [UInt8]
  private var offset = 0

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  package var isAtEnd: Bool { offset == bytes.count }

  private mutating func take(_ count: Int) throws(WorkerWireError) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - offset else { throw WorkerWireError(reason: "message truncated") }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  private mutating func word<T: FixedWidthInteger>(_: T.Type) throws(WorkerWireError) -> T {
    let slice = try take(MemoryLayout<T>.size)
    var value: T = 0
    for (shift, byte) in slice.enumerated() { value |= T(truncatingIfNeeded: byte) << (shift * 8) }
    return value
  }

  package mutating func u8() throws(WorkerWireError) -> UInt8 { try take(1).first ?? 0 }
  package mutating func u32() throws(WorkerWireError) -> UInt32 { try word(UInt32.self) }
  package mutating func i64() throws(WorkerWireError) -> Int { Int(try word(Int64.self)) }
  package mutating func f64() throws(WorkerWireError) -> Double { Double(bitPattern: try word(UInt64.self)) }
  package mutating func blob(limit: Int) throws(WorkerWireError) -> [UInt8] {
    let count = Int(try u32())
    guard count <= limit else {
      throw WorkerWireError(reason: "a field of \(count) bytes is over the \(limit)-byte cap")
    }
    return Array(try take(count))
  }
  package mutating func string(limit: Int = 64 << 10) throws(WorkerWireError) -> String {
    String(decoding: try blob(limit: limit), as: UTF8.self)
  }
  /// A whole number in `range`.
  package mutating func int(in range: ClosedRange<Int>, _ name: String) throws(WorkerWireError) -> Int {
    let value = try i64()
    guard range.contains(value) else { throw WorkerWireError(reason: "\(name) \(value) is outside \(range)") }
    return value
  }
}
