/// The name of one instrumentation counter.
///
/// The raw values are the public names used in reports, scenario files and the HUD.
public enum Counter: String, CaseIterable, Codable, Sendable {
  /// Attachment view providers a view started holding: made by an attachment's factory (a placeholder
  /// when it threw), or a provider the layout manager delegate's retrieve hook returned that the view
  /// did not hold. A provider reused across an edit or shown again from the scroll cache is not counted.
  case providersCreated
  /// Providers that an edit's new layout fragment adopted from the fragment it replaced, instead of
  /// creating new ones (the `onEditingInlineParagraphs` reuse policy).
  case providersReusedOnEdit
  /// Providers that went, with their views (attachment deleted or in fewer places, provider not reused
  /// after an edit, policy changed), or that another view or attachment took over.
  case providersDiscarded
  /// Provider views loaded by `loadView()`, or that a provider already had when the view took it.
  case viewsLoaded
  /// Provider views released (`surfaceWillBeDiscarded()` then `view = nil`), by their provider or with it.
  case viewsDiscarded
  /// Views that left the viewport and were kept in the scroll cache (the `onScrollingOutOfViewport`
  /// reuse policy) rather than discarded.
  case surfacesCachedOnScrollOut
  /// Cached views shown again when their attachment came back into the viewport, without a new
  /// `loadView()`.
  case surfacesRestoredOnScrollIn
  /// Cached views evicted, least recently cached first, to bring the scroll cache under its count or byte
  /// limit.
  case surfacesEvicted
  /// Animation states created for attachments (a sticker view makes one when its view is loaded).
  case animationStatesCreated
  /// A new animation state for a place (an occurrence of an attachment) that had already shown an
  /// animation in this view: an animation that restarted from frame 0.
  case animationResets
  /// Layout fragment objects made, for paragraphs that had none (new or edited paragraphs, or ones
  /// whose fragment was released); laying an existing fragment out again is not counted.
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
  /// Sticker pixels drawn without a decoded frame (the pending skeleton), summed over the frames drawn: what a person sees as blank stickers.
  case blankStickerPixelFrames
  /// Frames drawn with at least one blank sticker pixel.
  case blankFrames
  /// The most blank sticker pixels in one drawn frame (a maximum, not a sum: ``Counters/+(_:_:)`` keeps the larger, and a measured block reports its own worst frame).
  case maxBlankStickerPixels
  /// Stickers drawn, per frame, showing another frame than the one their animation is at (an older frame, or none yet) while theirs is decoded.
  case stickerFramesLate
  /// Sticker frames decoded ahead of the scroll, before any view asked for them (frames only: no provider or view is made).
  case framesPrefetched
  /// Prefetched frames a view then showed (each counted once).
  case prefetchedFramesUsed
  /// Prefetched frames that left the frame cache without any view showing them.
  case prefetchedFramesWasted
  /// Sticker frames decoded while nobody could see them (the window hidden or minimized, or unfocused with `--pause-unfocused`); 0 is the goal.
  case framesDecodedWhileUnseen
  /// Sticker frames shown from the shared frame cache, per view and drawn frame.
  case frameCacheHits
  /// Sticker frames a view asked for that the frame cache did not hold (decoded, or requested from a worker).
  case frameCacheMisses
}
