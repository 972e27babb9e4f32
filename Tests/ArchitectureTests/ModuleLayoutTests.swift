import Foundation
import Testing

/// Keeps the module layout of `ARCHITECTURE.md`: which layers are pure, where benchmark and test
/// code may live, and that test targets depend only on what they use.
@Suite struct ModuleLayoutTests {
  /// Modules that must stay pure Swift: no C module, no SDL, directly or transitively.
  static let pureModules = [
    "ReuseKitSupport", "Instrumentation", "TextEngine", "AnimationRuntime", "ChatModel", "ReuseKit", "StickerWire",
    "CommandLineSupport", "ScenarioVocabulary",
  ]
  /// Imports a pure module may have besides other pure modules.
  static let systemImports: Set<String> = ["Foundation", "Synchronization", "Dispatch"]
  /// Targets allowed to hold benchmark code.
  static let benchmarkTargets: Set<String> = ["ReuseBench"]
  /// The test-author product: a library for users' test targets, so it may import Swift Testing
  /// (it still holds no benchmark or golden-image tooling).
  static let testAuthorTargets: Set<String> = ["ReuseKitTesting"]

  let manifest: PackageManifest

  init() throws { manifest = try PackageManifest() }

  @Test(arguments: pureModules) func pureModuleDependsOnNoCModuleOrSDL(name: String) throws {
    let target = try #require(manifest.targets[name], "\(name) is not declared in Package.swift")
    let reached = manifest.closure(of: name)
    #expect(
      reached.isDisjoint(with: manifest.cModules),
      "\(name) reaches C modules \(reached.intersection(manifest.cModules).sorted())")
    let impure = reached.subtracting(Self.pureModules)
    #expect(impure.isEmpty, "\(name) depends on non-pure modules \(impure.sorted())")
    #expect(target.kind == .target)
  }

  @Test(arguments: pureModules) func pureModuleImportsNoCModuleOrSDL(name: String) throws {
    let target = try #require(manifest.targets[name])
    let allowed = Self.systemImports.union(Self.pureModules)
    let files = manifest.swiftFiles(of: target)
    #expect(!files.isEmpty, "no sources found for \(name) at \(target.path)")
    for file in files {
      let forbidden = PackageManifest.imports(in: file.text).subtracting(allowed)
      #expect(forbidden.isEmpty, "\(file.path) imports \(forbidden.sorted())")
    }
  }

  /// Modules that link no SDL: the chat model and the history, which tools and servers use without a window.
  static let sdlFreeModules = ["ChatModel", "ChatStore"]

  @Test(arguments: sdlFreeModules) func moduleReachesNoSDLModule(name: String) throws {
    let target = try #require(manifest.targets[name], "\(name) is not declared in Package.swift")
    let sdl = manifest.sdlModules
    // The check means something only if it knows the modules that do link SDL.
    #expect(sdl.isSuperset(of: ["CSDL2", "SDLSupport", "Stickers", "ReuseKitSDL", "ChatKit", "ChatDemoCore"]))
    let reached = manifest.closure(of: name)
    #expect(reached.isDisjoint(with: sdl), "\(name) reaches SDL through \(reached.intersection(sdl).sorted())")
    // No file imports a module the manifest does not show, which could bring SDL in unseen.
    let allowed = Self.systemImports.union(target.dependencies)
    for file in manifest.swiftFiles(of: target) {
      let other = PackageManifest.imports(in: file.text).subtracting(allowed)
      #expect(other.isEmpty, "\(file.path) imports \(other.sorted()), which \(name) does not depend on")
    }
  }

  /// Modules that never read a clock themselves: time comes from an injected `AnimationClock`, and
  /// timing work (a benchmark's stopwatch) has no place in them.
  static let clockFreeModules = pureModules + ["TextAnalysis", "Stickers", "ReuseKitSDL", "ChatKit", "ChatStore"]

  @Test(arguments: clockFreeModules) func moduleReadsNoClockOfItsOwn(name: String) throws {
    let target = try #require(manifest.targets[name])
    let clocks =
      #/\bDate\((?:timeIntervalSinceNow:|\))|\bDate\.now\b|\bContinuousClock\b|\bSuspendingClock\b|\bclock_gettime\b|\bgettimeofday\b|\bDispatchTime\b|\bDispatchWallTime\b|\bmach_absolute_time\b|\bCFAbsoluteTimeGetCurrent\b|\bgetrusage\b|\bsystemUptime\b|\bSDL_GetTicks(?:64)?\b|\bSDL_GetPerformanceCounter\b/#
    for file in manifest.swiftFiles(of: target) {
      let uses = PackageManifest.code(of: file.text).matches(of: clocks).map { String($0.output) }
      #expect(uses.isEmpty, "\(file.path) reads a clock: \(uses)")
    }
  }

  /// The tests of the pure engine and of the chat model run without any C library, so they prove
  /// those modules work on their own.
  @Test(arguments: ["TextEngineTests", "ChatModelTests"]) func pureTestsLinkNoCLibrary(name: String) throws {
    let reached = manifest.closure(of: name)
    #expect(!reached.isEmpty)
    #expect(
      reached.isDisjoint(with: manifest.cModules),
      "\(name) links \(reached.intersection(manifest.cModules).sorted())")
  }

  @Test func libraryTargetsHoldNoBenchmarkOrTestCode() throws {
    let libraries = manifest.targets.values.filter {
      ($0.kind == .target || $0.kind == .executableTarget) && !$0.path.hasPrefix("Tests/")
        && !Self.benchmarkTargets.contains($0.name)
    }
    #expect(libraries.count >= 8)
    let testImports: Set<String> = ["Testing", "XCTest"]
    let benchmarkNames = #/(?i)bench|stopwatch|sampler|golden|imagecompar/#
    for library in libraries {
      for file in manifest.swiftFiles(of: library) {
        let imports = PackageManifest.imports(in: file.text)
        if !Self.testAuthorTargets.contains(library.name) {
          #expect(imports.isDisjoint(with: testImports), "\(file.path) imports a test framework")
        }
        #expect(file.path.firstMatch(of: benchmarkNames) == nil, "\(file.path): benchmark or test tooling in a library")
        for name in PackageManifest.declaredNames(in: file.text) {
          #expect(name.firstMatch(of: benchmarkNames) == nil, "\(file.path) declares \(name)")
        }
      }
    }
  }

  @Test func everyTargetImportsEachModuleItDependsOn() throws {
    // C targets (ICUBridge) have no Swift files to import anything from.
    let swiftTargets = manifest.targets.values.filter {
      $0.kind != .systemLibrary && !manifest.swiftFiles(of: $0).isEmpty
    }
    #expect(swiftTargets.count >= 18)
    for target in swiftTargets {
      let imported = manifest.swiftFiles(of: target).reduce(into: Set<String>()) {
        $0.formUnion(PackageManifest.imports(in: $1.text))
      }
      let unused = Set(target.dependencies).subtracting(imported)
      #expect(unused.isEmpty, "\(target.name) depends on \(unused.sorted()) without importing them")
    }
  }

  @Test func theScannersSeeEveryImportAndDeclarationForm() {
    let source = """
      @preconcurrency private import CSDL2
      fileprivate import struct Foundation.Date
      @testable import TextEngine
      final public class KeystrokeBenchmark {}
      private struct GoldenFrame {}
      actor Sampler {}
      extension Thing { package func stopwatchStart() {} }
      class Timer { class func benchmarkAll() {} }
      // struct Commented {}
      let label = "struct InAString"  // func inAComment
          import NotAnImport
      """
    #expect(PackageManifest.imports(in: source) == ["CSDL2", "Foundation", "TextEngine"])
    #expect(
      PackageManifest.declaredNames(in: source) == [
        "KeystrokeBenchmark", "GoldenFrame", "Sampler", "stopwatchStart", "Timer", "benchmarkAll",
      ])
    #expect(
      PackageManifest.code(of: "let a = makeDate() // Date()\nlet b = \"Date()\"") == "let a = makeDate() \nlet b = ")
  }

  /// A C module may come in without pkg-config (the SDL modules do, see their shims), so the manifest
  /// is where its Debian packages are named: every module that links a library names them, and
  /// `make deps` installs each, so a fresh machine finds its headers and libraries after it.
  @Test func everyCModuleThatLinksALibraryNamesAptPackagesMakeDepsInstalls() throws {
    let installed = try manifest.makeDepsPackages()
    #expect(installed.contains("libsdl2-dev"), "the Makefile's APT_PACKAGES list was not read")
    var linking = 0
    for name in manifest.cModules.sorted() {
      let target = try #require(manifest.targets[name])
      guard try !manifest.linkedLibraries(of: target).isEmpty else { continue }
      linking += 1
      #expect(!target.aptPackages.isEmpty, "\(name) links a library but names no .apt provider")
      let missing = Set(target.aptPackages).subtracting(installed)
      #expect(missing.isEmpty, "\(name)'s apt packages \(missing.sorted()) are not in the Makefile's APT_PACKAGES")
    }
    #expect(linking >= 13)
  }

  @Test func everyLibraryHasADocCLandingPage() throws {
    let libraries = manifest.targets.values.filter {
      $0.kind == .target && $0.path.hasPrefix("Sources/") && !manifest.swiftFiles(of: $0).isEmpty
    }
    #expect(!libraries.isEmpty)
    for library in libraries {
      let page = manifest.root.appendingPathComponent("\(library.path)/\(library.name).docc/\(library.name).md")
      #expect(FileManager.default.fileExists(atPath: page.path), "\(library.name) has no \(page.lastPathComponent)")
    }
  }
}
