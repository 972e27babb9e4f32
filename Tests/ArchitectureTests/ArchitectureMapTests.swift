import Foundation
import Testing

/// Keeps `ARCHITECTURE.md` true: its module tables are `Package.swift`'s, its diagram draws only
/// real dependencies, every `Type.method(…)` it names is declared on that type (with those argument
/// labels), and every bare function its walks name exists.
@Suite struct ArchitectureMapTests {
  let manifest: PackageManifest
  let page: ArchitecturePage

  init() throws {
    manifest = try PackageManifest()
    page = try ArchitecturePage(root: manifest.root)
  }

  @Test func moduleTableMatchesThePackage() throws {
    let rows = try page.moduleRows().get()
    #expect(rows.count >= 15, "the module table has only \(rows.count) rows")
    let differences = page.differences(from: manifest)
    #expect(
      differences.isEmpty, "ARCHITECTURE.md disagrees with Package.swift:\n\(differences.joined(separator: "\n"))")
  }

  @Test func theTableCheckSeesEveryKindOfDisagreement() throws {
    // The real page, changed in four ways: each change must be reported.
    var text = page.text
    let row = try #require(text.firstMatch(of: #/\| `ChatStore` \|[^\n]*\n/#))
    text.removeSubrange(row.range)
    text = text.replacing(
      "| `Instrumentation`, `ReuseKitSupport`, `AnimationRuntime` |", with: "| `Instrumentation`, `AnimationRuntime` |",
      maxReplacements: 1)
    text = text.replacing(
      "| `ReuseKitSupport` |\n| `ChatModel`", with: "| `ReuseKitSupport`, `CSDL2` |\n| `ChatModel`", maxReplacements: 1)
    text = text.replacing("| `CSQLite` | SQLite", with: "| `CSQLite3` | SQLite", maxReplacements: 1)
    let differences = ArchitecturePage(text: text).differences(from: manifest)
    let expected = [
      "`TextEngine` depends on [\"ReuseKitSupport\"] in Package.swift, not in the table",
      "`AnimationRuntime` depends on [\"CSDL2\"] in the table, not in Package.swift",
      "`ChatStore` is a module of Package.swift missing from the table",
      "C module `CSQLite` is missing from the C module table",
      "`CSQLite3` is in the C module table but is no system library of Package.swift",
    ]
    for message in expected {
      #expect(differences.contains(message), "not reported: \(message); got \(differences)")
    }
    #expect(differences.count == expected.count, "\(differences)")
  }

  @Test func theListCellFormatIsStrict() {
    #expect(ArchitecturePage.names(inListCell: "`A`, `B`") == .success(["A", "B"]))
    #expect(ArchitecturePage.names(inListCell: "—") == .success([]))
    for bad in ["A, `B`", "`A` and below", "", "`A`,"] {
      #expect(throws: ArchitecturePage.FormatError.self) { try ArchitecturePage.names(inListCell: bad).get() }
    }
  }

  @Test func theDiagramDrawsEveryModuleAndOnlyRealDependencies() throws {
    let (nodes, edges) = page.diagram()
    #expect(edges.count >= 15, "the diagram has only \(edges.count) edges")
    let modules = try page.moduleRows().get().map(\.module)
    let missing = Set(modules).subtracting(nodes)
    #expect(missing.isEmpty, "the diagram does not draw \(missing.sorted())")
    for (from, to) in edges {
      let reached = manifest.closure(of: from)
      #expect(manifest.targets[from] != nil, "the diagram draws \(from), which is no target")
      if manifest.targets[to] != nil {
        #expect(reached.contains(to), "the diagram draws \(from) → \(to), which Package.swift does not have")
      } else {
        // A node that is no target stands for C libraries.
        #expect(!reached.isDisjoint(with: manifest.cModules), "\(from) → \(to): \(from) reaches no C module")
      }
    }
  }

  @Test func everyFunctionTheWalksNameExists() throws {
    let named = page.walkFunctionNames()
    #expect(named.count >= 40, "the walks name only \(named.count) functions")
    let declared = declaredFunctions()
    #expect(declared.count > 500)
    let missing = Set(named).subtracting(declared).sorted()
    #expect(missing.isEmpty, "ARCHITECTURE.md names functions no file in Sources/ or Demo/ declares: \(missing)")
  }

  @Test func theWalkScannerSkipsTypesCasesAndCFunctions() {
    let text = """
      `ChatApp.run()` calls `SDL_PollEvent(&event)`, then `.key(.character("a"), [])` and
      `TextInputEvent.init?(_ event: SDL_Event)` → `layOut(_:replacing:)` → `drawFrame()`, not `drawBubble`;
      `a.b(c).d(e:)` and `(x.y)(z)`.
      """
    #expect(ArchitecturePage.functionNames(inCodeSpansOf: text) == ["run", "layOut", "drawFrame", "b", "d"])
  }

  @Test func everyQualifiedMethodIsDeclaredOnItsType() throws {
    let references = page.qualifiedReferences()
    #expect(references.count >= 60, "the page names only \(references.count) `Type.method(…)`s")
    let index = SourceIndex(root: manifest.root, folders: ["Sources", "Demo"])
    let problems = Self.problems(with: references, in: index)
    #expect(
      problems.isEmpty,
      """
      ARCHITECTURE.md names \(problems.count) method(s) that are not declared on the type it gives \
      (a `func` or enum `case` written directly in a `class`/`struct`/`enum`/`actor`/`protocol`/`extension` \
      block of that type in Sources/ or Demo/):
      \(problems.joined(separator: "\n"))
      """)
  }

  @Test func theQualifiedCheckReportsAWrongTypeAWrongNameAndWrongLabels() {
    let index = SourceIndex(
      text: """
        struct Storage { func other() {} }
        final class Manager {
          struct Nested { func replace(in range: Int) {} }
          func local() { func replace(in range: Int) {} }
          // func replace(in range: Int) in a comment
          let text = "func replace(in range: Int) {"
        }
        extension Manager {
          func replace(in range: Int, with text: String) -> Int { 0 }
          func run(quitAfter: Double? = nil, then: (Int) -> Void = { _ in }) {}
        }
        enum Event { case key(Int, modifiers: Int), quit }
        """)
    let page = ArchitecturePage(
      text: """
        `Manager.replace(in:with:)` `Event.key(_:modifiers:)` `Event.quit()`
        `Storage.replace(in:with:)` `Manager.replace(in:)` `Missing.run()` `Manager.drawCaret()`
        `Manager.replace(…)` `Nested.replace(in:)` `Manager.run()` `Manager.run(quitAfter:)` `Manager.run(then:)`
        """)
    let problems = Self.problems(with: page.qualifiedReferences(), in: index)
    #expect(
      problems == [
        "line 2: `Storage.replace(in:with:)`: `Storage` (<text>) has no `replace`; `replace` is declared on Manager, Nested",
        "line 2: `Manager.replace(in:)`: `Manager` declares `replace(in:with:)`, not `replace(in:)`",
        "line 2: `Missing.run()`: no type `Missing` is declared or extended in Sources/ or Demo/",
        "line 2: `Manager.drawCaret()`: `Manager` (<text>) has no `drawCaret`, nor does any other type",
      ], "\(problems)")
  }

  /// What is wrong with each reference: an unknown type, a method the type lacks, or labels that
  /// match none of its overloads.
  static func problems(with references: [ArchitecturePage.QualifiedReference], in index: SourceIndex) -> [String] {
    var problems: [String] = []
    for reference in references {
      let prefix = "line \(reference.line): `\(reference.spelled)`"
      guard let members = index.members(of: reference.type) else {
        problems.append("\(prefix): no type `\(reference.type)` is declared or extended in Sources/ or Demo/")
        continue
      }
      let named = members.filter { $0.name == reference.method }
      guard !named.isEmpty else {
        let files = index.files[reference.type, default: []].sorted().joined(separator: ", ")
        let others = index.types(declaring: reference.method)
        let hint =
          others.isEmpty
          ? ", nor does any other type" : "; `\(reference.method)` is declared on \(others.joined(separator: ", "))"
        problems.append("\(prefix): `\(reference.type)` (\(files)) has no `\(reference.method)`\(hint)")
        continue
      }
      if let labels = reference.labels, !named.contains(where: { $0.accepts(labels) }) {
        let declared = named.map(\.signature).sorted().joined(separator: ", ")
        problems.append(
          "\(prefix): `\(reference.type)` declares `\(declared)`, not `\(reference.method)(\(labels.map { "\($0):" }.joined()))`"
        )
      }
    }
    return problems
  }

  /// Every `func` name declared in `Sources/` and `Demo/`.
  private func declaredFunctions() -> Set<String> {
    var names: Set<String> = []
    for folder in ["Sources", "Demo"] {
      let url = manifest.root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
      for case let file as URL in walker where file.pathExtension == "swift" {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        for match in PackageManifest.code(of: text).matches(of: #/\bfunc\s+(\w+)/#) {
          names.insert(String(match.output.1))
        }
      }
    }
    return names
  }
}
