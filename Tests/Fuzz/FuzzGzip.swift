import CZlib

@testable import Stickers

/// The `.tgs` gzip inflater on arbitrary bytes, with a 256 KiB cap: it returns at most the cap or
/// throws `inflatedTooLarge` with that cap, `malformed` or `decoderFailed` (never traps), and what
/// it returns, compressed again with zlib, inflates to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let limit = 256 << 10
  let inflated: [UInt8]
  do {
    inflated = try GzipInflater.inflate(Array(UnsafeBufferPointer(start: data, count: size)), limit: limit)
  } catch {
    switch error {
    case .inflatedTooLarge(let reported): require(reported == limit, "the cap reported is not the cap")
    case .malformed, .decoderFailed: break
    default: preconditionFailure("inflating threw \(error)")
    }
    return 0
  }
  require(inflated.count <= limit, "inflated past the cap")
  let again = try? GzipInflater.inflate(gzip(inflated), limit: limit)
  require(again == inflated, "inflated bytes do not round-trip through zlib")
  return 0
}

/// `bytes` as one gzip member, compressed by zlib.
private func gzip(_ bytes: [UInt8]) -> [UInt8] {
  var stream = z_stream()
  require(
    deflateInit2_(
      &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
      Int32(MemoryLayout<z_stream>.size)) == Z_OK)
  defer { deflateEnd(&stream) }
  var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
  var input = bytes
  let written = input.withUnsafeMutableBufferPointer { source in
    output.withUnsafeMutableBufferPointer { target in
      stream.next_in = source.baseAddress
      stream.avail_in = UInt32(source.count)
      stream.next_out = target.baseAddress
      stream.avail_out = UInt32(target.count)
      require(deflate(&stream, Z_FINISH) == Z_STREAM_END, "zlib did not finish")
      return target.count - Int(stream.avail_out)
    }
  }
  return Array(output[0..<written])
}
