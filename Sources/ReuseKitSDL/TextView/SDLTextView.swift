import AnimationRuntime
import Foundation
import Instrumentation
import ReuseKitSupport
import SDLSupport
import TextAnalysis
import TextEngine

/// The SDL text view: TextEngine's headless `TextView` drawn through an `SDLRenderer`.
///
/// It draws a frame by walking the rendering surfaces its last viewport pass assigned (one
/// ``TextFragmentSurface`` per fragment: background, selection, text, decorations; one per attachment
/// view: sticker frames, or a placeholder box; and any a subclass adds, such as a line-number gutter),
/// then the caret, an IME composition inline and a vertical scroll bar, and it turns input (``TextInputEvent``, translated from
/// SDL events) into the core's editing, selection, pasteboard, undo and scrolling calls.
///
/// The core class is not isolated, so this class is not either; everything that touches SDL
/// (initialisation, drawing, input, resizing) is `@MainActor`. Layout measures with a
/// ``TTFGlyphMeasurer`` over the same fonts the text is drawn with, so layout matches the pixels.
///
/// Subclassing: override the hooks under "Overridable hooks" (drawing behind, over and on top of
/// fragments and attachment views, the top inset, the colours of a paragraph), ``renderFrame()``
/// and ``handle(_:)`` to add work around a frame or an event (call `super`), and the viewport
/// hooks (call `super`) to add surfaces of your own; `ChatTextView` (ChatKit) and
/// ``LineNumberTextView`` do. Its other members are `public`, not `open`.
open class SDLTextView: TextView {
  /// The renderer drawn with; replaced by ``resize(width:height:)`` for offscreen targets.
  public private(set) var renderer: SDLRenderer
  /// The fonts text is measured and drawn with.
  public let fonts: SDLFontSet
  /// The measurer layout uses (over ``fonts``).
  public let glyphMeasurer: TTFGlyphMeasurer
  /// Shapes, images and the caret.
  public private(set) var canvas: SDLCanvas
  /// Draws runs of text through a texture cache.
  public private(set) var textRenderer: TextFragmentRenderer
  /// The time source of the caret blink and every timed effect: also the view's
  /// `TextView.animationClock` (TextEngine), which attachment animations follow.
  public let clock: any AnimationClock
  /// Where copy and cut put plain text, and paste reads it from.
  public var clipboard: any TextClipboard
  /// The colours drawn with.
  public var colors = SDLTextViewColors.light
  /// Whether the caret is drawn (false while another control has the keyboard focus).
  public var showsCaret = true
  /// Seconds the caret stays on, then off; 0 or less keeps it on.
  public var caretBlinkInterval = 0.53
  /// Seconds after the last caret move or edit that the caret stops blinking and stays on (GTK's
  /// `gtk-cursor-blink-timeout`, 10 s), so an idle window draws nothing; 0 or less blinks forever.
  public var caretBlinkTimeout = 10.0
  /// Whether the vertical scroll bar is drawn when the document is taller than the viewport.
  public var showsScrollBar = true
  /// Whether pasted plain text keeps its line breaks inside the paragraph (U+2028) instead of splitting it.
  public var pastesNewlinesAsLineBreaks = false
  /// Frames drawn by ``renderFrame()`` so far.
  public var framesRendered = 0
  /// Where on the renderer's target the view draws, or `nil` for the whole target. Lets several
  /// views share one window (the demo's transcript and composer); event coordinates stay the
  /// caller's to translate.
  public var targetRect: CGRect?
  /// Whether ``renderFrame()`` presents a window renderer's frame (default `true`). Turn it off to
  /// draw more (another view, a palette) before presenting.
  public var presentsFrames = true

