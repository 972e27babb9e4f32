import Glibc
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
  require(again.message() == encoded, "a request does not round-trip")
  return 0
}

/// With `REUSEKIT_FUZZ_SEEDS=DIR`, writes the bodies of the requests the app sends (every kind of
/// load, with and without a strip layout, renders, unloads, every fault) into `DIR` and exits: the
/// corpus starts from the protocol's own messages.
@_cdecl("LLVMFuzzerInitialize")
public func initializeWireRequest(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
  guard let directory = getenv("REUSEKIT_FUZZ_SEEDS").map({ String(cString: $0) }) else { return 0 }
  let file = Array("GIF89a\u{1}\0\u{1}\0".utf8)
  let kinds: [StickerKind] = [.lottie, .tgs, .dotLottie, .gif, .webp, .apng, .frameStrip]
  var requests: [WorkerRequest] = kinds.map {
    .load(id: 7, kind: $0, strip: nil, limits: .default, bytes: file)
  }
  requests += [
    .load(
      id: 1, kind: .frameStrip, strip: StickerStripLayout(frameCount: 12, frameRate: 24), limits: .default,
      bytes: file),
    .render(id: 7, frame: 3, pixelSize: 160), .render(id: 0, frame: 0, pixelSize: 1), .unload(id: 7),
    .arm(.segfault), .arm(.openFile), .arm(.openSocket), .arm(.allocate(bytes: 1 << 20)),
    .arm(.spin(milliseconds: 50)),
  ]
  for (index, request) in requests.enumerated() {
    writeSeed(Array(request.message().dropFirst(4)), to: "\(directory)/request-\(index)")
  }
  exit(0)
}
