@testable import Stickers

/// The GIF structure reader (`GIFStructure`) on arbitrary bytes: a file is read or refused with a
/// `StickerError.Reason`, never a trap, and what is read has a canvas, as many durations as frames,
/// and a total duration within the cap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = StickerLimits.default
  guard let gif = try? GIFStructure(bytes: bytes, limits: limits) else { return 0 }
  require(gif.width >= 1 && gif.height >= 1, "empty canvas accepted")
  require(gif.durations.count == gif.frames.count, "durations and frames differ")
  require(gif.durations.reduce(0, +) <= limits.maxDuration + 1e-9, "duration over the cap")
  return 0
}
