/// A set of counter values: totals, a breakdown bucket, or the difference of two snapshots.
public struct Counters: Equatable, Hashable, Sendable {
  /// View providers created: the attachment factory ran (a retrieve hook's provider is not counted here).
  public var providersCreated = 0
  /// Providers an edit's new fragment took over from the old one, under `.onEditingInlineParagraphs`.
  public var providersReusedOnEdit = 0
  /// Providers released for good (their attachment left the document, or a policy let them go).
  public var providersDiscarded = 0
  /// `loadView()` calls: views made.
  public var viewsLoaded = 0
  /// Views released (`surfaceWillBeDiscarded()`); the provider may load another later.
  public var viewsDiscarded = 0
  /// Views that scrolled out and waited in the scroll cache, under `.onScrollingOutOfViewport`.
  public var surfacesCachedOnScrollOut = 0
  /// Views that came back from the scroll cache without `loadView()`.
  public var surfacesRestoredOnScrollIn = 0
  /// Views the scroll cache let go to stay within its limits.
  public var surfacesEvicted = 0
  /// Animation states made while a provider loaded its view (every `AnimationState` made inside `loadView()`).
  public var animationStatesCreated = 0
  /// Animation states made for a place that had already shown an animation in this view: an
  /// animation that restarted from frame 0. A place is one occurrence of an attachment in the
  /// document; the first view of a new occurrence (another placement of the same object, a paste) is
  /// a creation, not a reset.
  public var animationResets = 0
  /// Layout fragments made (paragraphs laid out).
  public var layoutFragmentsCreated = 0
  /// Viewport layout passes run.
  public var viewportLayoutPasses = 0
  /// Fragments released for memory, far from the viewport (laid out again when next needed).
  public var layoutFragmentsReleased = 0
  /// Rendering surfaces made for fragments that had none in the previous viewport pass.
  public var surfacesCreated = 0
  /// Fragments that kept their rendering surface from the previous viewport pass.
  public var surfacesReused = 0
  /// Times the layout manager asked its delegate for a cached provider before creating one.
  public var providerCacheRequests = 0
  /// Those requests the delegate answered with a provider, used instead of a new one.
  public var providerCacheHits = 0
  /// Times the viewport controller asked its delegate for a cached rendering surface.
  public var surfaceCacheRequests = 0
  /// Those requests the delegate answered with a surface.
  public var surfaceCacheHits = 0
  /// Queries made to fontconfig while choosing fallback fonts.
  public var fontconfigCalls = 0
  /// Characters drawn as a missing-glyph box because no installed font covers them.
  public var missingGlyphs = 0
  /// Sticker pixels drawn without a decoded frame (the pending skeleton), summed over the frames drawn: what a person sees as blank stickers.
  public var blankStickerPixelFrames = 0
  /// Frames drawn with at least one blank sticker pixel.
  public var blankFrames = 0
  /// The most blank sticker pixels in one drawn frame (a maximum, not a sum: ``Counters/+(_:_:)`` keeps the larger, and a measured block reports its own worst frame).
  public var maxBlankStickerPixels = 0
  /// Stickers drawn, per frame, showing another frame than the one their animation is at (an older frame, or none yet) while theirs is decoded.
  public var stickerFramesLate = 0
  /// Sticker frames decoded ahead of the scroll, before any view asked for them (frames only: no provider or view is made).
  public var framesPrefetched = 0
  /// Prefetched frames a view then showed (each counted once).
  public var prefetchedFramesUsed = 0
  /// Prefetched frames that left the frame cache without any view showing them.
  public var prefetchedFramesWasted = 0
  /// Sticker frames decoded while nobody could see them (the window hidden or minimized, or unfocused with `--pause-unfocused`); 0 is the goal.
  public var framesDecodedWhileUnseen = 0
  /// Sticker frames shown from the shared frame cache, per view and drawn frame.
  public var frameCacheHits = 0
  /// Sticker frames a view asked for that the frame cache did not hold (decoded, or requested from a worker).
  public var frameCacheMisses = 0

