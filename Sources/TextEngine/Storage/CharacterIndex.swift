import ReuseKitSupport

/// Maps `Character` offsets of a string to UTF-8 offsets through sparse checkpoints, so that
/// finding the `String.Index` of an offset costs a binary search and a short walk, not a walk
/// from the start.
///
/// Every checkpoint is a character boundary; no two consecutive checkpoints (nor the last one
/// and the end) are more than ``maximumGap`` characters apart. ``AttributedText`` keeps the
/// table in step with its string: slicing and appending carry checkpoints over, so an edit
/// costs O(checkpoints) integer moves and never a walk over the whole text.
struct CharacterIndex {
  /// One known boundary: `character` characters start at UTF-8 offset `utf8`.
  struct Checkpoint: Equatable {
    var character: Int
    var utf8: Int
  }

  /// The spacing of checkpoints placed by a scan.
  static let spacing = 256
  /// The widest gap allowed between consecutive checkpoints.
  static let maximumGap = 512

  /// The checkpoints, ascending; the first is always (0, 0).
  private(set) var checkpoints: [Checkpoint]

  /// The table of a text shorter than ``spacing`` characters, one shared buffer for them all: most
  /// non-ASCII paragraphs (every message holding a sticker) then allocate no table of their own.
  private static let origin = [Checkpoint(character: 0, utf8: 0)]

  /// A table for a string whose every character is one UTF-8 byte, `length` characters long.
  init(singleByteLength length: Int) {
    checkpoints = stride(from: 0, through: max(0, length - 1), by: Self.spacing).map {
      Checkpoint(character: $0, utf8: $0)
    }
    if checkpoints.count <= 1 { checkpoints = Self.origin }
  }

  /// A table for `string`, built by one walk over its characters.
  /// - Complexity: O(characters).
  init(scanning string: String) {
    checkpoints = Self.origin
    var count = 0
    for index in string.indices {
      if count > 0, count % Self.spacing == 0 {
        checkpoints.append(Checkpoint(character: count, utf8: string.utf8Offset(of: index)))
      }
      count += 1
    }
  }

  private init(checkpoints: [Checkpoint]) { self.checkpoints = checkpoints }

  /// The last checkpoint at or before character `offset`.
  /// - Complexity: O(log checkpoints).
  func checkpoint(atOrBeforeCharacter offset: Int) -> Checkpoint {
    checkpoints[lastIndex { $0.character <= offset }]
  }

  /// The last checkpoint at or before UTF-8 offset `utf8`.
  /// - Complexity: O(log checkpoints).
  func checkpoint(atOrBeforeUTF8 utf8: Int) -> Checkpoint {
    checkpoints[lastIndex { $0.utf8 <= utf8 }]
  }

  private func lastIndex(where isBefore: (Checkpoint) -> Bool) -> Int {
    max(0, checkpoints.partitioningIndex { !isBefore($0) } - 1)
  }

  /// The checkpoints inside characters `range`, moved so that `range.lowerBound` (at UTF-8
  /// offset `utf8Start`) becomes (0, 0).
  /// - Complexity: O(log checkpoints + checkpoints copied).
  func slice(_ range: Range<Int>, utf8Start: Int) -> CharacterIndex {
    let first = lastIndex { $0.character <= range.lowerBound } + 1
    var result = Self.origin
    var index = first
    while index < checkpoints.count, checkpoints[index].character < range.upperBound {
      result.append(
        Checkpoint(
          character: checkpoints[index].character - range.lowerBound, utf8: checkpoints[index].utf8 - utf8Start))
      index += 1
    }
    return CharacterIndex(checkpoints: result)
  }

  /// Appends `other`'s checkpoints after this table's text, `length` characters and `utf8Count`
  /// bytes long. `boundary` is the checkpoint where `other` starts in the joined text (one
  /// character earlier when the texts' edge characters joined), used only when the gap around
  /// the seam would otherwise grow past ``maximumGap``; `joins` drops `other`'s checkpoint at 0
  /// and moves the rest back by one character.
  /// - Complexity: O(checkpoints of `other`).
  mutating func append(
    _ other: CharacterIndex, length: Int, utf8Count: Int, otherLength: Int, boundary: Checkpoint, joins: Bool
  ) {
    let shift = joins ? length - 1 : length
    let rest = other.checkpoints.dropFirst()
    let lastHere = checkpoints.last?.character ?? 0
    let nextThere = rest.first.map { $0.character + shift } ?? (shift + otherLength)
    if nextThere - lastHere > Self.maximumGap, boundary.character > lastHere {
      checkpoints.append(boundary)
    }
    guard !rest.isEmpty else { return }
    checkpoints.reserveCapacity(checkpoints.count + rest.count)
    for checkpoint in rest {
      checkpoints.append(Checkpoint(character: checkpoint.character + shift, utf8: checkpoint.utf8 + utf8Count))
    }
  }
}

extension String {
  /// The UTF-8 offset of `index`: O(1) for native strings.
  func utf8Offset(of index: Index) -> Int { utf8.distance(from: utf8.startIndex, to: index) }
}
