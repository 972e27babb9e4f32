import Foundation

/// The stickers of one or more directories, looked up by name.
///
/// Every sticker file in a directory joins the library under its file name without the extension,
/// and every file of a subfolder (a pack) as `folder/name` (up to ``maxFolderDepth`` levels);
/// an optional `manifest.json` (`StickerManifest`) can rename entries or describe frame strips.
/// Loading the library reads only the manifests and the directory listings (capped at
/// `StickerLimits.maxFileBytes`); sticker files are read, checked and decoded later, when a view
/// first needs them. A bad manifest entry becomes one placeholder sticker with its error, a bad
/// manifest a library warning: never a failed library.
public final class StickerLibrary {
  /// How deep subfolders are read: a pack's folder, and folders in it, up to 3 levels below the directory.
  public static let maxFolderDepth = 3
  /// The most directory entries one directory and its subfolders are read for.
  public static let maxFiles = 10_000

  /// File extensions taken as sticker files when a directory is listed.
  public static let stickerExtensions: Set<String> = ["json", "tgs", "lottie", "gif", "webp", "png", "apng"]

  /// The first directory the stickers live in.
  public let directory: URL
  /// The stickers, manifest entries first, then the other files by name, directory by directory.
  public let assets: [StickerAsset]
  /// Problems that spared the library: a bad manifest, duplicate names.
  public let warnings: [String]
  /// What a view shows instead of a sticker that cannot be loaded.
  public let placeholder = PlaceholderSticker()
  private let byName: [String: StickerAsset]
  private let warningsByName: [String: [String]]

  /// Loads the stickers of `directory`.
  /// - Parameters:
  ///   - directory: The sticker directory, for example `Assets/Stickers`.
  ///   - limits: Caps for the manifest's size and nesting.
  /// - Throws: `StickerError` when the directory itself cannot be listed.
  public convenience init(directory: URL, limits: StickerLimits = .default) throws(StickerError) {
    try self.init(directories: [directory], limits: limits)
  }

  /// Loads the stickers of several directories (for example the shipped ones, then the user's).
  /// - Parameters:
  ///   - directories: Sticker directories, in priority order: on a duplicate name the first wins.
  ///   - limits: Caps for the manifests' size and nesting.
  /// - Throws: `StickerError` when a directory cannot be listed.
  public convenience init(directories: [URL], limits: StickerLimits = .default) throws(StickerError) {
    var assets: [StickerAsset] = []
    var warnings: [String] = []
    for directory in directories {
      var budget = Self.maxFiles
      let (found, problems) = try Self.scan(directory, limits: limits, prefix: "", depth: 0, budget: &budget)
      assets += found
      warnings += problems
    }
    self.init(directory: directories.first ?? URL(fileURLWithPath: "."), assets: assets, warnings: warnings)
  }

  /// Creates a library from assets directly; a later entry with a duplicate name is ignored, with a warning.
  public init(directory: URL, assets: [StickerAsset], warnings: [String] = []) {
    self.directory = directory
    var byName: [String: StickerAsset] = [:]
    var unique: [StickerAsset] = []
    var warnings = warnings
    var warningsByName: [String: [String]] = [:]
    for asset in assets {
      if let kept = byName[asset.name] {
        let warning =
          "duplicate sticker name '\(asset.name)': keeping \(kept.file.path), ignoring \(asset.file.path)"
        warnings.append(warning)
        warningsByName[asset.name, default: []].append(warning)
        continue
      }
      byName[asset.name] = asset
      unique.append(asset)
    }
    self.assets = unique
    self.byName = byName
    self.warnings = warnings
    self.warningsByName = warningsByName
  }

  /// The sticker names, in library order.
  public var names: [String] { assets.map(\.name) }

  /// The sticker called `name`, if the library has one.
  public subscript(name: String) -> StickerAsset? { byName[name] }

  /// The library's warnings about the sticker called `name` (duplicate names).
  public func warnings(for name: String) -> [String] { warningsByName[name] ?? [] }

  /// The assets of one directory: its manifest's entries, then its other sticker files by name, then
  /// its subfolders' (named `folder/name`), up to ``maxFolderDepth`` levels and ``maxFiles`` entries.
  private static func scan(
    _ directory: URL, limits: StickerLimits, prefix: String, depth: Int, budget: inout Int
  ) throws(StickerError) -> ([StickerAsset], [String]) {
    var files: [String]
    do {
      files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    } catch {
      throw StickerError(file: directory.path, reason: .unreadable("not a readable directory"))
    }
    var overflow: [String] = []
    if files.count > budget {
      overflow.append(
        "\(directory.path): more than \(maxFiles) entries in the sticker folders; the rest are not read")
      files = Array(files.prefix(max(0, budget)))
    }
    budget -= files.count
    var assets: [StickerAsset] = []
    var warnings: [String] = []
    var listed: Set<String> = []
    let manifestURL = directory.appendingPathComponent("manifest.json")
    if files.contains("manifest.json") {
      do throws(StickerError) {
        let bytes = try StickerFileReader.read(manifestURL, limits: limits)
        let manifest: StickerManifest
        do {
          manifest = try StickerManifest(bytes: bytes, maxDepth: limits.maxJSONDepth)
        } catch {
          throw StickerError(file: manifestURL.path, reason: error)
        }
        for (index, entry) in manifest.stickers.enumerated() {
          let file = entry.file.map { directory.appendingPathComponent($0) } ?? manifestURL
          let name = prefix + (entry.name ?? entry.file.map { stem($0) } ?? "manifest-entry-\(index)")
          if let file = entry.file { listed.insert(file) }
          assets.append(StickerAsset(name: name, file: file, strip: entry.strip, entryError: entry.error))
        }
      } catch {
        warnings.append("\(error) — using the directory's files without it")
      }
    }
    var folders: [URL] = []
    for file in files where file != "manifest.json" && !file.hasPrefix(".") && !listed.contains(file) {
      let url = directory.appendingPathComponent(file)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
        folders.append(url)
        continue
      }
      guard stickerExtensions.contains(url.pathExtension.lowercased()) else { continue }
      assets.append(StickerAsset(name: prefix + stem(file), file: url))
    }
    for folder in folders {
      guard depth < maxFolderDepth else {
        warnings.append("\(folder.path): deeper than \(maxFolderDepth) folders below the sticker directory; not read")
        continue
      }
      do throws(StickerError) {
        let (found, problems) = try scan(
          folder, limits: limits, prefix: prefix + folder.lastPathComponent + "/", depth: depth + 1, budget: &budget)
        assets += found
        warnings += problems
      } catch {
        warnings.append("\(error)")
      }
    }
    return (assets, warnings + overflow)
  }

  /// A file name without its extension.
  private static func stem(_ file: String) -> String {
    let url = URL(fileURLWithPath: file)
    let stem = url.deletingPathExtension().lastPathComponent
    return stem.isEmpty ? file : stem
  }
}
