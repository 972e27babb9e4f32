@testable import Stickers

/// dotLottie reading (libzip in memory, entry names, the manifest, the animation entry) on
/// arbitrary bytes, with a 256 KiB inflation cap: an archive is refused with a
/// `StickerError.Reason` (never a trap, never a leak or double free on the way out), and the
/// animation it hands on is within the cap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDotLottie(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var limits = StickerLimits.default
  limits.maxInflatedBytes = 256 << 10
  guard let archive = try? DotLottieArchive(bytes: Array(UnsafeBufferPointer(start: data, count: size)), limits: limits)
  else { return 0 }
  guard let json = try? archive.animationJSON() else { return 0 }
  require(json.count <= limits.maxInflatedBytes, "an entry inflated past the cap")
  return 0
}
