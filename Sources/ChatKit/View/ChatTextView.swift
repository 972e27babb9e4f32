import AnimationRuntime
import ChatModel
import Foundation
import Instrumentation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// A messenger transcript: one `SDLTextView` where each paragraph is one message.
///
/// A paragraph's `"from"` attribute names its sender and `"time"` holds its display time
/// (see `ChatMessage.Header`). Messages from ``localSender`` sit on the trailing side in coloured
/// bubbles, others on the leading side; a bubble is at most ~72% of the width and shows the sender's
/// name above the text and the time below it, in room reserved by paragraph styles. A message that is
/// exactly one sticker is drawn without a bubble. The view is bottom-anchored like a messenger and
/// shows a "jump to latest" button when scrolled up. ``isHUDVisible`` shows the HUD,
/// ``toggleStickerPolicy(_:)`` switches the sticker reuse policies and ``flashesResets`` flashes
/// stickers whose animation state was reset; the app decides which keys do that (the demo: F1–F4).
///
/// The caret is hidden until a click places it (in-place editing); ``stopEditing()`` hides it again.
/// Messages with a date are grouped under day separators; clicking one collapses its day (see
/// `ChatTextView+Days.swift`).
public final class ChatTextView: SDLTextView {
  /// The bounds of a sticker inside text (the default `StickerAttachment` bounds; the chat
  /// model's `ChatMessage.inlineStickerBounds`).
  public static let inlineStickerBounds = ChatMessage.inlineStickerBounds
  /// The bounds that suit a sticker-only message (`ChatMessage.stickerOnlyBounds`).
  public static let stickerOnlyBounds = ChatMessage.stickerOnlyBounds

  /// The ``localSender`` a view has unless told otherwise: `"me"` (`ChatMessage.defaultLocalSender`).
  public static let defaultLocalSender = ChatMessage.defaultLocalSender

  /// The name of this view's own user: their messages are drawn on the trailing side.
  public let localSender: String
  /// The look; setting it lays every message out again.
  @MainActor public var style: ChatStyle {
    didSet { applyStyle(relayout: true) }
  }
  /// Whether the HUD is drawn (the demo's F1 toggles it).
  public var isHUDVisible = false
  /// The window's renderer and why it was picked, for the HUD (`nil` offscreen).
  public var rendererSummary: String?
  /// Whether stickers whose animation state was just reset flash a red outline (the demo's F4 toggles it).
  public var flashesResets = false
  /// The paragraph index of the message the keyboard focus is on while the list is browsed without
  /// editing (Tab, then Up and Down in the demo), drawn with a focus ring; `nil` for none.
  public var focusedParagraph: Int?
  /// The HUD's drawing.
  @MainActor public let hud = HUDOverlay()
  /// The day day separators are labelled relative to ("Today", "Yesterday"); injected by the app,
  /// never read from the wall clock. `nil` labels every day with its date.
  public var today: ChatDay?
  /// The collapsed days of this view's storage, shared with every chat view on it.
  public let daySections: ChatDaySections
  /// Fps as last reported by ``setFrameStatistics(fps:frameTime:)``.
  public private(set) var fps = 0.0
  /// Frame time in seconds as last reported by ``setFrameStatistics(fps:frameTime:)``.
  public private(set) var frameTime = 0.0

  var layout: ChatLayout
  var resetFlashes = ResetFlashTracker()
  var hasPendingPolicyChange = false
  /// Whether ``renderFrame()`` is running, so fragment geometry may be kept for the rest of the frame.
  var isDrawingFrame = false
  /// Each drawn fragment's geometry, for the frame being drawn; emptied after it.
  var frameGeometry: [ObjectIdentifier: (fragment: TextLayoutFragment, geometry: ChatFragmentGeometry)] = [:]
  /// How many times a fragment's geometry was computed: once per drawn fragment per frame.
  var geometryComputations = 0
  /// Widths of names and times already measured (the measurer never changes), so a frame's
  /// geometry measures only new ones; emptied when it grows past ``measuredWidthLimit``.
  var measuredWidths: [MeasuredText: Double] = [:]
  static let measuredWidthLimit = 4096

