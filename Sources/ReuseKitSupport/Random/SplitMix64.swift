/// A small deterministic pseudo-random generator (SplitMix64).
///
/// Tree shapes, generated transcripts and benchmark inputs repeat from run to run because they
/// all draw from it; it is shared across the package's modules, and
/// inlinable so that each module's hot paths get it specialised.
public struct SplitMix64: Sendable {
  @usableFromInline var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  @inlinable
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  @inlinable
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`; `bound` must be positive.
  @inlinable
  public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
