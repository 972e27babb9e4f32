import StickerWire

/// The worker's side of the wire protocol on arbitrary bytes: a request body either decodes or
/// throws a `WorkerWireError` (never traps, never allocates past its caps), and a decoded request
/// encodes to a body that decodes to the same bytes again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let body = Array(UnsafeBufferPointer(start: data, count: size))
  guard let request = try? WorkerRequest(body, maxBytes: 1 << 20) else { return 0 }
  let encoded = request.message()
  guard let again = try? WorkerRequest(Array(encoded.dropFirst(4)), maxBytes: 1 << 20) else {
    fatalError("a decoded request's encoding does not decode")
  }
  precondition(again.message() == encoded, "a request does not round-trip")
  return 0
}
