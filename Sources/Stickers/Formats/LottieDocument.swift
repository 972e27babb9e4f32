import ReuseKitSupport

/// A Lottie document checked, analysed and cleaned up before rlottie sees it.
///
/// - The header caps (``LottieHeader``) come first, in one streaming pass.
/// - Then the tree: image assets must be embedded `data:` images within
///   `StickerLimits.maxEmbeddedImageBytes` (an asset naming a file is refused: an untrusted file
///   never makes us read a path); the static draw cost (``LottieCostEstimate``) must stay under
///   `StickerLimits.maxLottieCost`; features rlottie 0.1 does not render are counted for one warning.
/// - Last, whole numbers written as floats (`"w": 24.0`) are rewritten as integers, which rlottie
///   0.1 requires wherever it reads an integer, and newer-form keyframes in the older form it reads
///   (``LottieKeyframes``).
struct LottieDocument {
  /// The JSON rlottie parses.
  let json: [UInt8]
  let header: LottieHeader
  /// The static cost estimate.
  let cost: Int
  /// One warning naming what rlottie 0.1 leaves out, or none.
  let warnings: [String]

  /// Checks, analyses and cleans `bytes`.
  /// - Throws: The first cap or content problem found.
  /// - Complexity: O(n) time; the tree takes memory proportional to n (n ≤ the size caps).
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    header = try LottieHeader(bytes: bytes, limits: limits)
    let root: JSONValue
    do {
      root = try JSONValue(parsing: bytes, maximumDepth: limits.maxJSONDepth)
    } catch {
      throw .malformed("invalid JSON at \(error.location): \(error.reason)")
    }
    try Self.checkImages(root, limits: limits)
    cost = LottieCostEstimate(root: root).total
    guard cost <= limits.maxLottieCost else { throw .costTooHigh(cost: cost, limit: limits.maxLottieCost) }
    var features = UnsupportedFeatures()
    features.count(in: root)
    warnings = features.warning.map { [$0] } ?? []
    let canvas =
      header.isCanvasIntegral ? bytes : Self.roundingCanvas(bytes, width: header.width, height: header.height)
    json = try LottieKeyframes.rewritten(Self.normalisingWholeFloats(canvas), maxDepth: limits.maxJSONDepth)
  }

  /// Refuses image assets that name files, and embedded images that decode too large or are no image.
  private static func checkImages(_ root: JSONValue, limits: StickerLimits) throws(StickerError.Reason) {
    var decodedBytes = 0
    for asset in root["assets"]?.array ?? [] {
      guard let path = asset["p"]?.string else { continue }
      guard path.hasPrefix("data:") else {
        throw .externalImage((asset["u"]?.string ?? "") + path)
      }
      let size = try EmbeddedImage.decodedSize(dataURI: path, limits: limits)
      decodedBytes += size
      guard decodedBytes <= limits.maxEmbeddedImageBytes else {
        throw .decodedSizeTooLarge(bytes: decodedBytes, limit: limits.maxEmbeddedImageBytes)
      }
    }
  }

  /// `bytes` with the top-level `w` and `h` numbers replaced by `width` and `height` (rounded, as
  /// real players draw a canvas such as `"h": 58.84`); nothing deeper is touched.
  /// - Complexity: O(n).
  static func roundingCanvas(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var depth = 0
    var index = 0
    var lastKey: [UInt8] = []
    var expectingValueOf: [UInt8]?
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        end = min(end, bytes.count - 1)
        lastKey = Array(bytes[(index + 1)..<max(index + 1, end)])
        output += bytes[index...end]
        index = end + 1
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ":") where depth == 1: expectingValueOf = lastKey
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if depth == 1, let key = expectingValueOf, key == Array("w".utf8) || key == Array("h".utf8) {
          var end = index
          while end < bytes.count, !Set(",} \t\r\n".utf8).contains(bytes[end]) { end += 1 }
          output += Array(String(key == Array("w".utf8) ? width : height).utf8)
          expectingValueOf = nil
          index = end
          continue
        }
      case UInt8(ascii: ","): expectingValueOf = nil
      default: break
      }
      output.append(byte)
      index += 1
    }
    return output
  }

  /// `bytes` with every whole number written as a float (`24.0`, `1e2`) rewritten as an integer
  /// when it fits in 32 bits; strings are left alone.
  /// - Complexity: O(n).
  static func normalisingWholeFloats(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      if inString {
        output.append(byte)
        if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
          output.append(bytes[index + 1])
          index += 2
          continue
        }
        if byte == UInt8(ascii: "\"") { inString = false }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        inString = true
        output.append(byte)
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
        output.append(byte)
        index += 1
        continue
      }
      var end = index
      var isFloat = false
      while end < bytes.count {
        let character = bytes[end]
        if character == UInt8(ascii: ".") || character == UInt8(ascii: "e") || character == UInt8(ascii: "E") {
          isFloat = true
        } else if !(character == UInt8(ascii: "-") || character == UInt8(ascii: "+")
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character))
        {
          break
        }
        end += 1
      }
      let token = bytes[index..<end]
      if isFloat, let value = Double(String(decoding: token, as: UTF8.self)), value == value.rounded(),
        abs(value) < 2_147_483_648
      {
        output += Array(String(Int(value)).utf8)
      } else {
        output += token
      }
      index = end
    }
    return output
  }
}
