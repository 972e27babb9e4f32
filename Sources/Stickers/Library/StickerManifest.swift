import ReuseKitSupport

/// The contents of `manifest.json`, read with `JSONValue` (a small document):
///
/// ```json
/// {"version": 1, "stickers": [{"name": "heart", "file": "heart.json", "kind": "lottie",
///   "width": 96, "height": 96, "frameCount": 60, "frameRate": 30}]}
/// ```
struct StickerManifest {
  /// One sticker of the manifest.
  struct Entry {
    var name: String
    var file: String
    var kind: StickerAsset.Kind
    var width: Int
    var height: Int
    var frameCount: Int
    var frameRate: Double
  }

  var version: Int
  var stickers: [Entry]

  /// Reads a manifest.
  /// - Parameter bytes: The file's bytes.
  /// - Throws: ``StickerError/Reason/malformed(_:)`` naming the line and column of bad JSON, or the
  ///   entry and field at fault.
  init(bytes: [UInt8]) throws(StickerError.Reason) {
    let root: JSONValue
    do {
      root = try JSONValue(parsing: bytes)
    } catch {
      throw .malformed("manifest: \(error.description)")
    }
    guard let version = root["version"]?.int else { throw .malformed("manifest: missing integer \"version\"") }
    guard let list = root["stickers"]?.array else { throw .malformed("manifest: missing \"stickers\" array") }
    var stickers: [Entry] = []
    for (index, value) in list.enumerated() {
      func field<Value>(_ key: String, _ kind: String, _ read: (JSONValue) -> Value?) throws(StickerError.Reason)
        -> Value
      {
        guard let found = value[key], let result = read(found) else {
          throw .malformed("manifest: stickers[\(index)] needs \(kind) \"\(key)\"")
        }
        return result
      }
      let kindName = try field("kind", "a string", \.string)
      guard let kind = StickerAsset.Kind(rawValue: kindName) else {
        throw .malformed("manifest: stickers[\(index)] has unknown kind \"\(kindName)\"; use lottie, gif or frameStrip")
      }
      stickers.append(
        Entry(
          name: try field("name", "a string", \.string), file: try field("file", "a string", \.string), kind: kind,
          width: try field("width", "an integer", \.int), height: try field("height", "an integer", \.int),
          frameCount: try field("frameCount", "an integer", \.int),
          frameRate: try field("frameRate", "a number", \.double)))
    }
    self.version = version
    self.stickers = stickers
  }
}
