import Foundation
import Instrumentation

/// The rendering-surface map of a pass, and the delegate's surface hooks around it.
extension TextViewportLayoutController {
  /// Assigns `surface` to `key` for this pass, or removes `key`'s surface when `surface` is `nil`.
  ///
  /// Call it from the delegate during the pass: a delegate may add surfaces of its own, keyed by any
  /// object or by a name (`setRenderingSurface(banner, for: "banner")`; TextKit registers such
  /// auxiliary surfaces through SPI, ReuseKit makes it public). A key keeps the place of its first
  /// assignment in ``enumerateRenderingSurfaces(using:)``. The pass offers what is assigned at its end
  /// to the delegate's cache hook, except surfaces under attachment view providers' keys.
  /// - Parameters:
  ///   - surface: The surface, or `nil` to remove the key's.
  ///   - key: The key: a fragment, a string, or any object.
  /// - Complexity: O(1) amortised for an object key, O(key length) for a string.
  public func setRenderingSurface(
    _ surface: (any TextViewportRenderingSurface)?, for key: any TextViewportRenderingSurfaceKey
  ) {
    surfaceMap.assign(surface, for: key, identity: key.renderingSurfaceKeyIdentity)
  }

  /// The surface assigned to `key` in the current (or last) pass. TextKit clears the mapping at the
  /// beginning of each pass, and so does ReuseKit.
  /// - Parameter key: The key: a fragment, a string (equal strings are one key), or any object.
  /// - Returns: The surface, or `nil`.
  /// - Complexity: O(1) for an object key, O(key length) for a string.
  public func renderingSurface(for key: any TextViewportRenderingSurfaceKey) -> (any TextViewportRenderingSurface)? {
    surfaceMap.surface(for: key.renderingSurfaceKeyIdentity)
  }

  /// The number of surfaces assigned in the current (or last) pass.
  public var renderingSurfaceCount: Int { surfaceMap.count }

  /// Calls `block` with each surface of the current (or last) pass and its key, in the order they
  /// were assigned (top to bottom for the standard delegate: a fragment's surface, then its
  /// attachments'), until `block` returns `false`. This is what a view draws from.
  /// - Parameter block: Takes a key and its surface; returns whether to go on.
  /// - Complexity: O(surfaces assigned in the pass).
  public func enumerateRenderingSurfaces<Failure: Error>(
    using block: (any TextViewportRenderingSurfaceKey, any TextViewportRenderingSurface) throws(Failure) -> Bool
  ) throws(Failure) {
    for entry in surfaceMap.entries where !entry.isRemoved {
      if try !block(entry.key, entry.surface) { return }
    }
  }

  /// Asks the delegate's retrieve hook
  /// (``TextViewportLayoutControllerDelegate/textViewportLayoutController(_:retrieveCachedRenderingSurfaceFor:)``)
  /// for the surface it cached under `key`, counting the request (`surfaceCacheRequests`) and a
  /// non-`nil` answer (`surfaceCacheHits`). The pass asks for each fragment's surface itself; this
  /// is for a delegate's own keys (a named surface it registers each pass). ReuseKit's extension.
  /// - Parameter key: The key the surface was registered (and offered to the cache) under.
  /// - Returns: The cached surface, or `nil` (always `nil` without a delegate).
  /// - Complexity: O(1) plus the delegate's hook.
  public func retrieveCachedRenderingSurface(
    for key: any TextViewportRenderingSurfaceKey
  ) -> (any TextViewportRenderingSurface)? {
    guard let delegate else { return nil }
    instrumentation?.record(.surfaceCacheRequest)
    let surface = delegate.textViewportLayoutController(self, retrieveCachedRenderingSurfaceFor: key)
    if surface != nil { instrumentation?.record(.surfaceCacheHit) }
    return surface
  }

  // MARK: In the pass

  /// Gives `fragment` its surface for this pass, right before it is configured: the one the cache
  /// hook returns (registered at once), then the one `renderingSurfaceFor` returns, if another. The
  /// counts go to `tally`, recorded once at the pass's end.
  /// - Complexity: O(1) plus the delegate's hooks.
  func settleRenderingSurface(
    of fragment: TextLayoutFragment, _ delegate: any TextViewportLayoutControllerDelegate,
    tally: inout SurfaceTally
  ) {
    let identity = TextViewportRenderingSurfaceKeyIdentity(object: fragment)
    tally.cacheRequests += 1
    let cached = delegate.textViewportLayoutController(self, retrieveCachedRenderingSurfaceFor: fragment)
    if let cached {
      tally.cacheHits += 1
      surfaceMap.assign(cached, for: fragment, identity: identity)
    }
    if let provided = delegate.textViewportLayoutController(self, renderingSurfaceFor: fragment), provided !== cached {
      surfaceMap.assign(provided, for: fragment, identity: identity)
      tally.created += 1
    } else if cached != nil {
      tally.reused += 1
    }
  }

  /// Records what a pass's surfaces did: one call per counter, not four per fragment.
  func record(_ tally: SurfaceTally) {
    guard let instrumentation else { return }
    instrumentation.record(.surfaceCacheRequest, count: tally.cacheRequests)
    instrumentation.record(.surfaceCacheHit, count: tally.cacheHits)
    instrumentation.record(.surfaceCreated, count: tally.created)
    instrumentation.record(.surfaceReused, count: tally.reused)
  }

  /// Offers every surface of the pass but attachment views to the delegate's cache hook, in order.
  /// - Complexity: O(surfaces assigned in the pass) plus the delegate's hooks.
  func offerRenderingSurfacesToCache(_ delegate: any TextViewportLayoutControllerDelegate) {
    let entries = surfaceMap.entries  // the hook may assign surfaces: offer what the pass assigned
    for index in entries.indices where !entries[index].isRemoved && !entries[index].identity.isAttachmentView {
      delegate.textViewportLayoutController(
        self, cacheRenderingSurface: entries[index].surface, for: entries[index].key)
    }
  }

  /// Assigns the surface of an attachment view provider's key: what a text view's configure hook
  /// does for each attachment view it shows, without making an existential of the provider first.
  /// - Complexity: O(1) amortised.
  func setRenderingSurface(_ view: any TextViewportRenderingSurface, forProvider provider: TextAttachmentViewProvider) {
    surfaceMap.assign(view, for: provider, identity: provider.renderingSurfaceKeyIdentity)
  }
}
