/// Hooks for tests: the invariants of the pass's rendering-surface map.
extension TextViewportLayoutController {
  /// The rendering-surface map's invariants that do not hold now (empty when all hold): each live
  /// surface sits in its key's slot, and each slot holds a live surface.
  /// - Complexity: O(surfaces assigned in the current or last pass).
  package func checkRenderingSurfaceInvariants() -> [String] {
    surfaceMap.checkInvariants()
  }
}
