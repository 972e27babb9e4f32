import Instrumentation

/// The rendering surfaces of a viewport's fragments, kept from one pass to the next while a
/// fragment stays in the viewport (TextKit keeps a fragment's view while the fragment lives).
///
/// The viewport controller starts and ends it with each pass: the last pass's surfaces wait to be
/// picked up again, and those no fragment of this pass asked for go at its end. It holds each
/// fragment it keeps a surface for, so that a fragment's identity cannot be reused by a new
/// fragment while its surface waits.
final class FragmentSurfaceCache {
  private typealias Entry = (fragment: TextLayoutFragment, surface: any TextViewportRenderingSurface)
  /// This pass's surfaces, by fragment identity.
  private var current: [ObjectIdentifier: Entry] = [:]
  /// The last pass's surfaces not asked for yet in this one.
  private var previous: [ObjectIdentifier: Entry] = [:]

  /// Starts a pass: the last pass's surfaces become the ones to pick up.
  func beginPass() {
    swap(&current, &previous)
    current.removeAll(keepingCapacity: true)
  }

  /// The rendering surface of `fragment`: the one it had in the last pass (`surfacesReused`), or a
  /// new one from `make` (`surfacesCreated`).
  /// - Complexity: O(1).
  func surface(
    for fragment: TextLayoutFragment, instrumentation: Instrumentation?,
    making make: (TextLayoutFragment) -> any TextViewportRenderingSurface
  ) -> any TextViewportRenderingSurface {
    let key = ObjectIdentifier(fragment)
    if let kept = current[key] { return kept.surface }  // asked twice in one pass
    let surface: any TextViewportRenderingSurface
    if let kept = previous.removeValue(forKey: key) {
      surface = kept.surface
      instrumentation?.record(.surfaceReused)
    } else {
      surface = make(fragment)
      instrumentation?.record(.surfaceCreated)
    }
    current[key] = (fragment, surface)
    return surface
  }

  /// Ends a pass: the surfaces of fragments that left the viewport (or were replaced) go.
  func endPass() {
    previous.removeAll(keepingCapacity: true)
  }
}
