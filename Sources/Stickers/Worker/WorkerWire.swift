/// The sticker worker's wire format: little-endian fields in length-prefixed messages.
///
/// Every message is a `UInt32` length, then that many bytes. Both sides read the other's messages as
/// untrusted: a length over the cap, a truncated field or an unknown tag is a ``WorkerWireError``, never
/// a trap.
struct WireWriter {
  private(set) var bytes: [UInt8] = [0, 0, 0, 0]

  mutating func u8(_ value: UInt8) { bytes.append(value) }
  mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  mutating func i64(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 } }
  mutating func f64(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
  mutating func blob(_ value: [UInt8]) {
    u32(UInt32(truncatingIfNeeded: value.count))
    bytes += value
  }
  mutating func string(_ value: String) { blob(Array(value.utf8)) }

  /// The message with its length prefix filled in.
  func message() -> [UInt8] {
    var framed = bytes
    let length = UInt32(truncatingIfNeeded: framed.count - 4).littleEndian
    withUnsafeBytes(of: length) { for (index, byte) in $0.enumerated() { framed[index] = byte } }
    return framed
  }
}

/// Why a worker message could not be read.
struct WorkerWireError: Error, Equatable {
  let reason: String
}

/// Reads one message's fields, each bounds-checked.
struct WireReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { offset == bytes.count }

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

  mutating func u8() throws(WorkerWireError) -> UInt8 { try take(1).first ?? 0 }
  mutating func u32() throws(WorkerWireError) -> UInt32 { try word(UInt32.self) }
  mutating func i64() throws(WorkerWireError) -> Int { Int(try word(Int64.self)) }
  mutating func f64() throws(WorkerWireError) -> Double { Double(bitPattern: try word(UInt64.self)) }
  mutating func blob(limit: Int) throws(WorkerWireError) -> [UInt8] {
    let count = Int(try u32())
    guard count <= limit else {
      throw WorkerWireError(reason: "a field of \(count) bytes is over the \(limit)-byte cap")
    }
    return Array(try take(count))
  }
  mutating func string(limit: Int = 64 << 10) throws(WorkerWireError) -> String {
    String(decoding: try blob(limit: limit), as: UTF8.self)
  }
  /// A whole number in `range`.
  mutating func int(in range: ClosedRange<Int>, _ name: String) throws(WorkerWireError) -> Int {
    let value = try i64()
    guard range.contains(value) else { throw WorkerWireError(reason: "\(name) \(value) is outside \(range)") }
    return value
  }
}
