import Foundation

/// The targets `Package.swift` declares, read from its text (the manifest is the source of truth).
struct PackageManifest {
  /// One declared target.
  struct Target {
    enum Kind: String {
      case target, testTarget, executableTarget, systemLibrary
    }

    let name: String
    let kind: Kind
    let dependencies: [String]
    /// The folder relative to the package root.
    let path: String
    /// The Debian packages a system library names in `providers: [.apt([...])]`.
    let aptPackages: [String]
  }

  /// The package root (the folder holding `Package.swift`).
  let root: URL
  /// Targets by name.
  let targets: [String: Target]

  /// Reads the manifest two folders above this file.
  init(filePath: String = #filePath) throws {
    root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var targets: [String: Target] = [:]
    let pattern = #/\.(target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*"(\w+)"/#
    let starts = text.matches(of: pattern)
    for (index, match) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
      let body = text[match.range.upperBound..<end]
      let kind = Target.Kind(rawValue: String(match.output.1))!
      let name = String(match.output.2)
      var dependencies: [String] = []
      if let list = body.firstMatch(of: #/dependencies:\s*\[([^\]]*)\]/#) {
        dependencies = list.output.1.matches(of: #/"(\w+)"/#).map { String($0.output.1) }
      }
      let explicitPath = body.firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.output.1) }
      let aptPackages =
        body.firstMatch(of: #/\.apt\(\s*\[([^\]]*)\]/#).map { list in
          list.output.1.matches(of: #/"([^"]+)"/#).map { String($0.output.1) }
        } ?? []
      let defaultFolder = kind == .testTarget ? "Tests" : "Sources"
      targets[name] = Target(
        name: name, kind: kind, dependencies: dependencies, path: explicitPath ?? "\(defaultFolder)/\(name)",
        aptPackages: aptPackages)
    }
    self.targets = targets
  }

  /// The C modules: every `systemLibrary` target.
  var cModules: Set<String> { Set(targets.values.filter { $0.kind == .systemLibrary }.map(\.name)) }

  /// The libraries a C module's module map links (its `link "name"` lines).
  func linkedLibraries(of target: Target) throws -> [String] {
    let moduleMap = root.appendingPathComponent("\(target.path)/module.modulemap")
    let text = try String(contentsOf: moduleMap, encoding: .utf8)
    return text.matches(of: #/(?m)^\s*link\s+"([^"]+)"/#).map { String($0.output.1) }
  }

  /// The Debian packages `make deps` installs: the Makefile's `APT_PACKAGES` list.
  func makeDepsPackages() throws -> Set<String> {
    let text = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
    guard let list = text.firstMatch(of: #/(?m)^APT_PACKAGES\s*:=((?:[^\n]*\\\n)*[^\n]*)/#) else { return [] }
    return Set(list.output.1.split(whereSeparator: { $0 == " " || $0 == "\\" || $0 == "\n" }).map(String.init))
  }

  /// The targets that link SDL: the SDL C modules (`CSDL2`, `CSDL2TTF`, `CSDL2Image`) and every
  /// target that reaches one, directly or through others.
  var sdlModules: Set<String> {
    let sdlLibraries = cModules.filter { $0.hasPrefix("CSDL") }
    return sdlLibraries.union(targets.keys.filter { !closure(of: $0).isDisjoint(with: sdlLibraries) })
  }

  /// Every target `name` depends on, directly or through others.
  func closure(of name: String) -> Set<String> {
    var seen: Set<String> = []
    var stack = targets[name]?.dependencies ?? []
    while let next = stack.popLast() {
      guard seen.insert(next).inserted else { continue }
      stack += targets[next]?.dependencies ?? []
    }
    return seen
  }

  /// The Swift files of `target`, with their paths relative to the package root.
  func swiftFiles(of target: Target) -> [(path: String, text: String)] {
    let folder = root.appendingPathComponent(target.path)
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    var files: [(String, String)] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      let relative = String(url.path.dropFirst(root.path.count + 1))
      files.append((relative, (try? String(contentsOf: url, encoding: .utf8)) ?? ""))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// The modules a file imports (`import X`, `@testable import X`, `private import struct X.Y` …).
  ///
  /// Only lines that start with the import (or its attributes) count, as the formatter writes them:
  /// import-like text indented inside a string literal is not an import.
  static func imports(in text: String) -> Set<String> {
    let pattern =
      #/(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?(\w+)/#
    return Set(text.matches(of: pattern).map { String($0.output.1) })
  }

  /// The file's code without comments and string literals, line by line (a simple scan: enough
  /// for the layout checks, which look for names and calls).
  static func code(of text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      var kept = ""
      var inString = false
      var previous: Character = " "
      for character in line {
        if !inString, character == "/", previous == "/" {
          kept.removeLast()
          break
        }
        if character == "\"", previous != "\\" {
          inString.toggle()
        } else if !inString {
          kept.append(character)
        }
        previous = character
      }
      return kept
    }.joined(separator: "\n")
  }

  /// The names a file declares: types, functions and type aliases, whatever their modifiers.
  static func declaredNames(in text: String) -> [String] {
    let declarations = code(of: text).split(separator: "\n").filter { imports(in: String($0)).isEmpty }
      .joined(separator: "\n")
    return declarations.matches(
      of: #/\b(?:class|struct|enum|protocol|actor|func|typealias)\s+(?!(?:func|var|let|class|struct)\b)(\w+)/#
    ).map { String($0.output.1) }
  }
}
