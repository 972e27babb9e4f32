import StickerWire

/// The app's side of the wire protocol on arbitrary bytes: a response body either decodes or throws
/// a `WorkerWireError` (never traps), and a decoded response encodes to a body that decodes to the
/// same bytes again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let body = Array(UnsafeBufferPointer(start: data, count: size))
  guard let response = try? WorkerResponse(body) else { return 0 }
  let encoded = response.message()
  guard let again = try? WorkerResponse(Array(encoded.dropFirst(4))) else {
    fatalError("a decoded response's encoding does not decode")
  }
  precondition(again.message() == encoded, "a response does not round-trip")
  return 0
}
