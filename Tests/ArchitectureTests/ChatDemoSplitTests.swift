import Foundation
import Testing

/// Keeps `ChatDemoCore` to its jobs (the app, its scenarios, transcript saving): the accessibility
/// tree lives in `ChatAccessibility` (which knows the app in one file only), the command line and its
/// test hooks in the `chat-demo` executable, the benchmark probes in `ReuseBench`.
@Suite struct ChatDemoSplitTests {
  /// The hidden test-hook commands: their flags, and the names of what runs them.
  static let testHookFlags = ["--save-loop", "--store-edit-loop", "--accessibility-serve"]
  static let testHookNames: Set<String> = [
    "saveLoop", "storeEditLoop", "accessibilityServe", "serveAccessibility",
  ]

  /// The one file of `ChatAccessibility` that knows `ChatApp`: its conformance to the host protocol.
  static let hostingFile = "Hosting/ChatApp+ChatAccessibilityHost.swift"

  let manifest: PackageManifest

  init() throws { manifest = try PackageManifest() }

  @Test func chatDemoCoreHasNoAccessibilityFolderAndLinksNoATK() throws {
    let core = try #require(manifest.targets["ChatDemoCore"])
    let folder = manifest.root.appendingPathComponent("\(core.path)/Accessibility")
    #expect(!FileManager.default.fileExists(atPath: folder.path), "\(core.path) has an Accessibility folder")
    let reached = manifest.closure(of: "ChatDemoCore")
    #expect(!reached.contains("CATK") && !reached.contains("ReuseKitATK"), "ChatDemoCore reaches \(reached.sorted())")
    for file in manifest.swiftFiles(of: core) {
      let imports = PackageManifest.imports(in: file.text)
      #expect(imports.isDisjoint(with: ["CATK", "ReuseKitATK", "ATKShim"]), "\(file.path) imports \(imports.sorted())")
    }
    // The tree has a module of its own, above the app: the app never reaches it.
    let accessibility = try #require(manifest.targets["ChatAccessibility"])
    #expect(accessibility.dependencies.contains("ReuseKitATK"))
    #expect(!reached.contains("ChatAccessibility"), "ChatDemoCore reaches ChatAccessibility")
  }

  @Test func onlyTheHostingFileOfChatAccessibilityKnowsTheApp() throws {
    let accessibility = try #require(manifest.targets["ChatAccessibility"])
    let files = manifest.swiftFiles(of: accessibility)
    #expect(files.count >= 5)
    let knowing = files.filter { PackageManifest.imports(in: $0.text).contains("ChatDemoCore") }.map(\.path)
    #expect(knowing == ["\(accessibility.path)/\(Self.hostingFile)"], "files importing ChatDemoCore: \(knowing)")
    // The conformance is written once, there, not copied into each executable that runs the app.
    let conforming = manifest.targets.values.filter { $0.kind != .testTarget }.flatMap { manifest.swiftFiles(of: $0) }
      .filter { $0.text.contains("extension ChatApp: ChatAccessibilityHost") }.map(\.path)
    #expect(conforming == ["\(accessibility.path)/\(Self.hostingFile)"], "conformances: \(conforming)")
  }

  @Test func chatDemoCoreHoldsNoProbe() throws {
    let core = try #require(manifest.targets["ChatDemoCore"])
    let files = manifest.swiftFiles(of: core)
    #expect(files.count >= 20)
    for file in files {
      #expect(!file.path.contains("Probe"), "\(file.path): a benchmark probe in ChatDemoCore")
      for name in PackageManifest.declaredNames(in: file.text) {
        #expect(!name.contains("Probe"), "\(file.path) declares \(name)")
      }
    }
    let bench = try #require(manifest.targets["ReuseBench"])
    let names = manifest.swiftFiles(of: bench).flatMap { PackageManifest.declaredNames(in: $0.text) }
    #expect(names.contains("KeystrokeProbe") && names.contains("IdleProbe"), "the probes are in ReuseBench")
  }

  @Test func chatDemoCoreHasNoTestHookCommand() throws {
    let core = try #require(manifest.targets["ChatDemoCore"])
    for file in manifest.swiftFiles(of: core) {
      let declared = Set(PackageManifest.declaredNames(in: file.text))
      #expect(declared.isDisjoint(with: Self.testHookNames), "\(file.path) declares a test hook")
      for flag in Self.testHookFlags {
        #expect(!file.text.contains("\"\(flag)\""), "\(file.path) parses \(flag)")
      }
    }
    // The scan finds the hooks where they live: the executable.
    let executable = try #require(manifest.targets["ChatDemo"])
    let files = manifest.swiftFiles(of: executable)
    let declared = Set(files.flatMap { PackageManifest.declaredNames(in: $0.text) })
    #expect(declared.isSuperset(of: ["saveLoop", "storeEditLoop", "serveAccessibility"]))
    for flag in Self.testHookFlags {
      #expect(files.contains { $0.text.contains("\"\(flag)\"") }, "chat-demo does not parse \(flag)")
    }
  }
}
