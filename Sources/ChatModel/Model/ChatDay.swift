import TextEngine

/// A calendar day, `"YYYY-MM-DD"`: how chat messages are grouped under day separators.
///
/// Days come from the messages' optional `date` field (``ChatMessage/date``); messages without one
/// belong to no day and get no separator. In a chat view's storage, a **day separator** is a paragraph
/// of its own, with no text and the attribute ``separatorKey`` holding the day, placed before the
/// day's first message (``Transcript/storage(stickers:)`` inserts them; saving skips them). Labels are
/// relative to an injected "today", never to the wall clock: "Today", "Yesterday", or the date.
public struct ChatDay: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The paragraph attribute that makes a paragraph the separator of a day (its value).
  public static let separatorKey = "daySeparator"

  /// The year, 1 to 9999 (proleptic Gregorian calendar).
  public let year: Int
  /// The month, 1 (January) to 12.
  public let month: Int
  /// The day of the month, 1 to the month's last day (29 February only in leap years).
  public let day: Int

  /// A day from its parts; `nil` when they do not name a real day.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9_999).contains(year), (1...12).contains(month), day >= 1,
      day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses `"YYYY-MM-DD"`; `nil` for anything else.
  public init?(iso text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// `"YYYY-MM-DD"`.
  public var description: String {
    "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  /// The day `count` days later (earlier when negative).
  /// - Complexity: O(1).
  public func adding(days count: Int) -> ChatDay {
    Self(serial: serial + count)
  }

  /// "Today", "Yesterday", or the date as "24 Nov 2026", relative to `today`.
  public func label(today: ChatDay?) -> String {
    if let today {
      if self == today { return "Today" }
      if self == today.adding(days: -1) { return "Yesterday" }
    }
    return "\(day) \(Self.monthNames[month - 1]) \(year)"
  }

  public static func < (lhs: ChatDay, rhs: ChatDay) -> Bool { lhs.serial < rhs.serial }

  /// The separator paragraph of `date` (`"YYYY-MM-DD"`): no text, ``separatorKey`` set.
  public static func separatorParagraph(for date: String) -> (AttributedText, [String: String]) {
    (AttributedText(), [separatorKey: date])
  }

  // MARK: Calendar arithmetic (proleptic Gregorian)

  private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
  private var serial: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The day `serial` days after 1970-01-01 (`civil_from_days`).
  private init(serial: Int) {
    let z = serial + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    day = doy - (153 * mp + 2) / 5 + 1
    month = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  }
}
