extension RandomAccessCollection {
  /// The first index whose element satisfies `belongsToSecondPartition`, or `endIndex`: a binary
  /// search over a collection partitioned so that every element failing the predicate comes first.
  /// - Parameter belongsToSecondPartition: False for a prefix of the collection, true after it.
  /// - Complexity: O(log n) evaluations of the predicate.
  @inlinable
  public func partitioningIndex(where belongsToSecondPartition: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsToSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
