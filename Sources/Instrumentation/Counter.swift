/// The name of one instrumentation counter.
///
/// The raw values are the public names used in reports, scenario files and the HUD.
public enum Counter: String, CaseIterable, Codable, Sendable {
  /// Attachment view providers created: from an attachment's factory, or as a placeholder when the
  /// factory threw (never for a provider reused across an edit or kept in the scroll cache).
  case providersCreated
  /// Providers that an edit's new layout fragment adopted from the fragment it replaced, instead of
  /// creating new ones (the `onEditingInlineParagraphs` reuse policy).
  case providersReusedOnEdit
  /// Providers that went, with their views: attachment deleted, offer expired, policy changed, view
  /// discarded, or handed over to another view.
  case providersDiscarded
  /// Provider views created by `loadView()` (or that a provider had when it was made).
  case viewsLoaded
  /// Provider views released (`surfaceWillBeDiscarded()` then `view = nil`), by their provider or with it.
  case viewsDiscarded
  /// Views that left the viewport and were kept in the scroll cache (the `onScrollingOutOfViewport`
  /// reuse policy) rather than discarded.
  case surfacesCachedOnScrollOut
  /// Cached views shown again when their attachment came back into the viewport, without a new
  /// `loadView()`.
  case surfacesRestoredOnScrollIn
  /// Cached views evicted, oldest first, to bring the scroll cache under its count or byte limit.
  case surfacesEvicted
  /// Animation states created for attachments (a sticker view makes one when its view is loaded).
  case animationStatesCreated
  /// A new animation state for an attachment that already had one in this view.
  case animationResets
  /// Layout fragments laid out: a new fragment object for a paragraph that had none, or whose
  /// paragraph or layout changed.
  case layoutFragmentsCreated
  /// Viewport layout passes run by the viewport layout controller.
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
