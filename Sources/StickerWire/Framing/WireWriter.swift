/// The sticker worker's wire format: little-endian fields in length-prefixed messages.
///
/// Every message is a `UInt32` length, then that many bytes. Both sides read the other's messages as
/// untrusted: a length over the cap, a truncated field or an unknown tag is a ``WorkerWireError``, never
/// a trap.
package struct WireWriter {
  package private(set) var bytes: [UInt8] = [0, 0, 0, 0]

  /// An empty message: its length prefix, filled in by ``message()``.
  package init() {}

  package mutating func u8(_ value: UInt8) { bytes.append(value) }
  package mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
  package mutating func i64(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 } }
  package mutating func f64(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
  package mutating func blob(_ value: [UInt8]) {
    u32(UInt32(truncatingIfNeeded: value.count))
    bytes += value
  }
  package mutating func string(_ value: String) { blob(Array(value.utf8)) }

  /// The message with its length prefix filled in.
  package func message() -> [UInt8] {
    var framed = bytes
    let length = UInt32(truncatingIfNeeded: framed.count - 4).littleEndian
    withUnsafeBytes(of: length) { for (index, byte) in $0.enumerated() { framed[index] = byte } }
    return framed
  }
}
