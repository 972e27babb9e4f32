import Foundation

/// The rendering-surface map of a pass.
extension TextViewportLayoutController {
  /// Assigns `surface` to `key` for this pass, or removes `key`'s surface when `surface` is `nil`.
  ///
  /// Call it from the delegate during the pass: a delegate may add surfaces of its own, keyed by any
  /// object or by a name (`setRenderingSurface(banner, for: "banner")`; TextKit registers such
  /// auxiliary surfaces through SPI, ReuseKit makes it public). A key keeps the place of its first
  /// assignment in ``enumerateRenderingSurfaces(using:)``.
  /// - Parameters:
  ///   - surface: The surface, or `nil` to remove the key's.
  ///   - key: The key: a fragment, a string, or any object.
  /// - Complexity: O(1) amortised for an object key, O(key length) for a string.
  public func setRenderingSurface(
    _ surface: (any TextViewportRenderingSurface)?, for key: any TextViewportRenderingSurfaceKey
  ) {
    register(surface, for: key, identity: key.renderingSurfaceKeyIdentity)
  }

  /// The surface assigned to `key` in the current (or last) pass. TextKit clears the mapping at the
  /// beginning of each pass, and so does ReuseKit.
  /// - Parameter key: The key: a fragment, a string (equal strings are one key), or any object.
  /// - Returns: The surface, or `nil`.
  /// - Complexity: O(1) for an object key, O(key length) for a string.
  public func renderingSurface(for key: any TextViewportRenderingSurfaceKey) -> (any TextViewportRenderingSurface)? {
    let identity = key.renderingSurfaceKeyIdentity
    // The common question (a configure hook asking for its fragment's surface) is about the last one.
    if let last = surfaceEntries.last, let entry = last, entry.identity == identity { return entry.surface }
    return surfaceSlots[identity].flatMap { surfaceEntries[$0]?.surface }
  }

  /// The number of surfaces assigned in the current (or last) pass.
  public var renderingSurfaceCount: Int { surfaceSlots.count }

  /// Calls `block` with each surface of the current (or last) pass and its key, in the order they
  /// were assigned (top to bottom for the standard delegate: a fragment's surface, then its
  /// attachments'), until `block` returns `false`. This is what a view draws from.
  /// - Parameter block: Takes a key and its surface; returns whether to go on.
  /// - Complexity: O(surfaces assigned in the pass).
  public func enumerateRenderingSurfaces<Failure: Error>(
    using block: (any TextViewportRenderingSurfaceKey, any TextViewportRenderingSurface) throws(Failure) -> Bool
  ) throws(Failure) {
    for entry in surfaceEntries {
      guard let entry else { continue }
      if try !block(entry.key, entry.surface) { return }
    }
  }

  /// Maps `identity` (of `key`) to `surface`, keeping a mapped key's place; `nil` removes it.
  /// - Complexity: O(1) amortised: one hash lookup for a new key.
  private func register(
    _ surface: (any TextViewportRenderingSurface)?, for key: any TextViewportRenderingSurfaceKey,
    identity: TextViewportRenderingSurfaceKeyIdentity
  ) {
    guard let surface else {
      if let slot = surfaceSlots.removeValue(forKey: identity) { surfaceEntries[slot] = nil }
      return
    }
    if let slot = surfaceSlots.updateValue(surfaceEntries.count, forKey: identity) {
      surfaceSlots[identity] = slot
      surfaceEntries[slot] = (identity, key, surface)
    } else {
      surfaceEntries.append((identity, key, surface))
    }
  }
}
