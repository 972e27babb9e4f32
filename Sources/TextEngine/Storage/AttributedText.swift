import Foundation

/// A string with attribute runs, measured in `Character`s.
///
/// Offsets everywhere in ReuseKit count `Character`s (grapheme clusters); an attachment is
/// one character, U+FFFC, whose run carries ``TextAttributes/attachment``.
/// `\n` separates paragraphs when text is inserted into storage; U+2028 is a line break
/// inside a paragraph.
public struct AttributedText: Equatable {
  /// One run of characters sharing attributes.
  public struct Run: Equatable {
    /// The number of `Character`s in the run.
    public var length: Int
    /// The attributes of every character in the run.
    public var attributes: TextAttributes
  }

  /// The object replacement character, U+FFFC, that stands for an attachment.
  public static let attachmentCharacter: Character = "\u{FFFC}"
  /// The line separator, U+2028: a hard line break inside a paragraph.
  public static let lineSeparator: Character = "\u{2028}"

  /// The characters, attachments as U+FFFC.
  public private(set) var string: String
  /// The attribute runs, in order; their lengths add up to ``length`` (no runs for empty text).
  public private(set) var runs: [Run]
  /// The number of `Character`s.
  public private(set) var length: Int
  /// Character offset to UTF-8 offset checkpoints; `nil` while every character is one UTF-8
  /// byte (ASCII without `\r`), where an offset is its own UTF-8 offset.
  private var characterIndex: CharacterIndex?

  /// Creates text with one attribute run.
  /// - Complexity: O(length), once.
  public init(_ string: String = "", attributes: TextAttributes = TextAttributes()) {
    self.string = string
    if Self.isSingleByte(string) {
      self.length = string.utf8.count
      self.characterIndex = nil
    } else {
      self.length = string.count
      self.characterIndex = CharacterIndex(scanning: string)
    }
    self.runs = length == 0 ? [] : [Run(length: length, attributes: attributes)]
  }

  /// A single U+FFFC carrying `attachment`.
  public init(attachment: TextAttachment, attributes: TextAttributes = TextAttributes()) {
    var attributes = attributes
    attributes.attachment = attachment
    self.init(String(Self.attachmentCharacter), attributes: attributes)
  }

  /// `string.count`, with a fast path for ASCII text without carriage returns (one byte, one character).
  static func characterCount(of string: String) -> Int {
    isSingleByte(string) ? string.utf8.count : string.count
  }

  /// Whether every character of `string` is one UTF-8 byte: ASCII without `\r` (which joins a `\n`).
  private static func isSingleByte(_ string: String) -> Bool {
    let result = string.utf8.withContiguousStorageIfAvailable { bytes in
      var seen: UInt8 = 0
      var carriageReturn = false
      for byte in bytes {
        seen |= byte
        carriageReturn = carriageReturn || byte == 0x0D
      }
      return seen < 0x80 && !carriageReturn
    }
    return result ?? false
  }

  /// Whether every character is one UTF-8 byte (ASCII without `\r`): offsets are byte offsets.
  var isSingleByte: Bool { characterIndex == nil }

  /// The index in ``string`` of the character at `offset` (`string.endIndex` for `length`).
  /// - Complexity: O(log length) plus a walk of at most `CharacterIndex.maximumGap` characters.
  public func stringIndex(at offset: Int) -> String.Index {
    guard offset < length else { return string.endIndex }
    guard let characterIndex else { return string.utf8.index(string.utf8.startIndex, offsetBy: max(0, offset)) }
    let checkpoint = characterIndex.checkpoint(atOrBeforeCharacter: offset)
    let start = string.utf8.index(string.utf8.startIndex, offsetBy: checkpoint.utf8)
    return string.index(start, offsetBy: offset - checkpoint.character, limitedBy: string.endIndex)
      ?? string.endIndex
  }

