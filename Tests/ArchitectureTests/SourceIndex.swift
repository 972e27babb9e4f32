import Foundation

/// The members every type in a set of Swift files declares, read at the text level: each `class`,
/// `struct`, `enum`, `actor`, `protocol` and `extension` block, and the `func`s and enum `case`s
/// written directly in it (not those of nested types or local functions), with their argument
/// labels. Extensions merge into their type. No Swift parser: comments and string literals are
/// blanked, then braces are matched.
struct SourceIndex {
  /// One member: its name and its argument labels (`_` for none), as a reference writes them.
  struct Member: Hashable {
    let name: String
    let labels: [String]
    /// For each label, whether its parameter has a default value (a call may leave it out).
    var defaulted: [Bool] = []
    /// `name(label:label:)`.
    var signature: String { "\(name)(\(labels.map { "\($0):" }.joined()))" }

    /// Whether a call spelled with `spelled` labels can reach this member: the same labels in
    /// order, leaving out only parameters with default values.
    func accepts(_ spelled: [String]) -> Bool {
      var remaining = spelled[...]
      for (label, hasDefault) in zip(labels, defaulted + Array(repeating: false, count: labels.count)) {
        if remaining.first == label {
          remaining.removeFirst()
        } else if !hasDefault {
          return false
        }
      }
      return remaining.isEmpty
    }
  }

  /// For each type name (the last component of `extension A.B`), its members.
  private(set) var members: [String: Set<Member>] = [:]
  /// For each type name, the files (relative to the root) that declare or extend it.
  private(set) var files: [String: Set<String>] = [:]

  /// Reads every `.swift` file under `folders` of `root`.
  init(root: URL, folders: [String]) {
    for folder in folders {
      let url = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
      for case let file as URL in walker where file.pathExtension == "swift" {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let path = file.path.replacingOccurrences(of: root.path + "/", with: "")
        add(text, path: path)
      }
    }
  }

  /// An index of one text (for the scanner's own tests).
  init(text: String) { add(text, path: "<text>") }

  /// The members of `type`, `nil` when no file declares or extends it.
  func members(of type: String) -> Set<Member>? { members[type] }

  /// The types that declare a member named `name`, sorted.
  func types(declaring name: String) -> [String] {
    members.filter { $0.value.contains { $0.name == name } }.keys.sorted()
  }

  private mutating func add(_ text: String, path: String) {
    for (type, member) in Self.scan(Self.blanked(text)) {
      files[type, default: []].insert(path)
      if let member { members[type, default: []].insert(member) } else { members[type, default: []].formUnion([]) }
    }
  }

  // MARK: Scanning

