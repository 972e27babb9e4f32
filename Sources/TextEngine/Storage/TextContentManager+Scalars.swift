/// Unicode scalar offsets: the document as AT-SPI counts it (an emoji of three scalars is three,
/// an attachment is U+FFFC, and one `\n` separates paragraphs), found without building paragraphs.
///
/// Each block's scalar length comes from its source's summary or, when the source does not keep
/// it, from counting the block's elements the first time scalar offsets are asked for. A
/// position inside a block comes from the block's element scalar lengths
/// (``TextContentSource/scalarLengths(inBlock:positions:)``), read once and kept until an edit.
extension TextContentManager {
  /// The document's length in Unicode scalars, one `\n` between paragraphs counting one.
  /// - Throws: ``TextEditError/storeFailed(message:)`` when the source cannot count a block.
  /// - Complexity: O(log blocks). The first call is O(blocks), plus counting the elements of every
  ///   block whose summary gave no scalar length.
  public func scalarLength() throws(TextEditError) -> Int {
    guard !holdsUnstoredEmptyParagraph else { return 0 }
    try buildScalarIndex()
    return blockIndex.totalScalars + paragraphCount - 1
  }

  /// The paragraph holding document scalar offset `offset` (its separator belongs to it) and the
  /// scalar offset at which it starts; the document's end gives the last paragraph. Builds nothing.
  /// - Throws: ``TextEditError/offsetOutOfRange(offset:length:)`` outside `0...scalarLength()`, or
  ///   ``TextEditError/storeFailed(message:)``.
  /// - Complexity: O(log blocks) plus reading one block's scalar lengths (kept for the next call).
  public func paragraph(containingScalar offset: Int) throws(TextEditError) -> (index: Int, start: Int) {
    let total = try scalarLength()
    guard offset >= 0, offset <= total else { throw .offsetOutOfRange(offset: offset, length: total) }
    guard !holdsUnstoredEmptyParagraph else { return (0, 0) }
    guard let (block, blockStart) = blockIndex.locate(scalar: offset) else {
      let last = paragraphCount - 1
      return (last, try startScalarOffset(ofParagraphAt: last))
    }
    var start = blockStart
    let lengths = try scalarLengths(ofBlock: block)
    var position = 0
    // The block found is never empty; an offset past its last element (a rounding the index
    // cannot make) stays in the last.
    while position < lengths.count - 1, offset >= start + lengths[position] + 1 {
      start += lengths[position] + 1
      position += 1
    }
    return (blockIndex.firstPosition(ofBlock: block) + position, start)
  }

  /// The document scalar offset at which paragraph `index` starts. Builds nothing.
  /// - Throws: ``TextEditError/paragraphIndexOutOfRange(index:count:)``, or
  ///   ``TextEditError/storeFailed(message:)``.
  /// - Complexity: O(log blocks) plus reading one block's scalar lengths (kept for the next call).
  public func startScalarOffset(ofParagraphAt index: Int) throws(TextEditError) -> Int {
    guard index >= 0, index < paragraphCount else {
      throw .paragraphIndexOutOfRange(index: index, count: paragraphCount)
    }
    guard !holdsUnstoredEmptyParagraph else { return 0 }
    try buildScalarIndex()
    guard let (block, position) = blockIndex.locate(index) else {
      throw .storeFailed(message: "no block holds paragraph \(index)")
    }
    let before = try scalarLengths(ofBlock: block).prefix(position).reduce(0, +)
    return blockIndex.firstScalar(ofBlock: block) + blockIndex.firstPosition(ofBlock: block) + before + position
  }

  /// Counts the scalars of every block whose summary gave none, once.
  private func buildScalarIndex() throws(TextEditError) {
    guard !blockIndex.hasScalarTree else { return }
    var counted = blockIndex.scalarLengths
    for block in counted.indices where counted[block] == nil {
      counted[block] = try scalarLengths(ofBlock: block).reduce(0, +)
    }
    blockIndex.buildScalarTree(counted.map { $0 ?? 0 })
  }

  /// The scalar lengths of block `block`'s elements (a block index), from the cache or the source.
  private func scalarLengths(ofBlock block: Int) throws(TextEditError) -> [Int] {
    if let cached = scalarLengthsCache, cached.block == block { return cached.lengths }
    sourceQueries += 1
    let lengths: [Int]
    do {
      lengths = try source.scalarLengths(inBlock: blockIndex.blocks[block], positions: 0..<blockIndex.counts[block])
    } catch {
      throw Self.storeError(error)
    }
    let count = blockIndex.counts[block]
    guard lengths.count == count else {
      throw .storeFailed(message: "the store gave \(lengths.count) scalar lengths for \(count) paragraphs")
    }
    scalarLengthsCache = (block, lengths)
    return lengths
  }
}
