import ReuseKitSupport

/// The optional `manifest.json` of a sticker directory, read with `JSONValue` (a small document).
///
/// Every field but `file` is optional: the name defaults to the file name without its extension,
/// and the format, size and timing come from the file itself. `frameCount` and `frameRate` cut a
/// PNG into a strip of frames (other formats ignore them), and older manifests' `kind`, `width`
/// and `height` are accepted and ignored:
///
/// ```json
/// {"version": 1, "stickers": [{"file": "heart.json", "name": "love"},
///   {"file": "bounce.png", "frameCount": 8, "frameRate": 12}]}
/// ```
struct StickerManifest {
  /// One entry: a file and what the manifest says about it, or why the entry is unusable.
  struct Entry {
    var name: String?
    var file: String?
    var strip: StickerAsset.StripLayout?
    /// Why the entry cannot be used; it becomes one placeholder sticker.
    var error: String?
  }

  var stickers: [Entry]

  /// Reads a manifest; one bad entry spoils only itself.
  /// - Parameter bytes: The file's bytes.
  /// - Throws: `StickerError.Reason.malformed(_:)` naming the line and column of bad JSON, or a
  ///   top level without a `stickers` array.
  init(bytes: [UInt8], maxDepth: Int) throws(StickerError.Reason) {
    let root: JSONValue
    do {
      root = try JSONValue(parsing: bytes, maximumDepth: maxDepth)
    } catch {
      throw .malformed("manifest: \(error.description)")
    }
    guard let list = root["stickers"]?.array else { throw .malformed("manifest: missing \"stickers\" array") }
    stickers = list.enumerated().map { index, value in Self.entry(value, index: index) }
  }

  private static func entry(_ value: JSONValue, index: Int) -> Entry {
    var entry = Entry()
    guard value.object != nil else {
      entry.error = "manifest: stickers[\(index)] is \(value.kindName), not an object"
      return entry
    }
    func fail(_ text: String) -> Entry {
      entry.error = "manifest: stickers[\(index)] \(text)"
      return entry
    }
    if let name = value["name"] {
      guard let text = name.string, !text.isEmpty else { return fail("needs a non-empty string \"name\"") }
      entry.name = text
    }
    guard let file = value["file"]?.string, !file.isEmpty else { return fail("needs a string \"file\"") }
    entry.file = file
    guard !file.contains("/"), !file.contains("\\"), !file.hasPrefix(".") else {
      return fail("names file '\(file)' outside the directory")
    }
    let frames = value["frameCount"]
    let rate = value["frameRate"]
    if frames != nil || rate != nil {
      guard let count = frames?.int, count >= 1 else { return fail("needs a positive integer \"frameCount\"") }
      guard let perSecond = rate?.double, perSecond > 0, perSecond <= 240 else {
        return fail("needs a \"frameRate\" between 0 and 240")
      }
      entry.strip = StickerAsset.StripLayout(frameCount: count, frameRate: perSecond)
    }
    return entry
  }
}
