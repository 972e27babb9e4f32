import CZlib

/// Inflates gzip data (a Telegram `.tgs`) with zlib, stopping as soon as the output passes a cap.
enum GzipInflater {
  /// The inflated bytes.
  /// - Parameters:
  ///   - bytes: gzip data.
  ///   - limit: The most bytes the output may hold.
  /// - Throws: `StickerError.Reason.inflatedTooLarge(limit:)` past the cap (memory stays at
  ///   `limit` plus one chunk), `StickerError.Reason.malformed(_:)` for corrupt or truncated data.
  /// - Complexity: O(min(output, limit)).
  static func inflate(_ bytes: [UInt8], limit: Int) throws(StickerError.Reason) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, 16 + MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw .decoderFailed("zlib cannot start inflating")
    }
    defer { inflateEnd(&stream) }
    let chunkSize = 64 << 10
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var input = bytes
    return try input.withUnsafeMutableBufferPointer { source throws(StickerError.Reason) in
      stream.next_in = source.baseAddress
      stream.avail_in = UInt32(source.count)
      while true {
        let status = chunk.withUnsafeMutableBufferPointer { target in
          stream.next_out = target.baseAddress
          stream.avail_out = UInt32(chunkSize)
          return CZlib.inflate(&stream, Z_NO_FLUSH)
        }
        let produced = chunkSize - Int(stream.avail_out)
        guard output.count + produced <= limit else { throw .inflatedTooLarge(limit: limit) }
        output += chunk[0..<produced]
        switch status {
        case Z_STREAM_END: return output
        case Z_OK: continue
        case Z_BUF_ERROR where stream.avail_in == 0: throw .malformed("gzip data is truncated")
        default:
          let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
          throw .malformed("gzip data is corrupt (\(message))")
        }
      }
    }
  }
}
