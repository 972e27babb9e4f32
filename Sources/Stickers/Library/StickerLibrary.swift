import Foundation

/// The stickers listed in a directory's `manifest.json`, looked up by name.
///
/// Loading the library reads only the manifest (capped at ``StickerLimits/maxFileBytes``); sticker
/// files are read, checked and decoded later, when a view first needs them.
public final class StickerLibrary {
  /// The directory the stickers live in.
  public let directory: URL
  /// The stickers, in manifest order.
  public let assets: [StickerAsset]
  /// What a view shows instead of a sticker that cannot be loaded.
  public let placeholder = PlaceholderSticker()
  private let byName: [String: StickerAsset]

  /// Loads `manifest.json` from `directory`.
  /// - Parameters:
  ///   - directory: The sticker directory, for example `Assets/Stickers`.
  ///   - limits: Caps for the manifest's size.
  /// - Throws: ``StickerError`` naming the manifest and the reason.
  public convenience init(directory: URL, limits: StickerLimits = .default) throws(StickerError) {
    let manifestURL = directory.appendingPathComponent("manifest.json")
    let bytes = try StickerFileReader.read(manifestURL, limits: limits)
    let manifest: StickerManifest
    do {
      manifest = try StickerManifest(bytes: bytes)
    } catch {
      throw StickerError(file: manifestURL.path, reason: error)
    }
    var assets: [StickerAsset] = []
    for entry in manifest.stickers {
      guard !entry.file.isEmpty, !entry.file.contains("/"), !entry.file.hasPrefix(".") else {
        throw StickerError(
          file: manifestURL.path,
          reason: .malformed("entry '\(entry.name)' names file '\(entry.file)' outside the directory"))
      }
      assets.append(
        StickerAsset(
          name: entry.name, file: directory.appendingPathComponent(entry.file), kind: entry.kind,
          naturalSize: CGSize(width: entry.width, height: entry.height), frameCount: entry.frameCount,
          frameRate: entry.frameRate))
    }
    self.init(directory: directory, assets: assets)
  }

  /// Creates a library from assets directly; later entries with a duplicate name are ignored.
  public init(directory: URL, assets: [StickerAsset]) {
    self.directory = directory
    var byName: [String: StickerAsset] = [:]
    var unique: [StickerAsset] = []
    for asset in assets where byName[asset.name] == nil {
      byName[asset.name] = asset
      unique.append(asset)
    }
    self.assets = unique
    self.byName = byName
  }

  /// The sticker names, in manifest order.
  public var names: [String] { assets.map(\.name) }

  /// The sticker called `name`, if the manifest lists one.
  public subscript(name: String) -> StickerAsset? { byName[name] }

  /// The sticker called `name`.
  /// - Throws: ``StickerError/Reason/unknownSticker(name:)`` when the manifest lists none.
  public func asset(named name: String) throws(StickerError) -> StickerAsset {
    guard let asset = byName[name] else { throw StickerError(file: name, reason: .unknownSticker(name: name)) }
    return asset
  }
}