  /// `(type, member)` pairs for each member written directly in a type's block, and `(type, nil)`
  /// for each type block.
  static func scan(_ code: String) -> [(String, Member?)] {
    let tokens = code.matches(
      of:
        #/\b(?:(?<kind>class|struct|enum|actor|protocol|extension)\s+(?<type>[A-Za-z_][\w.]*)|func\s+(?<function>[A-Za-z_]\w*)|case\s+(?<case>[a-z_]\w*))|(?<brace>[{}])/#
    )
    var result: [(String, Member?)] = []
    var stack: [String?] = []  // the type of each open brace, `nil` for any other block
    var pending: String?
    for token in tokens {
      let output = token.output
      if let brace = output.brace {
        if brace == "{" {
          stack.append(pending)
          if let pending { result.append((pending, nil)) }
          pending = nil
        } else {
          _ = stack.popLast()
        }
      } else if let type = output.type, let kind = output.kind {
        // `class func`, `class var` are members, not classes.
        guard !(kind == "class" && ["func", "var", "let"].contains(type)) else { continue }
        pending = String(type.split(separator: ".").last ?? type)
      } else if let function = output.function, let owner = stack.last ?? nil {
        let list = parameters(after: token.range.upperBound, in: code)
        result.append(
          (owner, Member(name: String(function), labels: list.map(\.label), defaulted: list.map(\.defaulted))))
      } else if output.case != nil, let owner = stack.last ?? nil {
        // `case a(Int), b`: each case of the list, up to the line's end.
        let line = code[token.range.lowerBound...].prefix { !$0.isNewline }.dropFirst(4)
        for item in topLevelItems(of: line, separator: ",") {
          let item = String(item)
          guard let name = item.firstMatch(of: #/^\s*([a-z_]\w*)/#) else { continue }
          let labels = parameters(after: name.range.upperBound, in: item, caseLabels: true).map(\.label)
          result.append((owner, Member(name: String(name.output.1), labels: labels)))
        }
      }
    }
    return result
  }

  /// The argument labels of the parameter list that follows `start` (past generic parameters):
  /// each parameter's first name, `_` for none. An enum case without a list has none; a case's
  /// unlabelled associated value counts as `_`.
  static func parameters(
    after start: String.Index, in code: String, caseLabels: Bool = false
  ) -> [(label: String, defaulted: Bool)] {
    var index = start
    var angle = 0
    while index < code.endIndex {
      let character = code[index]
      if character == "<" {
        angle += 1
      } else if character == ">" {
        angle -= 1
      } else if character == "(", angle == 0 {
        break
      } else if angle == 0, !character.isWhitespace {
        return []
      }
      index = code.index(after: index)
    }
    guard index < code.endIndex else { return [] }
    var depth = 0
    var end = code.endIndex
    for position in code[index...].indices {
      if "([".contains(code[position]) { depth += 1 }
      if ")]".contains(code[position]) { depth -= 1 }
      if depth == 0 {
        end = position
        break
      }
    }
    let list = code[code.index(after: index)..<end]
    return topLevelItems(of: list, separator: ",").map { parameter in
      // A default value's text may be a blanked string literal: look for `=` only.
      let defaulted = parameter.contains("=")
      let head = parameter.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
      let words = head.split(whereSeparator: \.isWhitespace)
      guard parameter.contains(":"), let first = words.first else { return ("_", defaulted) }
      // A case's associated value `Int` has no label; `name: Int` is labelled `name`.
      if caseLabels, words.count > 1 { return ("_", defaulted) }
      return (String(first), defaulted)
    }
  }

  /// The parts of `text` between `separator`s outside brackets, empty ones left out.
  static func topLevelItems(of text: Substring, separator: Character) -> [Substring] {
    var items: [Substring] = []
    var depth = 0
    var start = text.startIndex
    for index in text.indices {
      let character = text[index]
      if "([<{".contains(character) { depth += 1 }
      if ")]>}".contains(character),
        !(character == ">" && index > text.startIndex && text[text.index(before: index)] == "-")
      {
        depth -= 1
      }
      if depth == 0, character == separator {
        items.append(text[start..<index])
        start = text.index(after: index)
      }
    }
    items.append(text[start...])
    return items.filter { !$0.allSatisfy(\.isWhitespace) }
  }

  /// `text` with comments and string literals (single-line, multi-line, raw) replaced by spaces,
  /// so that braces and keywords in them do not count. Line breaks are kept.
  static func blanked(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    let characters = Array(text)
    var index = 0
    func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
    func blank(_ character: Character) { result.append(character.isNewline ? character : " ") }
    while index < characters.count {
      let character = characters[index]
      if character == "/", at(1) == "/" {
        while index < characters.count, !characters[index].isNewline {
          blank(characters[index])
          index += 1
        }
      } else if character == "/", at(1) == "*" {
        var depth = 0
        repeat {
          if characters[index] == "/", at(1) == "*" { depth += 1 }
          if characters[index] == "*", at(1) == "/" {
            depth -= 1
            blank("*")
            index += 1
          }
          blank(characters[index])
          index += 1
        } while index < characters.count && depth > 0
      } else if character == "\"" || (character == "#" && (at(1) == "\"" || at(1) == "#")) {
        var hashes = 0
        while index < characters.count, characters[index] == "#" {
          hashes += 1
          blank("#")
          index += 1
        }
        guard index < characters.count, characters[index] == "\"" else { continue }
        let multiline = at(1) == "\"" && at(2) == "\""
        let quotes = multiline ? 3 : 1
        for _ in 0..<quotes {
          blank("\"")
          index += 1
        }
        let closing = Array(String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes))
        while index < characters.count {
          if hashes == 0, characters[index] == "\\" {
            blank("\\")
            index += 1
            if index < characters.count { blank(characters[index]) }
            index += 1
            continue
          }
          if !multiline, characters[index].isNewline { break }
          if Array(characters[index..<min(characters.count, index + closing.count)]) == closing {
            for character in closing { blank(character) }
            index += closing.count
            break
          }
          blank(characters[index])
          index += 1
        }
      } else {
        result.append(character)
        index += 1
      }
    }
    return result
  }
}
