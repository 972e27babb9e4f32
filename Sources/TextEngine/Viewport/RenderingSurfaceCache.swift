/// The store behind ``TextView``'s two surface cache hooks: the surfaces the last pass offered,
/// by key, kept until the end of the next pass.
///
/// With the controller's timing (each pass's surfaces are offered at its end, each fragment's is
/// asked for before it is configured) this is TextKit's behaviour for a fragment's view: a
/// fragment keeps its surface while it stays in the viewport, and the surfaces of fragments that
/// left (or were replaced) go at the end of the pass that no longer shows them. It holds each key,
/// so that an object key's identity cannot pass to a new object while its surface waits.
final class RenderingSurfaceCache {
  /// A kept surface and its key (a struct: an optional tuple of existentials copies through the
  /// runtime's generic witnesses).
  private struct Entry {
    let key: any TextViewportRenderingSurfaceKey
    let surface: any TextViewportRenderingSurface
  }
  /// The surfaces offered at the end of the last pass: the ones a retrieval answers.
  private var stored: [TextViewportRenderingSurfaceKeyIdentity: Entry] = [:]
  /// The surfaces offered at the end of this pass: stored once it ends.
  private var offered: [TextViewportRenderingSurfaceKeyIdentity: Entry] = [:]

  /// The number of surfaces a retrieval can answer now.
  var count: Int { stored.count }

  /// The surface cached under `key`, if any.
  /// - Complexity: O(1) for an object key.
  func surface(for key: any TextViewportRenderingSurfaceKey) -> (any TextViewportRenderingSurface)? {
    stored[key.renderingSurfaceKeyIdentity]?.surface
  }

  /// Keeps `surface` under `key` for the next pass (replacing what `key` had in this one).
  /// - Complexity: O(1) amortised for an object key.
  func cache(_ surface: any TextViewportRenderingSurface, for key: any TextViewportRenderingSurfaceKey) {
    offered[key.renderingSurfaceKeyIdentity] = Entry(key: key, surface: surface)
  }

  /// Ends a pass: what it offered is what the next pass can retrieve; the rest goes.
  /// - Complexity: O(surfaces dropped).
  func endPass() {
    swap(&stored, &offered)
    offered.removeAll(keepingCapacity: true)
  }
}
