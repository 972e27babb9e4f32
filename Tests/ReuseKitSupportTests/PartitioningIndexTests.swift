import ReuseKitSupport
import Testing

@Suite struct PartitioningIndexTests {
  @Test func findsTheFirstElementOfTheSecondPartitionLikeALinearScan() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<500 {
      let values = (0..<random.next(below: 40)).map { _ in random.next(below: 20) }.sorted()
      let pivot = random.next(below: 22)
      let expected = values.firstIndex { $0 >= pivot } ?? values.endIndex
      #expect(values.partitioningIndex { $0 >= pivot } == expected)
      // On a slice, indices are the base collection's.
      let start = values.isEmpty ? 0 : random.next(below: values.count)
      let slice = values[start...]
      #expect(slice.partitioningIndex { $0 >= pivot } == (slice.firstIndex { $0 >= pivot } ?? slice.endIndex))
    }
  }
}