  /// Whether a frame draws only what changed since the last frame drawn (default `true`); off,
  /// every frame draws the whole view, as a reference for tests and benchmarks.
  public var tracksDamage = true
  /// The rectangles the last frame drew, in view pixels (the whole view for a full frame).
  public internal(set) var lastFrameDamage: [CGRect] = []
  /// Whether the last frame moved the previous frame's pixels (a scroll) instead of drawing them.
  public internal(set) var lastFrameBlitted = false
  /// Frames in which nothing had changed, so nothing was drawn.
  public internal(set) var framesSkipped = 0
  /// Parts of the view (view pixels) that its owner draws over after the view each frame (a
  /// banner): fixed regions for damage tracking, so a scroll draws them again, and where it moved
  /// their pixels, instead of carrying the owner's pixels along with the content.
  public var coveredRects: [CGRect] = []
  /// Rendering surfaces drawn so far (a surface in two damage rectangles is drawn twice).
  public internal(set) var surfacesDrawn = 0
  var damageTracker = DamageTracker()
  var needsFullDisplay = true
  /// Line fragments (container coordinates) whose rendering attributes changed since the last
  /// frame: the next frame draws exactly these again.
  var renderingAttributeDamage: [CGRect] = []
  var drawnContentGeneration = -1
  /// The damage rectangle being drawn (view pixels, whole pixels, the clip), or `nil` outside a
  /// frame: text draws only the lines inside it, and a hook may skip what it would draw wholly
  /// under its own opaque pixels there.
  public internal(set) var drawingBand: CGRect?
  var stickerTextures: StickerTextureCache
  /// Lines' text runs as drawn, kept across frames (``textRuns(ofLine:in:)``).
  var lineRunCache: [LineRunKey: CachedLineRuns] = [:]
  var isDraggingSelection = false
  var caretEpoch = 0.0
  var lastDrawnSelection: Range<Int>?
  /// The caret rectangle last given to `SDL_SetTextInputRect` (window pixels), so the IME's candidate window
  /// follows the caret.
  var lastTextInputRect: CGRect?
  /// The plain text this view last put on the clipboard; a paste of the same text pastes the rich pasteboard.
  var lastClipboardText: String?

  /// Creates a view over `storage` drawing with `renderer`; the viewport is the renderer's output size.
  /// - Parameters:
  ///   - storage: The document.
  ///   - renderer: A window or offscreen renderer.
  ///   - fonts: The fonts to measure and draw with.
  ///   - clock: The clock for the caret blink and timed effects (a `ManualClock` in tests, `SDLClock` live).
  ///   - instrumentation: The counters to report to.
  ///   - clipboard: The clipboard; by default the system clipboard when SDL video runs, else one in memory.
  @MainActor
  public init(
    storage: TextContentManager, renderer: SDLRenderer, fonts: SDLFontSet, clock: any AnimationClock,
    instrumentation: Instrumentation = Instrumentation(), clipboard: (any TextClipboard)? = nil
  ) {
    self.renderer = renderer
    self.fonts = fonts
    self.clock = clock
    let measurer = TTFGlyphMeasurer(fonts: fonts, instrumentation: instrumentation)
    self.glyphMeasurer = measurer
    self.canvas = SDLCanvas(renderer: renderer)
    let textures = TextTextureCache(renderer: renderer, fonts: fonts)
    textures.instrumentation = instrumentation
    self.textRenderer = TextFragmentRenderer(cache: textures)
    self.stickerTextures = StickerTextureCache(renderer: renderer)
    self.clipboard = clipboard ?? (SDLClipboard.isAvailable ? SDLClipboard() : MemoryClipboard())
    super.init(
      storage: storage, viewportSize: renderer.size, glyphMeasurer: measurer,
      instrumentation: instrumentation, animationClock: clock)
    // Lines break by UAX #14 and reorder by the bidi algorithm (ICU, FriBidi). ICU fails to open
    // its iterator only without its data; that is reported (a `.warning` event, and once on
    // standard error) and layout then breaks after spaces, left to right.
    if let analyzer = Self.makeTextAnalyzer(instrumentation: instrumentation) {
      textLayoutManager.textAnalyzer = analyzer
    }
    caretEpoch = clock.now
  }

