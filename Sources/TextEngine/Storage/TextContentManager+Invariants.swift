/// The content manager's invariants, checked by the randomized storage tests after every step.
extension TextContentManager {
  /// Checks the paragraph tree and the manager's bookkeeping against each other and returns what is
  /// wrong, or nothing.
  ///
  /// The invariants: the tree's own (``SequenceTree/checkInvariants()``); every built paragraph
  /// points back at its node and this manager and is listed, once, in the built nodes; a run is a
  /// run of at least one item; the tree holds exactly the block index's items and characters; every
  /// attachment of a built paragraph is registered as present under its identity (as that object),
  /// not also as unbuilt, and no identity appears twice among them.
  /// - Returns: One message per violation found; empty when the manager is sound.
  /// - Complexity: O(nodes + attachments in built paragraphs). Asks the source nothing.
  @_spi(Testing) public func checkInvariants() -> [String] {
    var violations = paragraphs.checkInvariants().map { "paragraph tree: \($0)" }
    var built = 0
    var attachments: Set<AttachmentIdentity> = []
    var node = paragraphs.first
    var index = 0
    while let current = node {
      if let paragraph = current.element {
        built += 1
        if current.count != 1 { violations.append("paragraph \(index) stands for \(current.count) items") }
        if paragraph.storageNode !== current || paragraph.textContentManager !== self {
          violations.append("paragraph \(index) does not point back at its node and manager")
        }
        if builtNodes[paragraph.identifier] !== current {
          violations.append("paragraph \(index) (\(paragraph.identifier)) is not listed as built")
        }
        if paragraph.length != current.length {
          violations.append("paragraph \(index) is \(paragraph.length) long, its node \(current.length)")
        }
        for attachment in paragraph.attributedString.attachments {
          let identity = attachment.identity
          if !attachments.insert(identity).inserted { violations.append("attachment \(identity) appears twice") }
          if presentAttachments[identity] !== attachment {
            violations.append("attachment \(identity) of paragraph \(index) is not registered as present")
          }
          if unbuiltAttachments.contains(identity) {
            violations.append("attachment \(identity) of paragraph \(index) is also registered as unbuilt")
          }
        }
      } else if current.count < 1 {
        violations.append("a run at \(index) stands for \(current.count) items")
      }
      index += current.count
      node = paragraphs.successor(of: current)
    }
    if built != builtNodes.count { violations.append("\(built) paragraphs built, \(builtNodes.count) listed") }
    if attachments.count != presentAttachments.count {
      violations.append("\(attachments.count) attachments in built paragraphs, \(presentAttachments.count) present")
    }
    let blockItems = holdsUnstoredEmptyParagraph ? 1 : blockIndex.counts.reduce(0, +)
    let blockLength = holdsUnstoredEmptyParagraph ? 0 : blockIndex.lengths.reduce(0, +)
    if blockItems != paragraphs.count || blockLength != paragraphs.totalLength {
      violations.append(
        "the tree holds \(paragraphs.count) items, \(paragraphs.totalLength) long; the blocks \(blockItems), \(blockLength)"
      )
    }
    return violations
  }
}
