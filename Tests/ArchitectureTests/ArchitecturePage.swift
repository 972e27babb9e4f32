import Foundation

/// `ARCHITECTURE.md` read as data: its module tables, the edges of its diagram, and the functions
/// its walks name, so that tests can hold the page to `Package.swift` and the sources.
struct ArchitecturePage {
  /// One row of the module table: a module and the direct dependencies the page gives it.
  struct ModuleRow: Equatable {
    let module: String
    let dependencies: [String]
  }

  /// The page's text.
  let text: String

  /// Reads `ARCHITECTURE.md` at the package root.
  init(root: URL) throws {
    text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
  }

  /// A page with the given text (for the scanners' own tests).
  init(text: String) { self.text = text }

  // MARK: Tables

  /// The body rows of the first table whose header row starts with the cell `firstHeader`, as
  /// trimmed cells, with the header's cells; `nil` when there is no such table.
  func table(startingWith firstHeader: String) -> (header: [String], rows: [[String]])? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard
      let start = lines.firstIndex(where: {
        $0.hasPrefix("|") && Self.cells(of: $0).first == firstHeader
      })
    else { return nil }
    var rows: [[String]] = []
    var index = start + 2  // past the header and the |---| row
    while index < lines.count, lines[index].hasPrefix("|") {
      rows.append(Self.cells(of: lines[index]))
      index += 1
    }
    return (Self.cells(of: lines[start]), rows)
  }

  /// The cells of a table row `| a | b |`, trimmed.
  static func cells(of line: String) -> [String] {
    var parts = line.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    if parts.first == "" { parts.removeFirst() }
    if parts.last == "" { parts.removeLast() }
    return parts
  }

  /// The names a cell lists: `—` for none, else backticked names separated by commas. Anything else
  /// in the cell is a format error.
  static func names(inListCell cell: String) -> Result<[String], FormatError> {
    if cell == "—" { return .success([]) }
    var names: [String] = []
    for item in cell.split(separator: ",", omittingEmptySubsequences: false) {
      let item = item.trimmingCharacters(in: .whitespaces)
      guard let match = item.wholeMatch(of: #/`(\w+)`/#) else {
        return .failure(FormatError(message: "\"\(cell)\": expected `Module`, `Module` or —"))
      }
      names.append(String(match.output.1))
    }
    return .success(names)
  }

  /// A cell that breaks the machine-readable format.
  struct FormatError: Error, Equatable {
    let message: String
  }

  /// The module table: the table headed `| module | its one job | depends on |`.
  func moduleRows() -> Result<[ModuleRow], FormatError> {
    guard let (header, rows) = table(startingWith: "module") else {
      return .failure(FormatError(message: "no table headed \"| module | … | depends on |\""))
    }
    guard let column = header.firstIndex(of: "depends on") else {
      return .failure(FormatError(message: "the module table has no \"depends on\" column"))
    }
    var result: [ModuleRow] = []
    for row in rows {
      guard row.count == header.count, let module = row[0].wholeMatch(of: #/`(\w+)`/#) else {
        return .failure(FormatError(message: "row \(row): expected \(header.count) cells, the first `Module`"))
      }
      switch Self.names(inListCell: row[column]) {
      case .success(let dependencies):
        result.append(ModuleRow(module: String(module.output.1), dependencies: dependencies))
      case .failure(let error):
        return .failure(FormatError(message: "`\(module.output.1)`: \(error.message)"))
      }
    }
    return .success(result)
  }

  /// The C modules of the table headed `| C module | library |`.
  func cModuleNames() -> [String] {
    (table(startingWith: "C module")?.rows ?? []).compactMap { row in
      row.first?.wholeMatch(of: #/`(\w+)`/#).map { String($0.output.1) }
    }
  }

  /// Where the page disagrees with `manifest`: modules missing from the table or not in the
  /// package, dependencies that differ, C modules missing or extra. Empty when they agree.
  func differences(from manifest: PackageManifest) -> [String] {
    let rows: [ModuleRow]
    switch moduleRows() {
    case .success(let value): rows = value
    case .failure(let error): return [error.message]
    }
    var differences: [String] = []
    let expected = Set(
      manifest.targets.values.filter { $0.kind != .testTarget && $0.kind != .systemLibrary }.map(\.name))
    var seen: Set<String> = []
    for row in rows {
      guard seen.insert(row.module).inserted else {
        differences.append("`\(row.module)` has two rows")
        continue
      }
      guard let target = manifest.targets[row.module], expected.contains(row.module) else {
        differences.append("`\(row.module)` is in the table but is not a module of Package.swift")
        continue
      }
      if Set(row.dependencies).count != row.dependencies.count {
        differences.append("`\(row.module)` lists a dependency twice")
      }
      let missing = Set(target.dependencies).subtracting(row.dependencies).sorted()
      let extra = Set(row.dependencies).subtracting(target.dependencies).sorted()
      if !missing.isEmpty {
        differences.append("`\(row.module)` depends on \(missing) in Package.swift, not in the table")
      }
      if !extra.isEmpty { differences.append("`\(row.module)` depends on \(extra) in the table, not in Package.swift") }
    }
    for module in expected.subtracting(seen).sorted() {
      differences.append("`\(module)` is a module of Package.swift missing from the table")
    }
    let cModules = cModuleNames()
    for module in manifest.cModules.subtracting(cModules).sorted() {
      differences.append("C module `\(module)` is missing from the C module table")
    }
    for module in Set(cModules).subtracting(manifest.cModules).sorted() {
      differences.append("`\(module)` is in the C module table but is no system library of Package.swift")
    }
    return differences
  }

  // MARK: The diagram

  /// The nodes and edges of the first `mermaid` block: node ids (labels dropped) and
  /// `from --> to` pairs, each `A & B` expanded.
  func diagram() -> (nodes: Set<String>, edges: [(from: String, to: String)]) {
    guard let start = text.range(of: "```mermaid\n"),
      let end = text.range(of: "```", range: start.upperBound..<text.endIndex)
    else { return ([], []) }
    var nodes: Set<String> = []
    var edges: [(String, String)] = []
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
      let plain = line.replacing(#/\[[^\]]*\]/#, with: "").trimmingCharacters(in: .whitespaces)
      guard !plain.isEmpty, plain != "flowchart BT" else { continue }
      let sides = plain.components(separatedBy: "-->").map { side in
        side.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) }
      }
      for side in sides { nodes.formUnion(side) }
      for (left, right) in zip(sides, sides.dropFirst()) {
        for from in left { for to in right { edges.append((from, to)) } }
      }
    }
    return (nodes, edges)
  }

  // MARK: The walks

  /// The functions the walks (from `## One keystroke` on) name in code spans as `name(…)`:
  /// lower-case names followed by `(`, except `init` and the enum cases written `.name(…)`.
  func walkFunctionNames() -> [String] {
    guard let start = text.range(of: "## One keystroke") else { return [] }
    return Self.functionNames(inCodeSpansOf: String(text[start.lowerBound...]))
  }

  /// The function names in the code spans of `text` (see ``walkFunctionNames()``).
  static func functionNames(inCodeSpansOf text: String) -> [String] {
    var names: [String] = []
    for span in text.matches(of: #/`([^`\n]+)`/#) {
      let code = String(span.output.1)
      for call in code.matches(of: #/([A-Za-z_]\w*)\s*\(/#) {
        let name = String(call.output.1)
        guard let first = name.first, first.isLowercase, name != "init" else { continue }
        // `.name(` with no receiver before the dot is an enum case, not a call.
        let before = code[..<call.range.lowerBound]
        if before.last == ".",
          !(before.dropLast().last.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ")" } ?? false)
        {
          continue
        }
        names.append(name)
      }
    }
    return names
  }

  // MARK: Qualified references

  /// A `Type.method(…)` the page names in a code span.
  struct QualifiedReference: Hashable {
    let type: String
    let method: String
    /// The argument labels when the reference spells them (`route(_:)` → `["_"]`, `run()` → `[]`),
    /// `nil` when its parentheses hold something else (`(&event)`, `(…)`).
    let labels: [String]?
    /// The page's line, counted from 1.
    let line: Int

    /// How the page writes it.
    var spelled: String {
      "\(type).\(method)(\(labels.map { $0.map { "\($0):" }.joined() } ?? "…"))"
    }
  }

  /// Every `Type.method(…)` in the page's code spans, in order: an upper-case type, a dot, a
  /// lower-case name and `(`; initializers (`Type.init(…)`) aside.
  func qualifiedReferences() -> [QualifiedReference] {
    var references: [QualifiedReference] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for span in line.matches(of: #/`([^`]+)`/#) {
        for call in span.output.1.matches(of: #/\b([A-Z]\w*)\.([a-z_]\w*)\??\(([^()]*)\)?/#) {
          let (type, method, inside) = (String(call.output.1), String(call.output.2), String(call.output.3))
          guard method != "init" else { continue }
          let labels: [String]? =
            inside.wholeMatch(of: #/(?:\w+:)*/#) != nil ? inside.split(separator: ":").map(String.init) : nil
          references.append(QualifiedReference(type: type, method: method, labels: labels, line: number + 1))
        }
      }
    }
    return references
  }
}
