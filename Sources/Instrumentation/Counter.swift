/// The name of one instrumentation counter.
///
/// The raw values are the public names used in reports, scenario files and the HUD.
public enum Counter: String, CaseIterable, Codable, Sendable {
  case providersCreated
  case providersReusedOnEdit
  case providersDiscarded
  case viewsLoaded
  case viewsDiscarded
  case surfacesCachedOnScrollOut
  case surfacesRestoredOnScrollIn
  case surfacesEvicted
  case animationStatesCreated
  /// A new animation state for an attachment that already had one in this view.
  case animationResets
  case layoutFragmentsCreated
  case viewportLayoutPasses
  /// Fragments released for memory, far from the viewport (laid out again when next needed).
  case layoutFragmentsReleased
  /// Providers discarded because their fragment was released for memory (also counted in
  /// `providersDiscarded`).
  case providersReleased
  /// Rendering surfaces made for fragments that had none in the previous viewport pass.
  case surfacesCreated
  /// Fragments that kept their rendering surface from the previous viewport pass.
  case surfacesReused
  /// Queries made to fontconfig while choosing fallback fonts (0 per keystroke after warm-up).
  case fontconfigCalls
  /// Characters drawn as a missing-glyph box because no installed font covers them.
  case missingGlyphs
}