  /// Creates a chat view drawing with `renderer`.
  /// - Parameters:
  ///   - storage: The transcript, one message per paragraph.
  ///   - renderer: A window or offscreen renderer; the viewport is its output size.
  ///   - fonts: The fonts to measure and draw with.
  ///   - clock: The clock for animations' effects and the caret (`ManualClock` in tests, `SDLClock` live).
  ///   - instrumentation: The counters the view reports to.
  ///   - localSender: The `"from"` value of this user's messages.
  ///   - scrollCache: The scroll cache's bound (default ``ReuseCacheConfiguration/chatDemo``, the
  ///     chat window's 64 views / 32 MiB; ``ReuseCacheConfiguration/unbounded`` is TextKit's own).
  /// - Throws: `SDLError` when the renderer has no drawable area.
  @MainActor
  public init(
    storage: TextContentManager, renderer: SDLRenderer, fonts: SDLFontSet, clock: any AnimationClock,
    instrumentation: Instrumentation = Instrumentation(), localSender: String = ChatTextView.defaultLocalSender,
    scrollCache: ReuseCacheConfiguration = .chatDemo
  ) throws(SDLError) {
    let size = renderer.outputSize  // pixels: a view needs at least one
    guard size.width > 0, size.height > 0 else {
      throw SDLError(context: "ChatTextView", detail: "the renderer's output is \(size.width)x\(size.height)")
    }
    let style = ChatStyle()
    self.localSender = localSender
    self.style = style
    self.layout = ChatLayout(localSender: localSender, style: style, nameMetrics: .zero, timeMetrics: .zero)
    self.daySections = ChatDaySections.sections(of: storage)
    super.init(storage: storage, renderer: renderer, fonts: fonts, clock: clock, instrumentation: instrumentation)
    pastesNewlinesAsLineBreaks = true
    showsCaret = false
    wantsBottomAnchoring = true
    isAnchoredToBottom = true
    // The bound in force (Apple's default has none) is set before the first pass and shown in the HUD.
    reuseCacheConfiguration = scrollCache
    resetFlashes.update(from: instrumentation, now: clock.now, records: false)
    applyStyle(relayout: false)
    daySections.add(self)
  }

  /// Creates a chat view drawing offscreen with SDL's software renderer into a `width × height`
  /// point surface, `scale` pixels a point (a 2× screen's view is `2 × width` pixels wide, laid
  /// out as the 1× one). `scrollCache` is the scroll cache's bound, as in
  /// ``init(storage:renderer:fonts:clock:instrumentation:localSender:scrollCache:)``.
  /// - Throws: `SDLError` when the surface or renderer cannot be created.
  @MainActor
  public static func offscreen(
    storage: TextContentManager, width: Int, height: Int, scale: Double = 1, fonts: SDLFontSet,
    clock: any AnimationClock, instrumentation: Instrumentation = Instrumentation(),
    localSender: String = ChatTextView.defaultLocalSender, scrollCache: ReuseCacheConfiguration = .chatDemo
  ) throws(SDLError) -> ChatTextView {
    try ChatTextView(
      storage: storage, renderer: SDLRenderer.offscreen(width: width, height: height, scale: scale), fonts: fonts,
      clock: clock,
      instrumentation: instrumentation, localSender: localSender, scrollCache: scrollCache)
  }

  /// Reports the caller's frame statistics for the HUD.
  /// - Parameters:
  ///   - fps: Frames per second.
  ///   - frameTime: The time one frame took, in seconds.
  public func setFrameStatistics(fps: Double, frameTime: Double) {
    self.fps = fps
    self.frameTime = frameTime
  }

  /// How `paragraph` reads as a message in this view.
  public func message(for paragraph: TextParagraph) -> ChatMessage.Header { layout.message(paragraph) }

  // MARK: Reuse policies

