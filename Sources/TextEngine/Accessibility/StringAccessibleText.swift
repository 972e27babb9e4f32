import Foundation

/// Read-only accessible text of a string (a message as last read, say): units and scalars, no
/// caret, selection or geometry of its own. Set ``string`` when the text it shows changes.
@MainActor
public final class StringAccessibleText: AccessibleTextContent {
  /// The text shown.
  public var string: String {
    didSet { scalars = Array(string.unicodeScalars) }
  }
  private var scalars: [Unicode.Scalar]

  /// Accessible text of `string`.
  public init(_ string: String) {
    self.string = string
    scalars = Array(string.unicodeScalars)
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

  /// No caret of its own: -1, as ATK says.
  public var caretScalarOffset: Int { -1 }
  public func moveCaret(toScalar offset: Int) -> Bool { false }
  public var selectedScalarRanges: [Range<Int>] { [] }
  public func select(scalars range: Range<Int>) -> Bool { false }
  public func characterRect(atScalar offset: Int) -> CGRect? { nil }
  public func scalarOffset(at point: CGPoint) -> Int? { nil }
}