  /// Creates counters with the given values; every counter not given is zero.
  ///
  /// ```swift
  /// #expect(delta.reuse == Counters(providersCreated: 1, viewsLoaded: 1, animationStatesCreated: 1))
  /// ```
  /// - Parameters:
  ///   - providersCreated: ``providersCreated``.
  ///   - providersReusedOnEdit: ``providersReusedOnEdit``.
  ///   - providersDiscarded: ``providersDiscarded``.
  ///   - viewsLoaded: ``viewsLoaded``.
  ///   - viewsDiscarded: ``viewsDiscarded``.
  ///   - surfacesCachedOnScrollOut: ``surfacesCachedOnScrollOut``.
  ///   - surfacesRestoredOnScrollIn: ``surfacesRestoredOnScrollIn``.
  ///   - surfacesEvicted: ``surfacesEvicted``.
  ///   - animationStatesCreated: ``animationStatesCreated``.
  ///   - animationResets: ``animationResets``.
  ///   - layoutFragmentsCreated: ``layoutFragmentsCreated``.
  ///   - viewportLayoutPasses: ``viewportLayoutPasses``.
  ///   - layoutFragmentsReleased: ``layoutFragmentsReleased``.
  ///   - surfacesCreated: ``surfacesCreated``.
  ///   - surfacesReused: ``surfacesReused``.
  ///   - providerCacheRequests: ``providerCacheRequests``.
  ///   - providerCacheHits: ``providerCacheHits``.
  ///   - surfaceCacheRequests: ``surfaceCacheRequests``.
  ///   - surfaceCacheHits: ``surfaceCacheHits``.
  ///   - fontconfigCalls: ``fontconfigCalls``.
  ///   - missingGlyphs: ``missingGlyphs``.
  ///   - blankStickerPixelFrames: ``blankStickerPixelFrames``.
  ///   - blankFrames: ``blankFrames``.
  ///   - maxBlankStickerPixels: ``maxBlankStickerPixels``.
  ///   - stickerFramesLate: ``stickerFramesLate``.
  ///   - framesPrefetched: ``framesPrefetched``.
  ///   - prefetchedFramesUsed: ``prefetchedFramesUsed``.
  ///   - prefetchedFramesWasted: ``prefetchedFramesWasted``.
  ///   - framesDecodedWhileUnseen: ``framesDecodedWhileUnseen``.
  ///   - frameCacheHits: ``frameCacheHits``.
  ///   - frameCacheMisses: ``frameCacheMisses``.
  public init(
    providersCreated: Int = 0,
    providersReusedOnEdit: Int = 0,
    providersDiscarded: Int = 0,
    viewsLoaded: Int = 0,
    viewsDiscarded: Int = 0,
    surfacesCachedOnScrollOut: Int = 0,
    surfacesRestoredOnScrollIn: Int = 0,
    surfacesEvicted: Int = 0,
    animationStatesCreated: Int = 0,
    animationResets: Int = 0,
    layoutFragmentsCreated: Int = 0,
    viewportLayoutPasses: Int = 0,
    layoutFragmentsReleased: Int = 0,
    surfacesCreated: Int = 0,
    surfacesReused: Int = 0,
    providerCacheRequests: Int = 0,
    providerCacheHits: Int = 0,
    surfaceCacheRequests: Int = 0,
    surfaceCacheHits: Int = 0,
    fontconfigCalls: Int = 0,
    missingGlyphs: Int = 0,
    blankStickerPixelFrames: Int = 0,
    blankFrames: Int = 0,
    maxBlankStickerPixels: Int = 0,
    stickerFramesLate: Int = 0,
    framesPrefetched: Int = 0,
    prefetchedFramesUsed: Int = 0,
    prefetchedFramesWasted: Int = 0,
    framesDecodedWhileUnseen: Int = 0,
    frameCacheHits: Int = 0,
    frameCacheMisses: Int = 0
  ) {
    self.providersCreated = providersCreated
    self.providersReusedOnEdit = providersReusedOnEdit
    self.providersDiscarded = providersDiscarded
    self.viewsLoaded = viewsLoaded
    self.viewsDiscarded = viewsDiscarded
    self.surfacesCachedOnScrollOut = surfacesCachedOnScrollOut
    self.surfacesRestoredOnScrollIn = surfacesRestoredOnScrollIn
    self.surfacesEvicted = surfacesEvicted
    self.animationStatesCreated = animationStatesCreated
    self.animationResets = animationResets
    self.layoutFragmentsCreated = layoutFragmentsCreated
    self.viewportLayoutPasses = viewportLayoutPasses
    self.layoutFragmentsReleased = layoutFragmentsReleased
    self.surfacesCreated = surfacesCreated
    self.surfacesReused = surfacesReused
    self.providerCacheRequests = providerCacheRequests
    self.providerCacheHits = providerCacheHits
    self.surfaceCacheRequests = surfaceCacheRequests
    self.surfaceCacheHits = surfaceCacheHits
    self.fontconfigCalls = fontconfigCalls
    self.missingGlyphs = missingGlyphs
    self.blankStickerPixelFrames = blankStickerPixelFrames
    self.blankFrames = blankFrames
    self.maxBlankStickerPixels = maxBlankStickerPixels
    self.stickerFramesLate = stickerFramesLate
    self.framesPrefetched = framesPrefetched
    self.prefetchedFramesUsed = prefetchedFramesUsed
    self.prefetchedFramesWasted = prefetchedFramesWasted
    self.framesDecodedWhileUnseen = framesDecodedWhileUnseen
    self.frameCacheHits = frameCacheHits
    self.frameCacheMisses = frameCacheMisses
  }

