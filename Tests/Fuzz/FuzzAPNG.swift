@testable import Stickers

/// The PNG chunk walker and the APNG structure reader (`PNGChunks`, `APNGStructure`) on arbitrary
/// bytes: a file is read or refused with a `StickerError.Reason`, never a trap; the chunks walked
/// lie inside the file, and an animation read has a canvas, a duration per frame and a total within
/// the cap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let walked = try? PNGChunks(bytes: bytes) {
    for chunk in walked.chunks {
      require(chunk.data.startIndex >= 8 && chunk.data.endIndex <= bytes.count, "a chunk outside the file")
    }
  }
  let limits = StickerLimits.default
  guard let png = try? APNGStructure(bytes: bytes, limits: limits) else { return 0 }
  require(png.width >= 1 && png.height >= 1, "empty canvas accepted")
  require(png.durations.count == png.frames.count, "durations and frames differ")
  require(png.durations.reduce(0, +) <= limits.maxDuration + 1e-9, "duration over the cap")
  return 0
}
