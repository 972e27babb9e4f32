/// The direction characters run in: a paragraph's base direction, or a run's.
public enum WritingDirection: Sendable, Equatable {
  /// Left to right (an even embedding level): Latin, Cyrillic, Chinese, Thai…
  case leftToRight
  /// Right to left (an odd embedding level): Hebrew, Arabic…
  case rightToLeft

  /// The direction of embedding level `level`: odd levels run right to left.
  public init(level: UInt8) { self = level & 1 == 1 ? .rightToLeft : .leftToRight }

  /// The paragraph embedding level of this base direction: 0 or 1.
  public var paragraphLevel: UInt8 { self == .rightToLeft ? 1 : 0 }
}
