import ReuseKitSupport

@testable import Stickers

/// The Lottie preflight the app runs before rlottie sees a file (header, JSON, embedded images,
/// cost estimate, unsupported features, keyframe rewriting: `LottieDocument`) on arbitrary bytes: a
/// file is accepted or refused with a `StickerError.Reason` (never a trap), and what is accepted is
/// within every cap and rewritten to JSON that parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = StickerLimits.default
  guard let document = try? LottieDocument(bytes: bytes, limits: limits) else { return 0 }
  require(document.cost <= limits.maxLottieCost, "cost over the cap")
  require(document.header.width >= 1 && document.header.height >= 1, "empty canvas accepted")
  require(
    Double(document.header.frameCount) / document.header.frameRate <= limits.maxDuration, "duration over the cap")
  require((try? JSONValue(parsing: document.json)) != nil, "the rewritten document is not JSON")
  return 0
}
