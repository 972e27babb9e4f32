import Foundation

/// Number formatting for the table.
enum Format {
  /// `1,000,000`.
  static func count(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, character) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(character)
    }
    return result
  }

  /// Seconds in the most readable unit: `12.3 µs`, `1.234 ms`, `1.23 s`.
  static func seconds(_ value: Double) -> String {
    if value < 0.001 { return String(format: "%.1f µs", value * 1e6) }
    if value < 1 { return String(format: "%.3f ms", value * 1e3) }
    return String(format: "%.2f s", value)
  }

  /// Bytes in MiB.
  static func bytes(_ value: Double) -> String { String(format: "%.1f MiB", value / 1_048_576) }

  /// `0.42×`.
  static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

  /// A plain number with up to one decimal.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }

  /// A figure's value in its unit.
  static func value(_ value: Double, _ unit: FigureResult.Unit) -> String {
    switch unit {
    case .seconds: seconds(value)
    case .pixels: number(value) + " px"
    case .bytes: bytes(value)
    case .ratio: ratio(value)
    }
  }

  /// `text` padded (or cut) to `width` columns; right-aligned when `right`.
  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
  }
}