  /// The character holding UTF-8 offset `utf8`: its offset and the UTF-8 offset where it starts.
  /// `(length, utf8 count)` at the end.
  /// - Complexity: O(log length) plus a walk of at most ``CharacterIndex/maximumGap`` characters.
  func character(containingUTF8 utf8: Int) -> (offset: Int, utf8Start: Int) {
    let count = string.utf8.count
    guard utf8 < count else { return (length, count) }
    guard let characterIndex else { return (utf8, utf8) }
    let checkpoint = characterIndex.checkpoint(atOrBeforeUTF8: utf8)
    var offset = checkpoint.character
    var index = string.utf8.index(string.utf8.startIndex, offsetBy: checkpoint.utf8)
    var start = checkpoint.utf8
    while index < string.endIndex {
      let next = string.index(after: index)
      let nextStart = string.utf8Offset(of: next)
      if nextStart > utf8 { break }
      offset += 1
      index = next
      start = nextStart
    }
    return (offset, start)
  }

  /// The attachments in order of appearance.
  public var attachments: [TextAttachment] { runs.compactMap(\.attributes.attachment) }

  /// The attributes at `offset`; the last run's attributes at the end.
  public func attributes(at offset: Int) -> TextAttributes {
    var start = 0
    for run in runs {
      if offset < start + run.length { return run.attributes }
      start += run.length
    }
    return runs.last?.attributes ?? TextAttributes()
  }

  /// Appends `other`, merging equal adjacent runs (attachment runs never merge).
  ///
  /// When the last character and `other`'s first one join into one grapheme cluster (a letter and
  /// a combining accent, two flag halves, `\r` and `\n`), the joined character keeps this text's
  /// attributes, so lengths and runs stay in step with `string`.
  /// - Complexity: O(length of `other`).
  public mutating func append(_ other: AttributedText) {
    guard let last = string.last, let first = other.string.first else {
      if string.isEmpty { self = other }
      return
    }
    let joins = (String(last) + String(first)).count == 1 || Self.regionalIndicatorsJoin(string, other.string)
    appendIndex(of: other, joins: joins)
    string += other.string
    length += other.length - (joins ? 1 : 0)
    var runs = other.runs[...]
    if joins, var head = runs.popFirst() {
      head.length -= 1
      appendRun(head)
    }
    for run in runs { appendRun(run) }
  }

  /// The characters in `range`, with their attributes.
  /// - Complexity: O(log length + characters copied + runs).
  public func slice(_ range: Range<Int>) -> AttributedText { slice(range, reservingCapacity: 0) }

  /// `prefix`'s characters before `prefixEnd`, then `text`, then `suffix`'s characters from
  /// `suffixStart`: an edit's new paragraph, its string built in one allocation (so a keystroke
  /// in a long paragraph copies it about once, not four times).
  /// - Complexity: O(log length + bytes copied + runs).
  static func joining(
    _ prefix: AttributedText, upTo prefixEnd: Int, _ text: AttributedText, _ suffix: AttributedText,
    from suffixStart: Int
  ) -> AttributedText {
    let capacity = prefix.string.utf8.count + text.string.utf8.count + suffix.string.utf8.count
    var result = prefix.slice(0..<prefixEnd, reservingCapacity: capacity)
    result.append(text)
    result.append(suffix.slice(suffixStart..<suffix.length))
    return result
  }

  private func slice(_ range: Range<Int>, reservingCapacity capacity: Int) -> AttributedText {
    precondition(range.lowerBound >= 0 && range.upperBound <= length, "slice out of bounds")
    var result = AttributedText()
    if capacity > 0 { result.string.reserveCapacity(capacity) }
    guard !range.isEmpty else { return result }
    let startIndex = stringIndex(at: range.lowerBound)
    let endIndex = stringIndex(at: range.upperBound)
    if capacity == 0, range.count > 64 {
      // Appending a piece of a native string copies its bytes and keeps its ASCII flag;
      // `String(_: Substring)` would scan them again.
      result.string.reserveCapacity(string.utf8.distance(from: startIndex, to: endIndex))
    }
    result.string.append(contentsOf: string[startIndex..<endIndex])
    result.length = range.count
    result.characterIndex = characterIndex?.slice(range, utf8Start: string.utf8Offset(of: startIndex))
    var runStart = 0
    for run in runs {
      let runRange = runStart..<(runStart + run.length)
      let overlap = runRange.clamped(to: range)
      if !overlap.isEmpty { result.appendRun(Run(length: overlap.count, attributes: run.attributes)) }
      runStart += run.length
      if runStart >= range.upperBound { break }
    }
    return result
  }

