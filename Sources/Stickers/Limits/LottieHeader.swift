import Foundation

/// The top-level fields of a Lottie document, read and checked against the caps before rlottie parses it.
struct LottieHeader {
  let width: Int
  let height: Int
  let frameRate: Double
  let frameCount: Int

  /// Scans, parses and checks `bytes`.
  /// - Throws: The first cap or format problem found.
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    _ = try JSONNestingScanner(maxDepth: limits.maxJSONDepth).scan(bytes)
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes))
    } catch {
      throw .malformed("invalid JSON")
    }
    guard let root = object as? [String: Any] else { throw .malformed("top level is not a JSON object") }
    func number(_ key: String) throws(StickerError.Reason) -> Double {
      guard let value = (root[key] as? NSNumber)?.doubleValue, value.isFinite else {
        throw .malformed("missing or invalid '\(key)'")
      }
      return value
    }
    let width = try number("w")
    let height = try number("h")
    guard width >= 1, height >= 1 else { throw .malformed("empty canvas") }
    guard width <= Double(limits.maxCanvasSide), height <= Double(limits.maxCanvasSide) else {
      throw .canvasTooLarge(width: Int(min(width, 1e15)), height: Int(min(height, 1e15)), limit: limits.maxCanvasSide)
    }
    let rate = try number("fr")
    guard rate > 0, rate <= 240 else { throw .malformed("frame rate \(rate) outside 0–240") }
    let frames = try number("op") - number("ip")
    guard frames >= 1 else { throw .malformed("no frames (op ≤ ip)") }
    guard frames <= Double(limits.maxFrameCount) else {
      throw .tooManyFrames(count: Int(min(frames, 1e15)), limit: limits.maxFrameCount)
    }
    guard frames / rate <= limits.maxDuration else {
      throw .durationTooLong(seconds: frames / rate, limit: limits.maxDuration)
    }
    guard root["layers"] is [Any] else { throw .malformed("missing 'layers' array") }
    // Image assets would make rlottie read other files or decode embedded images: refuse them.
    let assets = root["assets"] as? [[String: Any]] ?? []
    guard !assets.contains(where: { $0["p"] != nil || $0["u"] != nil }) else {
      throw .malformed("image assets are not supported")
    }
    self.width = Int(width)
    self.height = Int(height)
    self.frameRate = rate
    self.frameCount = Int(frames)
  }
}
