import CZip
import ReuseKitSupport

/// A dotLottie file (a zip holding `manifest.json` and `animations/*.json`), read in memory with
/// libzip: nothing is ever extracted to disk.
final class DotLottieArchive {
  /// The most entries an archive may list.
  static let maxEntries = 10_000

  private let archive: OpaquePointer
  private let data: UnsafeMutableRawBufferPointer
  private let limits: StickerLimits
  private var inflated = 0

  /// Opens `bytes` as a zip and checks every entry name.
  /// - Throws: `StickerError.Reason.malformed(_:)` for a corrupt zip, too many entries, or an
  ///   entry whose path is absolute or climbs out with `..` (a zip-slip path).
  init(bytes: [UInt8], limits: StickerLimits) throws(StickerError.Reason) {
    self.limits = limits
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
    bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
    data = copy
    var error = zip_error_t()
    zip_error_init(&error)
    defer { zip_error_fini(&error) }
    guard let source = zip_source_buffer_create(data.baseAddress, UInt64(data.count), 0, &error) else {
      data.deallocate()
      throw .decoderFailed("libzip: \(String(cString: zip_error_strerror(&error)))")
    }
    guard let opened = zip_open_from_source(source, ZIP_RDONLY, &error) else {
      zip_source_free(source)
      data.deallocate()
      throw .malformed("not a readable zip (\(String(cString: zip_error_strerror(&error))))")
    }
    archive = opened
    let count = zip_get_num_entries(archive, 0)
    guard count >= 0, count <= Self.maxEntries else {
      throw .malformed("zip lists \(count) entries (limit \(Self.maxEntries))")
    }
    for index in 0..<UInt64(count) {
      guard let raw = zip_get_name(archive, index, zip_flags_t(ZIP_FL_ENC_GUESS)) else {
        throw .malformed("zip entry \(index) has no name")
      }
      let name = String(cString: raw)
      let parts = name.split(separator: "/", omittingEmptySubsequences: false)
      guard !name.hasPrefix("/"), !name.hasPrefix("\\"), !name.contains(":"), !name.contains("\\"),
        !parts.contains("..")
      else {
        throw .malformed("zip entry '\(name)' has an unsafe path (zip-slip): refused")
      }
    }
  }

  deinit {
    zip_discard(archive)
    data.deallocate()
  }

  /// The bytes of the animation to play: the manifest's active animation, else its first, else
  /// the first `animations/*.json` entry.
  /// - Throws: `StickerError` reasons for a missing animation, a bad manifest, or entries that
  ///   together inflate past `StickerLimits.maxInflatedBytes` (a zip bomb).
  func animationJSON() throws(StickerError.Reason) -> [UInt8] {
    var identifier: String?
    if zip_name_locate(archive, "manifest.json", 0) >= 0 {
      let manifestBytes = try entry("manifest.json")
      let manifest: JSONValue
      do {
        manifest = try JSONValue(parsing: manifestBytes, maximumDepth: limits.maxJSONDepth)
      } catch {
        throw .malformed("dotLottie manifest.json: \(error.description)")
      }
      identifier = manifest["activeAnimationId"]?.string ?? manifest["animations"]?.array?.first?["id"]?.string
    }
    if let identifier {
      guard !identifier.contains("/"), !identifier.contains("..") else {
        throw .malformed("dotLottie animation id '\(identifier)' is not a plain name")
      }
      for path in ["animations/\(identifier).json", "a/\(identifier).json"]
      where zip_name_locate(archive, path, 0) >= 0 {
        return try entry(path)
      }
      throw .malformed("dotLottie manifest names animation '\(identifier)', which the archive lacks")
    }
    let count = zip_get_num_entries(archive, 0)
    var names: [String] = []
    for index in 0..<UInt64(max(0, count)) {
      guard let raw = zip_get_name(archive, index, zip_flags_t(ZIP_FL_ENC_GUESS)) else { continue }
      let name = String(cString: raw)
      if name.hasPrefix("animations/"), name.hasSuffix(".json") { names.append(name) }
    }
    guard let first = names.sorted().first else { throw .malformed("dotLottie holds no animations/*.json") }
    return try entry(first)
  }

  /// The inflated bytes of entry `name`, counted against the archive's inflated-size cap.
  private func entry(_ name: String) throws(StickerError.Reason) -> [UInt8] {
    guard let file = zip_fopen(archive, name, 0) else {
      throw .malformed("cannot open zip entry '\(name)' (\(String(cString: zip_strerror(archive))))")
    }
    defer { zip_fclose(file) }
    let remaining = limits.maxInflatedBytes - inflated
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let read = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, UInt64($0.count)) }
      guard read >= 0 else {
        throw .malformed("zip entry '\(name)' is corrupt (\(String(cString: zip_file_strerror(file))))")
      }
      if read == 0 { break }
      guard output.count + Int(read) <= remaining else { throw .inflatedTooLarge(limit: limits.maxInflatedBytes) }
      output += chunk[0..<Int(read)]
    }
    inflated += output.count
    return output
  }
}