  /// Splits at every `\n` (and `\r\n`), dropping the separators.
  /// - Complexity: O(length); a text without `\n` (every keystroke) is returned as it is after a
  ///   `memchr` over its bytes.
  public func splitIntoParagraphs() -> [AttributedText] {
    // Only "\n" and "\r\n" contain the byte 0x0A, so a byte scan settles the common case.
    let hasNewline =
      string.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.baseAddress.map { memchr($0, 0x0A, bytes.count) != nil } ?? false
      } ?? string.utf8.contains(0x0A)
    guard hasNewline else { return [self] }
    var pieces: [AttributedText] = []
    var start = 0
    var offset = 0
    for character in string {
      if character.asciiValue == 0x0A {  // "\n", and "\r\n" (whose asciiValue is 0x0A too)
        pieces.append(slice(start..<offset))
        start = offset + 1
      }
      offset += 1
    }
    pieces.append(slice(start..<length))
    return pieces
  }

  /// Returns a copy with every attachment replaced by `transform(attachment)`.
  public func mappingAttachments(_ transform: (TextAttachment) -> TextAttachment) -> AttributedText {
    var copy = self
    for index in copy.runs.indices {
      if let attachment = copy.runs[index].attributes.attachment {
        let mapped = transform(attachment)
        // Writing the same object back would still copy the shared runs array.
        if mapped !== attachment { copy.runs[index].attributes.attachment = mapped }
      }
    }
    return copy
  }

  /// Returns a copy with `attributes` applied to the characters in `range`, keeping attachments.
  public func settingAttributes(
    _ change: (inout TextAttributes) -> Void, in range: Range<Int>
  ) -> AttributedText {
    var result = slice(0..<range.lowerBound)
    var middle = slice(range)
    for index in middle.runs.indices { change(&middle.runs[index].attributes) }
    result.append(middle)
    result.append(slice(range.upperBound..<length))
    return result
  }

  /// Carries `other`'s checkpoints over before `other.string` is appended.
  /// Whether appending `tail` to `head` pairs a lone regional indicator at the end of `head` with
  /// one at the start of `tail`. Flags pair regional indicators from the start of a run of them,
  /// which one character on each side cannot tell: an odd run ending `head` and an odd run starting
  /// `tail` make one character fewer than their counts say.
  /// - Complexity: O(regional indicators at the seam).
  static func regionalIndicatorsJoin(_ head: String, _ tail: String) -> Bool {
    func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }
    let before = head.unicodeScalars.reversed().prefix { isRegionalIndicator($0) }.count
    guard before % 2 == 1 else { return false }
    return tail.unicodeScalars.prefix { isRegionalIndicator($0) }.count % 2 == 1
  }

  private mutating func appendIndex(of other: AttributedText, joins: Bool) {
    guard characterIndex != nil || other.characterIndex != nil || joins else { return }
    var index = characterIndex ?? CharacterIndex(singleByteLength: length)
    let utf8Count = string.utf8.count
    let boundary =
      joins
      ? CharacterIndex.Checkpoint(
        character: length - 1, utf8: string.utf8Offset(of: string.index(before: string.endIndex)))
      : CharacterIndex.Checkpoint(character: length, utf8: utf8Count)
    index.append(
      other.characterIndex ?? CharacterIndex(singleByteLength: other.length), length: length, utf8Count: utf8Count,
      otherLength: other.length, boundary: boundary, joins: joins)
    characterIndex = index
  }

  private mutating func appendRun(_ run: Run) {
    guard run.length > 0 else { return }
    if let last = runs.last, last.attributes == run.attributes, last.attributes.attachment == nil {
      runs[runs.count - 1].length += run.length
    } else {
      runs.append(run)
    }
  }

  public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
    lhs.string == rhs.string && lhs.runs == rhs.runs
  }
}

extension AttributedText: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self.init(value) }
}
