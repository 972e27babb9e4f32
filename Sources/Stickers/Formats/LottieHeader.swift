import ReuseKitSupport

/// The top-level fields of a Lottie document, read and checked against the caps before rlottie parses it.
struct LottieHeader {
  let width: Int
  let height: Int
  let frameRate: Double
  let frameCount: Int
  /// Whether `w` and `h` are whole numbers as written.
  let isCanvasIntegral: Bool

  /// The top-level members the checks need, read in one pass.
  private struct Fields {
    var numbers: [String: Double] = [:]
    var hasLayers = false
  }

  /// Reads and checks `bytes` in one pass with `JSONReader` (strict UTF-8, nesting capped at
  /// `StickerLimits.maxJSONDepth`), before rlottie sees them.
  /// - Throws: The first cap or format problem found; bad JSON is named by line and column.
  /// - Complexity: O(n) time, O(depth) memory beyond the few fields kept.
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    let read: Fields?
    do {
      read = try JSONReader.read(bytes, maximumDepth: limits.maxJSONDepth) { reader throws(JSONError) in
        try Self.readFields(&reader)
      }
    } catch {
      switch error.kind {
      case .invalidUTF8: throw .notUTF8
      case .tooDeep(let limit): throw .nestingTooDeep(limit: limit)
      case .syntax, .truncated, .content: throw .malformed("invalid JSON at \(error.location): \(error.reason)")
      }
    }
    guard let fields = read else { throw .malformed("top level is not a JSON object") }
    func number(_ key: String) throws(StickerError.Reason) -> Double {
      guard let value = fields.numbers[key], value.isFinite else { throw .malformed("missing or invalid '\(key)'") }
      return value
    }
    let width = try number("w")
    let height = try number("h")
    // The canvas costs nothing by itself (frames draw at display size); only its shape matters.
    guard width >= 1, height >= 1, width < 1e9, height < 1e9 else {
      throw .malformed("canvas \(width)×\(height) is empty or absurd")
    }
    let rate = try number("fr")
    guard rate > 0, rate <= 240 else { throw .malformed("frame rate \(rate) outside 0–240") }
    let frames = try number("op") - number("ip")
    guard frames >= 1 else { throw .malformed("no frames (op ≤ ip)") }
    // Not the frame count as such: what it costs to play, the duration.
    guard frames / rate <= limits.maxDuration else {
      throw .durationTooLong(seconds: frames / rate, limit: limits.maxDuration)
    }
    guard fields.hasLayers else { throw .malformed("missing 'layers' array") }
    // Real players round a non-integral canvas ("h": 58.84); rlottie 0.1 needs integers, so
    // LottieDocument rewrites them to these.
    self.width = max(1, Int(width.rounded()))
    self.height = max(1, Int(height.rounded()))
    isCanvasIntegral = width == width.rounded() && height == height.rounded()
    self.frameRate = rate
    self.frameCount = Int(frames.rounded(.up))
  }

  /// The numbers `w`, `h`, `fr`, `ip`, `op` and whether `layers` is an array; `nil` when the top
  /// level is not an object. Everything is checked.
  private static func readFields(_ reader: inout JSONReader) throws(JSONError) -> Fields? {
    guard try reader.peek() == .object else {
      try reader.skipValue()
      return nil
    }
    var fields = Fields()
    try reader.beginObject()
    while let key = try reader.nextKey() {
      switch key {
      case "w", "h", "fr", "ip", "op":
        guard try reader.peek() == .number else {
          fields.numbers[key] = nil  // a later non-number makes the field invalid
          try reader.skipValue()
          continue
        }
        fields.numbers[key] = try reader.readNumber().double
      case "layers":
        fields.hasLayers = try reader.peek() == .array
        try reader.skipValue()
      default: try reader.skipValue()
      }
    }
    return fields
  }
}
