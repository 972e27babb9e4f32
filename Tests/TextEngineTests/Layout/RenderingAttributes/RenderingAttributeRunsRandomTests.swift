import Foundation
import ReuseKitSupport
import Testing

@testable import TextEngine

/// Random changes to one paragraph's rendering-attribute runs against a naive model (a set of
/// attributes per character), with the run list's invariants checked after every step; then the
/// runs an edit carries, against the same model cut and moved.
@Suite struct RenderingAttributeRunsRandomTests {
  private static let length = 48
  private static let keys: [RenderingAttributeKey] = [.backgroundColor, .foregroundColor, .underlineStyle]
  private static let values: [RenderingAttributeValue] = [
    .color(TextColor(red: 255, green: 230, blue: 0)), .color(TextColor(red: 0, green: 0, blue: 200)),
    .underlineStyle(.single), .underlineStyle(.double),
  ]

  /// The runs as one attribute set per character.
  private static func materialized(_ runs: RenderingAttributeRuns, length: Int) -> [RenderingAttributes] {
    (0..<length).map { runs.attributes(at: $0) }
  }

  private static func randomRange(_ random: inout SplitMix64, length: Int) -> Range<Int> {
    let a = random.next(below: length + 1)
    let b = random.next(below: length + 1)
    return min(a, b)..<max(a, b)
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomChangesMatchAPerCharacterModel(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var runs = RenderingAttributeRuns()
    var model = [RenderingAttributes](repeating: [:], count: Self.length)
    for step in 0..<400 {
      let range = Self.randomRange(&random, length: Self.length)
      let key = Self.keys[random.next(below: Self.keys.count)]
      let value = Self.values[random.next(below: Self.values.count)]
      let change: (inout RenderingAttributes) -> Void
      switch random.next(below: 3) {
      case 0:
        let whole: RenderingAttributes = random.next(below: 3) == 0 ? [:] : [key: value]
        change = { $0 = whole }
      case 1: change = { $0[key] = value }
      default: change = { $0[key] = nil }
      }
      var expected = model
      for offset in range { change(&expected[offset]) }
      let reported = runs.modify(range, change)
      #expect(reported == (expected != model), "step \(step): changed reported")
      model = expected
      #expect(runs.checkInvariants() == [], "step \(step)")
      #expect(Self.materialized(runs, length: Self.length) == model, "step \(step)")
      let probe = Self.randomRange(&random, length: Self.length)
      var fromRuns = [RenderingAttributes](repeating: [:], count: Self.length)
      for run in runs.runs(in: probe) {
        #expect(run.range.lowerBound >= probe.lowerBound && run.range.upperBound <= probe.upperBound)
        for offset in run.range { fromRuns[offset] = run.attributes }
      }
      #expect(Array(fromRuns[probe]) == Array(model[probe]), "step \(step): runs(in:)")
    }
  }

  @Test(arguments: [5, 6, 7] as [UInt64])
  func carriedRunsKeepThePrefixAndMoveTheSuffix(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for step in 0..<200 {
      var first = RenderingAttributeRuns()
      var last = RenderingAttributeRuns()
      for _ in 0..<6 {
        first.modify(Self.randomRange(&random, length: Self.length)) { $0[.backgroundColor] = Self.values[0] }
        last.modify(Self.randomRange(&random, length: Self.length)) { $0[.underlineStyle] = Self.values[2] }
      }
      let newLength = random.next(below: 2 * Self.length)
      let prefix = random.next(below: min(Self.length, newLength) + 1)
      let suffix = random.next(below: min(Self.length, newLength - prefix) + 1)
      let carried = RenderingAttributeRuns.carried(
        prefix: first, prefixLength: prefix, suffix: last, suffixLength: suffix, suffixSourceLength: Self.length,
        newLength: newLength)
      var expected = [RenderingAttributes](repeating: [:], count: newLength)
      let firstModel = Self.materialized(first, length: Self.length)
      let lastModel = Self.materialized(last, length: Self.length)
      for offset in 0..<prefix { expected[offset] = firstModel[offset] }
      for offset in 0..<suffix { expected[newLength - suffix + offset] = lastModel[Self.length - suffix + offset] }
      #expect(carried.checkInvariants() == [], "step \(step)")
      #expect(Self.materialized(carried, length: newLength) == expected, "step \(step)")
    }
  }
}