  /// Reads or writes one counter by name.
  public subscript(counter: Counter) -> Int {
    get {
      switch counter {
      case .providersCreated: providersCreated
      case .providersReusedOnEdit: providersReusedOnEdit
      case .providersDiscarded: providersDiscarded
      case .viewsLoaded: viewsLoaded
      case .viewsDiscarded: viewsDiscarded
      case .surfacesCachedOnScrollOut: surfacesCachedOnScrollOut
      case .surfacesRestoredOnScrollIn: surfacesRestoredOnScrollIn
      case .surfacesEvicted: surfacesEvicted
      case .animationStatesCreated: animationStatesCreated
      case .animationResets: animationResets
      case .layoutFragmentsCreated: layoutFragmentsCreated
      case .viewportLayoutPasses: viewportLayoutPasses
      case .layoutFragmentsReleased: layoutFragmentsReleased
      case .surfacesCreated: surfacesCreated
      case .surfacesReused: surfacesReused
      case .providerCacheRequests: providerCacheRequests
      case .providerCacheHits: providerCacheHits
      case .surfaceCacheRequests: surfaceCacheRequests
      case .surfaceCacheHits: surfaceCacheHits
      case .fontconfigCalls: fontconfigCalls
      case .missingGlyphs: missingGlyphs
      case .blankStickerPixelFrames: blankStickerPixelFrames
      case .blankFrames: blankFrames
      case .maxBlankStickerPixels: maxBlankStickerPixels
      case .stickerFramesLate: stickerFramesLate
      case .framesPrefetched: framesPrefetched
      case .prefetchedFramesUsed: prefetchedFramesUsed
      case .prefetchedFramesWasted: prefetchedFramesWasted
      case .framesDecodedWhileUnseen: framesDecodedWhileUnseen
      case .frameCacheHits: frameCacheHits
      case .frameCacheMisses: frameCacheMisses
      }
    }
    set {
      switch counter {
      case .providersCreated: providersCreated = newValue
      case .providersReusedOnEdit: providersReusedOnEdit = newValue
      case .providersDiscarded: providersDiscarded = newValue
      case .viewsLoaded: viewsLoaded = newValue
      case .viewsDiscarded: viewsDiscarded = newValue
      case .surfacesCachedOnScrollOut: surfacesCachedOnScrollOut = newValue
      case .surfacesRestoredOnScrollIn: surfacesRestoredOnScrollIn = newValue
      case .surfacesEvicted: surfacesEvicted = newValue
      case .animationStatesCreated: animationStatesCreated = newValue
      case .animationResets: animationResets = newValue
      case .layoutFragmentsCreated: layoutFragmentsCreated = newValue
      case .viewportLayoutPasses: viewportLayoutPasses = newValue
      case .layoutFragmentsReleased: layoutFragmentsReleased = newValue
      case .surfacesCreated: surfacesCreated = newValue
      case .surfacesReused: surfacesReused = newValue
      case .providerCacheRequests: providerCacheRequests = newValue
      case .providerCacheHits: providerCacheHits = newValue
      case .surfaceCacheRequests: surfaceCacheRequests = newValue
      case .surfaceCacheHits: surfaceCacheHits = newValue
      case .fontconfigCalls: fontconfigCalls = newValue
      case .missingGlyphs: missingGlyphs = newValue
      case .blankStickerPixelFrames: blankStickerPixelFrames = newValue
      case .blankFrames: blankFrames = newValue
      case .maxBlankStickerPixels: maxBlankStickerPixels = newValue
      case .stickerFramesLate: stickerFramesLate = newValue
      case .framesPrefetched: framesPrefetched = newValue
      case .prefetchedFramesUsed: prefetchedFramesUsed = newValue
      case .prefetchedFramesWasted: prefetchedFramesWasted = newValue
      case .framesDecodedWhileUnseen: framesDecodedWhileUnseen = newValue
      case .frameCacheHits: frameCacheHits = newValue
      case .frameCacheMisses: frameCacheMisses = newValue
      }
    }
  }

  /// The counter-by-counter difference `lhs - rhs`, used by ``Instrumentation/measure(_:)``; a
  /// maximum (``Counter/isMaximum``) keeps `lhs`'s value, the worst since its window began.
  public static func - (lhs: Counters, rhs: Counters) -> Counters {
    var result = Counters()
    for counter in Counter.allCases {
      result[counter] = counter.isMaximum ? lhs[counter] : lhs[counter] - rhs[counter]
    }
    return result
  }
}