  /// Changes the view's size. An offscreen view gets a new surface, renderer, text cache and
  /// canvas of that size (at the same scale); a window view keeps its renderer (the window was resized).
  /// - Parameters:
  ///   - width: The new width in points.
  ///   - height: The new height in points.
  /// - Throws: `SDLError` when the new offscreen surface cannot be created; the view is unchanged then.
  @MainActor
  public func resize(width: Int, height: Int) throws(SDLError) {
    if case .surface = renderer.target {
      let replacement = try SDLRenderer.offscreen(width: width, height: height, scale: renderer.scale)
      renderer = replacement
      canvas = SDLCanvas(renderer: replacement)
      let textColor = textRenderer.defaultTextColor
      let textures = TextTextureCache(renderer: replacement, fonts: fonts)
      textures.instrumentation = instrumentation
      textRenderer = TextFragmentRenderer(cache: textures, defaultTextColor: textColor)
      stickerTextures = StickerTextureCache(renderer: replacement)
    }
    setViewportSize(CGSize(width: width, height: height))
  }

  /// Reads the pixels of the last frame drawn.
  /// - Throws: `SDLError` when SDL cannot read them.
  @MainActor
  public func screenshot() throws(SDLError) -> RGBAImage {
    try renderer.readPixels()
  }

  /// Whether the viewport shows the end of the document.
  public var isScrolledToBottom: Bool { scrollOffset >= maximumScrollOffset - 0.5 }

  /// Sticker textures the view holds (one per sticker drawn in the last frame).
  @MainActor var stickerTextureCount: Int { stickerTextures.count }
  /// Sticker frames uploaded to textures so far (only frames that changed are uploaded).
  @MainActor var stickerTextureUploads: Int { stickerTextures.uploads }

  /// Runs a pending viewport pass, then draws the frame: backgrounds, selection, text, decorations,
  /// attachment views, the composition, the caret, the scroll bar and overlays. A window renderer
  /// presents the frame; an offscreen one keeps it for ``screenshot()``.
  /// - Throws: `SDLError` when drawing fails.
  /// - Complexity: O(fragments and attachments in the viewport); off-screen stickers do no work.
  ///
  /// Subclasses may override it to prepare a frame (the chat applies a pending policy change and
  /// updates its reset flashes), then call `super`, which draws.
  @MainActor
  open func renderFrame() throws(SDLError) {
    try drawFrame()
  }

  /// Handles one input event: typing, composition, editing keys, shortcuts, mouse and wheel.
  ///
  /// This is the view's only input entry point; events come from a ``TextInputTranslator`` (one per
  /// event stream) or are built directly. Key presses never insert text: printable text arrives as
  /// ``TextInputEvent/text(_:)``, so a key that types is handled once.
  ///
  /// - Typing and editing: ``TextInputEvent/text(_:)`` inserts (ending any composition); backspace,
  ///   delete; Enter splits the paragraph, Shift+Enter breaks the line.
  /// - Caret: arrows, Home, End (Ctrl+Home/End: document ends), Shift extends the selection.
  /// - Shortcuts (Ctrl or Super): Z undo, Shift+Z or Y redo, X/C/V with ``clipboard``, A select all.
  /// - Mouse: a click places the caret (Shift+click extends), dragging selects, a double click selects a
  ///   word, a triple click the paragraph. The wheel, Page Up and Page Down scroll.
  /// - Returns: Whether the view used the event.
  ///
  /// Subclasses may override it to take some events first (the chat's "jump to latest" button and
  /// day separators) and pass the rest to `super`.
  @MainActor @discardableResult
  open func handle(_ event: TextInputEvent) -> Bool {
    handleInput(event)
  }

  // MARK: Overridable hooks

  /// Space drawn above the document, in pixels (0 by default). The chat returns the room left when the
  /// transcript is shorter than the viewport, so short conversations sit at the bottom like a messenger's.
  open var contentInsetTop: Double { 0 }

  /// Draws behind a fragment's text (the chat draws its bubble here). The default draws nothing.
  @MainActor
  open func drawBackground(of item: VisibleFragment) throws(SDLError) {}

  /// Where ``drawBackground(of:)`` paints every pixel opaque for `item` (view pixels, whole
  /// pixels). A damage rectangle inside one of them skips the view's background fill, which the
  /// fragment's background would cover. The default, for a background that covers nothing, is none.
  @MainActor
  open func opaqueBackgroundRects(of item: VisibleFragment) -> [CGRect] { [] }