  /// The sticker policy registered last (in force from the next pass; see ``stickerPolicy``).
  public private(set) var requestedStickerPolicy: TextAttachmentViewProviderReusePolicy?

  /// The sticker policy in force since the last pass.
  public var stickerPolicy: TextAttachmentViewProviderReusePolicy {
    reusePolicy(forTextAttachmentViewProviderType: StickerViewProvider.self)
  }

  /// Registers `policy` for `StickerViewProvider`; it applies from the next pass, which the next
  /// ``renderFrame()`` runs.
  public func setStickerPolicy(_ policy: TextAttachmentViewProviderReusePolicy) {
    requestedStickerPolicy = policy
    register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
    hasPendingPolicyChange = true
  }

  /// Turns one sticker policy option on or off (what the demo's F2 and F3 do).
  public func toggleStickerPolicy(_ option: TextAttachmentViewProviderReusePolicy) {
    var policy = requestedStickerPolicy ?? stickerPolicy
    if policy.isSuperset(of: option) { policy.subtract(option) } else { policy.formUnion(option) }
    setStickerPolicy(policy)
  }

  // MARK: Overrides

  /// Applies a pending policy change with a pass, then draws the frame.
  @MainActor
  public override func renderFrame() throws(SDLError) {
    if hasPendingPolicyChange {
      hasPendingPolicyChange = false
      setNeedsLayout()
    }
    resetFlashes.update(from: instrumentation, now: clock.now, records: flashesResets)
    isDrawingFrame = true
    defer {
      isDrawingFrame = false
      frameGeometry.removeAll(keepingCapacity: true)
    }
    try super.renderFrame()
  }

  /// Ends in-place editing: hides the caret and collapses the selection at the caret.
  public func stopEditing() {
    showsCaret = false
    setCaret(caretOffset)
  }

  /// Clicks on the "jump to latest" button scroll to the bottom; a click elsewhere shows the caret
  /// for in-place editing. Everything else is the text view's input handling.
  @MainActor @discardableResult
  public override func handle(_ event: TextInputEvent) -> Bool {
    switch event {
    case .mouseDown(let x, let y, _, _) where hitTestJumpToLatest(CGPoint(x: x, y: y)):
      scrollToBottom()
      return true
    case .mouseDown(let x, let y, _, _):
      if let separator = daySeparator(at: CGPoint(x: x, y: y)) {
        toggleDay(separatorAt: separator)
        return true
      }
      showsCaret = true  // clicking into a message edits it where it stands
      return super.handle(event)
    default:
      return super.handle(event)
    }
  }

  /// The room left above a transcript shorter than the viewport: short conversations sit at the bottom.
  public override var contentInsetTop: Double {
    max(0, (viewportSize.height - textLayoutManager.documentHeight).rounded(.down))
  }

  /// Colours by side: light text on outgoing bubbles, dark on incoming ones.
  public override func fragmentColors(for fragment: TextLayoutFragment) -> FragmentColors {
    let style = layout.style
    // While a frame is drawn, the fragment's geometry is known already (its bubble is drawn first).
    let cached = frameGeometry[ObjectIdentifier(fragment)].flatMap { $0.fragment === fragment ? $0.geometry : nil }
    if (cached?.message ?? layout.message(fragment.textParagraph)).isLocal {
      return FragmentColors(text: style.outgoingText, selection: style.outgoingSelection, caret: style.outgoingCaret)
    }
    return FragmentColors(text: style.incomingText, selection: style.incomingSelection, caret: style.incomingCaret)
  }

  @MainActor
  public override func drawBackground(of item: VisibleFragment) throws(SDLError) {
    try drawBubble(of: item)
  }

