import Foundation
import Testing

/// Keeps the sandbox in the sticker worker: the app decodes stickers through `sticker-worker`
/// processes and links none of the worker's seccomp code.
@Suite struct SandboxLayoutTests {
  /// The C module of libseccomp, which only the worker may link.
  static let sandboxModule = "CSeccomp"
  /// The app's targets: the executable, the app, and every library they reach.
  static let appRoots = ["ChatDemo", "ChatDemoCore"]
  /// The targets that may reach libseccomp: the worker and its tests.
  static let workerTargets: Set<String> = ["StickerWorker", "StickerWorkerTests"]

  let manifest: PackageManifest

  init() throws { manifest = try PackageManifest() }

  @Test(arguments: appRoots) func noTargetTheAppReachesLinksSeccomp(name: String) throws {
    #expect(manifest.targets[name] != nil, "\(name) is not declared in Package.swift")
    let reached = manifest.closure(of: name)
    // The check means something only if the app does reach the sticker code.
    #expect(reached.isSuperset(of: ["Stickers", "StickerWire", "ChatKit"]))
    #expect(!reached.contains(Self.sandboxModule), "\(name) reaches \(Self.sandboxModule)")
    for target in reached where manifest.targets[target]?.kind != .systemLibrary {
      #expect(
        !manifest.closure(of: target).contains(Self.sandboxModule), "\(target), which \(name) uses, links libseccomp")
    }
  }

  @Test func onlyTheWorkerLinksSeccomp() {
    let linking = Set(manifest.targets.keys.filter { manifest.closure(of: $0).contains(Self.sandboxModule) })
    #expect(linking.contains("StickerWorker"), "the worker must still be sandboxed")
    #expect(
      linking.isSubset(of: Self.workerTargets), "\(linking.subtracting(Self.workerTargets).sorted()) link libseccomp")
  }

  @Test func theStickersModuleHoldsNoSandboxCode() throws {
    let target = try #require(manifest.targets["Stickers"])
    let folder = manifest.root.appendingPathComponent(target.path)
    let walker = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    var checked = 0
    for case let url as URL in walker where ["swift", "md", "h", "modulemap"].contains(url.pathExtension) {
      let text = try String(contentsOf: url, encoding: .utf8)
      let relative = String(url.path.dropFirst(manifest.root.path.count + 1))
      #expect(!PackageManifest.imports(in: text).contains(Self.sandboxModule), "\(relative) imports CSeccomp")
      #expect(text.range(of: "seccomp", options: .caseInsensitive) == nil, "\(relative) mentions seccomp")
      checked += 1
    }
    #expect(checked > 30, "only \(checked) files of Stickers were read")
  }
}
