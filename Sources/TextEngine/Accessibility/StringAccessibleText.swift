import Foundation

/// Read-only accessible text of a string (a message as last read, say): units and scalars, and a
/// caret when it has one (a screen reader reads the line at the caret of what gets the focus), but
/// no selection or geometry of its own. Set ``string`` when the text it shows changes.
@MainActor
public final class StringAccessibleText: AccessibleTextContent {
  /// The text shown.
  public var string: String {
    didSet { scalars = Array(string.unicodeScalars) }
  }
  private var scalars: [Unicode.Scalar]
  /// The caret's scalar offset, or `nil` for text without one.
  private var caret: Int?

  /// Accessible text of `string`.
  /// - Parameters:
  ///   - string: The text.
  ///   - caret: The caret's scalar offset, or `nil` (the default) for text without a caret.
  public init(_ string: String, caret: Int? = nil) {
    self.string = string
    scalars = Array(string.unicodeScalars)
    self.caret = caret.map { min(max(0, $0), scalars.count) }
  }

  public var scalarCount: Int { scalars.count }

  public func text(scalars range: Range<Int>) -> String {
    let lower = min(max(0, range.lowerBound), scalars.count)
    let upper = min(max(lower, range.upperBound), scalars.count)
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars[lower..<upper])
    return String(result)
  }

  public func scalar(at offset: Int) -> Unicode.Scalar? { scalars.indices.contains(offset) ? scalars[offset] : nil }

  public func range(of granularity: AccessibleTextGranularity, at offset: Int) -> Range<Int> {
    AccessibleTextUnits.range(of: granularity, at: offset, in: string)
  }

  /// The caret, or -1 for text without one, as ATK says.
  public var caretScalarOffset: Int { caret.map { min($0, scalars.count) } ?? -1 }
  /// Moves the caret, for text with one.
  public func moveCaret(toScalar offset: Int) -> Bool {
    guard caret != nil, (0...scalars.count).contains(offset) else { return false }
    caret = offset
    return true
  }
  public var selectedScalarRanges: [Range<Int>] { [] }
  public func select(scalars range: Range<Int>) -> Bool { false }
  public func characterRect(atScalar offset: Int) -> CGRect? { nil }
  public func scalarOffset(at point: CGPoint) -> Int? { nil }
}
