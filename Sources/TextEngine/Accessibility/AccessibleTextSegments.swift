/// Character, word, sentence and paragraph units of a text, in scalar offsets, as AT-SPI's
/// granularities take them: a unit runs from its start to the next unit's start.
///
/// Words start at a word character (``WordCharacterClass``, as double-click selection takes words)
/// after anything else, and at each change between Han, kana and other letters, which a text
/// without spaces between words has; sentences start at the text's
/// start and after a terminal mark (`.`, `!`, `?`, `。`, `！`, `？`, `؟`) and the spaces after it.
struct AccessibleTextSegments {
  private let characters: [Character]
  /// The scalar offset of each character's start, and the text's scalar count last.
  private let starts: [Int]

  init(_ string: String) {
    characters = Array(string)
    var starts: [Int] = []
    starts.reserveCapacity(characters.count + 1)
    var offset = 0
    for character in characters {
      starts.append(offset)
      offset += character.unicodeScalars.count
    }
    starts.append(offset)
    self.starts = starts
  }

  /// The text's length in scalars.
  var scalarCount: Int { starts.last ?? 0 }

  /// The unit of `granularity` holding scalar `offset`; `lines` are the scalar starts of laid-out lines.
  func range(of granularity: AccessibleTextGranularity, at offset: Int, lines: [Int]) -> Range<Int> {
    let count = starts.last ?? 0
    guard offset >= 0, offset < count else { return count..<count }
    let boundaries: [Int]
    switch granularity {
    case .character:
      let index = characterIndex(atScalar: offset)
      return starts[index]..<starts[index + 1]
    case .word: boundaries = wordStarts()
    case .sentence: boundaries = sentenceStarts()
    case .line: boundaries = lines.isEmpty ? [0] : lines
    case .paragraph: boundaries = paragraphStarts()
    }
    let lower = boundaries.last { $0 <= offset } ?? 0
    let upper = boundaries.first { $0 > offset } ?? count
    return lower..<upper
  }

  private func characterIndex(atScalar offset: Int) -> Int {
    var low = 0
    var high = characters.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  private enum WordClass { case none, han, kana, other }

  private static func wordClass(_ character: Character) -> WordClass {
    guard WordCharacterClass(character) == .word, let scalar = character.unicodeScalars.first else { return .none }
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .kana
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return .han
    default: return .other
    }
  }

  private func wordStarts() -> [Int] {
    var result = [0]
    var previous = WordClass.none
    for (index, character) in characters.enumerated() {
      let current = Self.wordClass(character)
      if current != .none, current != previous, index > 0 { result.append(starts[index]) }
      previous = current
    }
    return result
  }

  private static let terminals: Set<Character> = [".", "!", "?", "。", "！", "？", "؟", "\n"]

  private func sentenceStarts() -> [Int] {
    var result = [0]
    var index = 0
    while index < characters.count {
      if Self.terminals.contains(characters[index]) {
        var next = index + 1
        while next < characters.count, Self.terminals.contains(characters[next]) { next += 1 }
        while next < characters.count, characters[next].isWhitespace, characters[next] != "\n" { next += 1 }
        if next < characters.count { result.append(starts[next]) }
        index = next
      } else {
        index += 1
      }
    }
    return result
  }

  private func paragraphStarts() -> [Int] {
    var result = [0]
    for (index, character) in characters.enumerated()
    where (character == "\n" || character == "\u{2029}") && index + 1 < characters.count {
      result.append(starts[index + 1])
    }
    return result
  }
}
