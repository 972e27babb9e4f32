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
  /// Rendering surfaces made for fragments that had none in the previous viewport pass.
  case surfacesCreated
  /// Fragments that kept their rendering surface from the previous viewport pass.
  case surfacesReused
  /// Times the layout manager asked its delegate for a cached provider before creating one
  /// (`textLayoutManager(_:retrieveCachedTextAttachmentViewProviderFor:)`).
  case providerCacheRequests
  /// Those requests the delegate answered with a provider, which was used instead of a new one.
  case providerCacheHits
  /// Times the viewport controller asked its delegate for a cached rendering surface
  /// (`textViewportLayoutController(_:retrieveCachedRenderingSurfaceFor:)`).
  case surfaceCacheRequests
  /// Those requests the delegate answered with a surface.
  case surfaceCacheHits
  /// Queries made to fontconfig while choosing fallback fonts (0 per keystroke after warm-up).
  case fontconfigCalls
  /// Characters drawn as a missing-glyph box because no installed font covers them.
  case missingGlyphs
}
