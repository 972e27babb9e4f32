import Instrumentation
import ScenarioVocabulary
import TextEngine

extension PerPolicy where Value == [Counter: Int] {
  /// The reuse counters whose delta differs from what `policy` expects (see
  /// `Counters.reuseMismatches(expecting:)`).
  /// - Parameters:
  ///   - counters: The deltas measured.
  ///   - policy: The policy set the test ran under.
  /// - Returns: The differences, empty when every reuse counter is as expected.
  public func mismatches(_ counters: Counters, policy: TextAttachmentViewProviderReusePolicy) -> [String] {
    counters.reuseMismatches(expecting: self[policy])
  }
}
