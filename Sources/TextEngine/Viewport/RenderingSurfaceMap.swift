/// The rendering surfaces of one viewport pass, by key, in the order their keys were first assigned.
///
/// A value held in one stored property of ``TextViewportLayoutController``, so that each operation is
/// one access to the controller (a class's stored properties are checked for exclusive access at
/// run time, once per property touched). Entries are structs, not tuples: an optional tuple holding
/// existentials copies through the runtime's generic witnesses, several hundred instructions a copy.
struct RenderingSurfaceMap {
  /// One surface under its key.
  struct Entry {
    let identity: TextViewportRenderingSurfaceKeyIdentity
    let key: any TextViewportRenderingSurfaceKey
    var surface: any TextViewportRenderingSurface
    /// Whether the key's surface was removed (its place stays, so later slots keep their index).
    var isRemoved = false
  }

  /// The surfaces in the order their keys were first assigned; a removed one stays, marked.
  private(set) var entries: [Entry] = []
  /// Where each mapped key's entry sits in ``entries``.
  private var slots: [TextViewportRenderingSurfaceKeyIdentity: Int] = [:]

  /// The number of keys mapped.
  var count: Int { slots.count }

  /// Forgets every surface, keeping the storage for the next pass.
  /// - Complexity: O(capacity).
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
    slots.removeAll(keepingCapacity: true)
  }

  /// The surface mapped to `identity`.
  /// - Complexity: O(1): the last entry (a configure hook asking for its fragment's), or one lookup.
  func surface(for identity: TextViewportRenderingSurfaceKeyIdentity) -> (any TextViewportRenderingSurface)? {
    if let last = entries.indices.last, entries[last].identity == identity {
      return entries[last].isRemoved ? nil : entries[last].surface
    }
    guard let slot = slots[identity] else { return nil }
    return entries[slot].surface
  }

  /// Maps `identity` (of `key`) to `surface`, keeping a mapped key's place; `nil` removes it (a key
  /// assigned again after that goes last).
  /// - Complexity: O(1) amortised: one hash lookup (two when the key is mapped already).
  mutating func assign(
    _ surface: (any TextViewportRenderingSurface)?, for key: some TextViewportRenderingSurfaceKey,
    identity: TextViewportRenderingSurfaceKeyIdentity
  ) {
    guard let surface else {
      if let slot = slots.removeValue(forKey: identity) { entries[slot].isRemoved = true }
      return
    }
    if let slot = slots.updateValue(entries.count, forKey: identity) {
      slots[identity] = slot  // mapped already: it keeps its place
      entries[slot].surface = surface
    } else {
      entries.append(Entry(identity: identity, key: key, surface: surface))
    }
  }

  /// The map's invariants that do not hold now (empty when all hold): every live entry's slot
  /// points at it, and every slot at a live entry.
  /// - Complexity: O(entries).
  func checkInvariants() -> [String] {
    var violations: [String] = []
    var live = 0
    for (index, entry) in entries.enumerated() where !entry.isRemoved {
      if slots[entry.identity] != index { violations.append("surface entry \(index) is not its key's slot") }
      live += 1
    }
    if live != slots.count { violations.append("\(slots.count) slots for \(live) live surface entries") }
    return violations
  }
}