  /// Draws over a fragment's text (the chat draws names and times here). The default draws nothing.
  @MainActor
  open func drawDecorations(of item: VisibleFragment) throws(SDLError) {}

  /// Draws on top of an attachment view (the chat flashes resets here). The default draws nothing.
  @MainActor
  open func drawAttachmentOverlay(for provider: TextAttachmentViewProvider, in rect: CGRect) throws(SDLError) {}

  /// Draws over everything else (buttons, the HUD). The default draws nothing.
  @MainActor
  open func drawOverlays() throws(SDLError) {}

  /// What the overlays draw now, for damage tracking: one region per overlay, fixed in the view,
  /// with a key that changes whenever its pixels do. The default is none; a subclass that draws
  /// overlays in ``drawOverlays()`` lists them here, or its overlays are not redrawn when they change
  /// (and a frame drawn by damage draws them only in rectangles that meet these regions).
  @MainActor
  open func overlayRegions() -> [DrawnRegion] { [] }

  /// A key for what the hooks draw for `fragment` beyond the fragment itself (state of the view's
  /// own, such as a collapsed day's label); damage tracking redraws the fragment when it changes.
  /// The default, for hooks that draw only what the fragment holds, is 0.
  @MainActor
  open func fragmentDrawingKey(for fragment: TextLayoutFragment) -> Int { 0 }

  /// A key for what ``drawAttachmentOverlay(for:in:)`` draws on `provider`'s view now: 0 for
  /// nothing, else a value that changes whenever the overlay's pixels do (the overlay may then
  /// paint up to 6 pixels outside the view). The default, for no overlay, is 0.
  @MainActor
  open func attachmentOverlayKey(for provider: TextAttachmentViewProvider) -> Int { 0 }

  /// When the view's pixels next change by themselves (the caret blinks, a visible animation
  /// reaches its next frame), in clock time, or `nil` when nothing will change until an event.
  ///
  /// A loop that sleeps until then and then draws a frame misses no change. Subclasses with timed
  /// effects of their own take the earlier of theirs and `super`'s.
  /// - Complexity: O(attachment views in the viewport).
  @MainActor
  open func nextFrameTime() -> Double? {
    nextOwnFrameTime()
  }

  /// A ``TextFragmentSurface`` for `fragment` (drawing relies on it, so subclasses do not replace it).
  public override func makeRenderingSurface(for fragment: TextLayoutFragment) -> any TextViewportRenderingSurface {
    TextFragmentSurface(fragment: fragment)
  }

  /// Positions the fragment's surface (made by ``makeRenderingSurface(for:)`` or kept from the last
  /// pass by the surface cache hooks) and shows its attachments, then tells the surface its
  /// paragraph index.
  ///
  /// Subclasses may override it to add surfaces of their own for the fragment (``LineNumberTextView``
  /// adds its line number), calling `super` first.
  open override func textViewportLayoutController(
    _ textViewportLayoutController: TextViewportLayoutController,
    configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
  ) {
    super.textViewportLayoutController(textViewportLayoutController, configureRenderingSurfaceFor: textLayoutFragment)
    if let surface = textViewportLayoutController.renderingSurface(for: textLayoutFragment) as? TextFragmentSurface {
      surface.paragraphIndex = textContentManager.index(of: textLayoutFragment.textParagraph) ?? 0
    }
  }

  /// Marks the line fragments whose rendering attributes changed (container coordinates) for the
  /// next frame, which draws exactly them again (``lastFrameDamage``); nothing is laid out.
  /// - Parameter rects: The line fragments on screen showing the change.
  open override func setNeedsDisplay(renderingAttributeLineRects rects: [CGRect]) {
    super.setNeedsDisplay(renderingAttributeLineRects: rects)
    renderingAttributeDamage += rects
  }

  /// The colours of one paragraph's text, selection and caret. The default uses ``colors``.
  open func fragmentColors(for fragment: TextLayoutFragment) -> FragmentColors {
    FragmentColors(text: colors.text, selection: colors.selection, caret: colors.caret)
  }
}
