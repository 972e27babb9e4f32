import Glibc
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
  require(again.message() == encoded, "a response does not round-trip")
  return 0
}

/// With `REUSEKIT_FUZZ_SEEDS=DIR`, writes the bodies of the responses a worker sends (accepted,
/// progress, loaded with and without frame durations and warnings, rendered, and a failure for
/// every reason) into `DIR` and exits: the corpus starts from the protocol's own messages.
@_cdecl("LLVMFuzzerInitialize")
public func initializeWireResponse(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> CInt {
  guard let directory = getenv("REUSEKIT_FUZZ_SEEDS").map({ String(cString: $0) }) else { return 0 }
  let reasons: [StickerError.Reason] = [
    .unknownSticker(name: "wave"), .unreadable("gone"), .empty, .fileTooLarge(bytes: 9 << 20, limit: 8 << 20),
    .unknownFormat("starts with 00"), .inflatedTooLarge(limit: 32 << 20), .notUTF8, .nestingTooDeep(limit: 64),
    .malformed("no layers"), .durationTooLong(seconds: 90, limit: 60),
    .decodedSizeTooLarge(bytes: 1 << 30, limit: 256 << 20), .externalImage("/etc/passwd"),
    .costTooHigh(cost: 9_000_000, limit: 4_000_000), .renderBudgetExceeded("frame 3"), .decoderFailed("rlottie"),
    .decoderCrashed("signal 11"),
  ]
  var responses: [WorkerResponse] = [.accepted, .progress, .rendered(id: 3, width: 160, height: 120)]
  responses.append(
    .loaded(
      id: 3,
      .init(
        kind: .lottie, contentKey: "9f86d081884c7d65", frameCount: 60, frameRate: 30, frameDurations: nil,
        warnings: ["expressions are not drawn"])))
  responses.append(
    .loaded(
      id: 4,
      .init(
        kind: .gif, contentKey: "e3b0c44298fc1c14", frameCount: 3, frameRate: 10,
        frameDurations: [0.1, 0.05, 1.5], warnings: [])))
  responses += reasons.enumerated().map { .failed(id: UInt32($0.offset), $0.element) }
  for (index, response) in responses.enumerated() {
    writeSeed(Array(response.message().dropFirst(4)), to: "\(directory)/response-\(index)")
  }
  exit(0)
}
