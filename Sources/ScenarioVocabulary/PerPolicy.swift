import TextEngine

/// One expected value per reuse policy set, looked up by the policy a parameterised test runs:
///
/// ```swift
/// @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
/// func resets(policy: TextAttachmentViewProviderReusePolicy) throws {
///   …
///   #expect(delta.animationResets == PerPolicy(none: 2, edit: 1, scroll: 1, both: 0)[policy])
/// }
/// ```
public struct PerPolicy<Value> {
  /// The value with no policy (`[]`).
  public var none: Value
  /// The value with `.onEditingInlineParagraphs` only.
  public var edit: Value
  /// The value with `.onScrollingOutOfViewport` only.
  public var scroll: Value
  /// The value with both policies.
  public var both: Value

  /// Gives each of the four policy sets its value.
  /// - Parameters:
  ///   - none: With no policy.
  ///   - edit: With `.onEditingInlineParagraphs`.
  ///   - scroll: With `.onScrollingOutOfViewport`.
  ///   - both: With both.
  public init(none: Value, edit: Value, scroll: Value, both: Value) {
    self.none = none
    self.edit = edit
    self.scroll = scroll
    self.both = both
  }

  /// The value for `policy`, by the two options it holds (other options are ignored).
  /// - Parameter policy: The policy set a test runs under.
  public subscript(policy: TextAttachmentViewProviderReusePolicy) -> Value {
    switch (policy.contains(.onEditingInlineParagraphs), policy.contains(.onScrollingOutOfViewport)) {
    case (false, false): none
    case (true, false): edit
    case (false, true): scroll
    case (true, true): both
    }
  }
}

extension PerPolicy: Equatable where Value: Equatable {}
extension PerPolicy: Sendable where Value: Sendable {}