  /// A message's bubble, where it is opaque (the chat's bubble colours are): a frame drawing inside
  /// it fills neither the view's background nor the bubble's shadow there.
  @MainActor
  public override func opaqueBackgroundRects(of item: VisibleFragment) -> [CGRect] {
    let geometry = geometry(of: item.fragment)
    guard bubbleColor(geometry).alpha == 255, geometry.message.separatedDay == nil, let bubble = geometry.bubble
    else { return [] }
    return SDLCanvas.coveredRects(
      ofRoundedRect: bubble.offsetBy(dx: item.origin.x, dy: item.origin.y), radius: style.cornerRadius,
      scale: renderer.scale)
  }

  @MainActor
  public override func drawDecorations(of item: VisibleFragment) throws(SDLError) {
    try drawNameAndTime(of: item)
    drawFocusRing(of: item)
  }

  @MainActor
  public override func drawAttachmentOverlay(for provider: TextAttachmentViewProvider, in rect: CGRect)
    throws(SDLError)
  {
    drawResetFlash(for: provider, in: rect)
  }

  /// The overlays for damage tracking: the empty state's pill, the "jump to latest" button, the HUD.
  @MainActor
  public override func overlayRegions() -> [DrawnRegion] {
    var regions: [DrawnRegion] = []
    if textContentManager.length == 0 {
      regions.append(DrawnRegion(rect: emptyStatePill(), key: 1, scrollsWithContent: false))
    }
    if let button = jumpToLatestButtonFrame {
      regions.append(
        DrawnRegion(rect: button.insetBy(dx: -1, dy: -1).offsetBy(dx: 0, dy: 1), key: 2, scrollsWithContent: false))
    }
    if isHUDVisible {
      let snapshot = hudSnapshot
      let size = hud.size(for: snapshot, measurer: glyphMeasurer, maximumWidth: viewportSize.width - 20)
      var hasher = Hasher()
      for row in snapshot.rows {
        hasher.combine(row.0)
        hasher.combine(row.1)
      }
      regions.append(
        DrawnRegion(
          rect: CGRect(origin: CGPoint(x: 10, y: 10), size: size).insetBy(dx: -1, dy: -1), key: hasher.finalize(),
          scrollsWithContent: false))
    }
    return regions
  }

  /// A day separator's label (relative to ``today``, with the count of a collapsed day).
  @MainActor
  public override func fragmentDrawingKey(for fragment: TextLayoutFragment) -> Int {
    var hasher = Hasher()
    if let date = geometry(of: fragment).message.separatedDay { hasher.combine(daySeparatorLabel(for: date)) }
    hasher.combine(focusedParagraph.map { textContentManager.paragraph(at: $0) === fragment.textParagraph } ?? false)
    return hasher.finalize()
  }

  /// A reset flash's strength, in the steps it is drawn in.
  @MainActor
  public override func attachmentOverlayKey(for provider: TextAttachmentViewProvider) -> Int {
    guard flashesResets, let intensity = resetFlashes.intensity(for: provider.attachmentID, now: clock.now) else {
      return 0
    }
    return 1 + Int((255 * intensity).rounded())
  }

  /// The text view's next change, or sooner while a reset flash fades (each step of its colour).
  @MainActor
  public override func nextFrameTime() -> Double? {
    let own = super.nextFrameTime()
    guard flashesResets, !resetFlashes.flashes.isEmpty else { return own }
    let fading = clock.now + 1.0 / 60
    return min(own ?? fading, fading)
  }

  @MainActor
  public override func drawOverlays() throws(SDLError) {
    if textContentManager.length == 0 { try drawEmptyState() }
    try drawJumpToLatestButton()
    if isHUDVisible { try drawHUD() }
  }

  /// Rebuilds the layout rules from ``style``; with `relayout`, runs a pass with them.
  @MainActor
  private func applyStyle(relayout: Bool) {
    setNeedsDisplay()
    layout = ChatLayout(localSender: localSender, style: style, measurer: glyphMeasurer)
    colors.background = style.background
    textLayoutManager.delegate = layout
    if relayout { setNeedsLayout() }
  }
}

extension LineMetrics {
  fileprivate static let zero = LineMetrics(ascent: 0, descent: 0, lineHeight: 0)
}
