import AnimationRuntime
import CSDL2
import Foundation
import SDLSupport
import TextAnalysis
import TextEngine

extension SDLTextView {
  /// A fragment drawn this frame, with its paragraph index and its origin in view pixels.
  public struct VisibleFragment {
    /// The layout fragment drawn.
    public let fragment: TextLayoutFragment
    /// The index of the fragment's paragraph in the storage, as of the last viewport pass.
    public let paragraphIndex: Int
    /// The fragment's top-left corner in view pixels (container coordinates minus the scroll offset).
    public let origin: CGPoint
  }

  /// Draws one frame; see ``renderFrame()``. Only what changed since the last frame drawn is
  /// drawn (``tracksDamage``); a frame in which nothing changed draws and presents nothing.
  @MainActor
  func drawFrame() throws(SDLError) {
    if let trace = instrumentation.trace {
      let blankBefore = instrumentation.totals.blankStickerPixelFrames
      trace.beginFrame()
      defer {
        trace.endFrame(
          blankStickerPixels: instrumentation.totals.blankStickerPixelFrames - blankBefore,
          liveProviders: instrumentation.liveProviderBalance, cachedViews: reuseController.cachedViewCount,
          cachedBytes: reuseController.cachedViewBytes)
      }
      return try drawFrameContents()
    }
    try drawFrameContents()
  }

  @MainActor
  private func drawFrameContents() throws(SDLError) {
    layoutIfNeeded()
    let contents = currentContents()
    let bounds = viewBounds
    let lost = renderer.contentGeneration != drawnContentGeneration || !renderer.retainsFrames
    let plan = damageTracker.plan(
      contents.regions, anchors: contents.anchors, offset: scrollOffset - contentInsetTop, bounds: bounds,
      full: needsFullDisplay || lost || !tracksDamage, allowsBlit: renderer.retainsFrames,
      pixelScale: renderer.scale, extra: renderingAttributeDamage.map(viewRect(fromContainer:)))
    needsFullDisplay = false
    renderingAttributeDamage.removeAll()
    drawnContentGeneration = renderer.contentGeneration
    countFrameTraffic(contents.frames)
    guard !plan.rects.isEmpty || plan.blit != nil else {
      stickerTextures.endFrame()
      lastFrameDamage = []
      lastFrameBlitted = false
      framesSkipped += 1
      return
    }
    renderer.setViewport(targetRect)
    defer {
      renderer.setClip(nil)
      renderer.setViewport(nil)
      drawingBand = nil
    }
    if let dy = plan.blit {
      renderer.setClip(nil)
      try renderer.scrollPixels(in: targetRect ?? bounds, by: dy)
    }
    if let caret = contents.caret { updateTextInputRect(caret) }
    // The surfaces each rectangle draws, by index (not copied: a copy retains each reference).
    var picked: [Int] = []
    picked.reserveCapacity(contents.surfaces.count)
    for rect in plan.rects {
      renderer.setClip(plan.isFull ? nil : rect)
      drawingBand = rect
      picked.removeAll(keepingCapacity: true)
      for index in contents.surfaces.indices where contents.surfaces[index].paint.intersects(rect) {
        picked.append(index)
      }
      if plan.isFull || !isCoveredOpaquely(rect, by: contents.surfaces, at: picked) {
        renderer.fill(rect, color: colors.background)
      }
      try drawRenderingSurfaces(contents.surfaces, at: picked)
      // What lies over the surfaces paints only inside its region, and all drawing is clipped to
      // the rectangle: a rectangle that meets none of it skips it.
      if !markedText.isEmpty, compositionBox()?.intersects(rect) == true { try drawComposition() }
      if let (caret, color) = contents.litCaret, contents.regions[.caret]?.rect.intersects(rect) == true {
        canvas.drawCaret(x: caret.minX, top: caret.minY, height: caret.height, color: color)
      }
      if contents.regions[.scrollBar]?.rect.intersects(rect) == true { try drawScrollBar() }
      if plan.isFull || contents.overlays.contains(where: { $0.intersects(rect) }) { try drawOverlays() }
    }
    stickerTextures.endFrame()
    lastFrameDamage = plan.rects
    lastFrameBlitted = plan.blit != nil
    framesRendered += 1
    countBlankStickers(contents.frames, under: contents.occluders)
    if presentsFrames, case .window = renderer.target { renderer.present() }
  }

  /// A visible surface of the last pass, as drawing takes it: where it paints, and what draws it.
  struct PaintedSurface {
    let surface: any TextViewportRenderingSurface
    /// Where it paints, in view pixels (``paintRect(of:)``).
    let paint: CGRect
    /// The surface itself when it draws itself.
    let drawable: (any SDLDrawableSurface)?
    /// The provider whose attachment view it is, when it is one.
    let provider: TextAttachmentViewProvider?
  }

  /// Draws the `surfaces` at `indices` (those of the last pass that paint inside the damage being
  /// drawn), layer by layer: nothing else draws fragments or attachment views. A ``SDLDrawableSurface`` draws itself;
  /// an attachment view (a sticker, a placeholder) keyed by its provider is drawn in the
  /// ``SDLSurfaceLayer/attachments`` layer.
  /// - Complexity: O(layers × surfaces given).
  @MainActor
  func drawRenderingSurfaces(_ surfaces: [PaintedSurface], at indices: [Int]) throws(SDLError) {
    surfacesDrawn += indices.count
    for layer in SDLSurfaceLayer.allCases {
      for index in indices {
        if let drawable = surfaces[index].drawable {
          try drawable.draw(layer, in: self)
        } else if layer == .attachments, let provider = surfaces[index].provider {
          try drawAttachmentView(surfaces[index].surface, of: provider)
        }
      }
    }
  }

  /// Whether a fragment's background among the `surfaces` at `indices` paints every pixel of `rect` opaque
  /// (``opaqueBackgroundRects(of:)``), so the view's background under it need not be filled.
  @MainActor
  private func isCoveredOpaquely(_ rect: CGRect, by surfaces: [PaintedSurface], at indices: [Int]) -> Bool {
    for index in indices {
      guard let surface = surfaces[index].surface as? TextFragmentSurface else { continue }
      for opaque in opaqueBackgroundRects(of: surface.visibleFragment(in: self)) where opaque.contains(rect) {
        return true
      }
    }
    return false
  }

  /// Whether `box` (view pixels), widened by `reach` on every side, meets the part of the view
  /// being drawn: drawing clipped to that part, a hook may skip what is farther (a message's time
  /// when a sticker above it is drawn).
  public func meetsDrawingBand(_ box: CGRect, reach: Double = 0) -> Bool {
    guard let band = drawingBand else { return true }
    return box.insetBy(dx: -reach, dy: -reach).intersects(band)
  }

  /// Whether `frame` (container coordinates) intersects the viewport vertically.
  func isVisible(_ frame: CGRect) -> Bool {
    let bounds = viewportBounds
    return !frame.isNull && frame.maxY > bounds.minY && frame.minY < bounds.maxY
  }

  /// The fragments whose surfaces the frame draws (those of the last pass that intersect the
  /// viewport), top to bottom.
  public func visibleFragments() -> [VisibleFragment] {
    var result: [VisibleFragment] = []
    textViewportLayoutController.enumerateRenderingSurfaces { _, surface in
      if let surface = surface as? TextFragmentSurface, isVisible(surface.frame) {
        result.append(
          VisibleFragment(
            fragment: surface.fragment, paragraphIndex: surface.paragraphIndex,
            origin: CGPoint(x: surface.frame.minX, y: surface.frame.minY + containerToViewY)))
      }
      return true
    }
    return result
  }

  /// What to add to a container y to get a view y: the top inset minus the scroll offset.
  public var containerToViewY: Double { contentInsetTop - scrollOffset }

  /// Converts a rectangle from container coordinates to view pixels.
  public func viewRect(fromContainer rect: CGRect) -> CGRect { rect.offsetBy(dx: 0, dy: containerToViewY) }

  // MARK: Pieces (called by the surfaces)

  /// The fragment's lines as the text renderer draws them, relative to the fragment's origin: runs
  /// in visual order, a right-to-left run's characters reversed and mirrored.
  /// - Complexity: O(lines); drawing uses ``renderableLines(of:intersectingYFrom:to:)``.
  @MainActor
  public func renderableLines(of fragment: TextLayoutFragment) -> [RenderableLine] {
    renderableLines(of: fragment, in: fragment.textLineFragments.indices)
  }

  /// The fragment's lines that intersect the band from `minY` to `maxY` (fragment coordinates).
  /// - Complexity: O(log lines + characters of the lines returned).
  @MainActor
  public func renderableLines(of fragment: TextLayoutFragment, intersectingYFrom minY: Double, to maxY: Double)
    -> [RenderableLine]
  {
    renderableLines(of: fragment, in: fragment.lineFragmentIndices(intersectingYFrom: minY, to: maxY))
  }

  /// The lines of `indices`, each with the runs that may paint between `columns` (fragment
  /// coordinates; all runs when `nil`, and in the line that opens a gap for the IME composition).
  @MainActor
  private func renderableLines(
    of fragment: TextLayoutFragment, in indices: Range<Int>, columns: ClosedRange<Double>? = nil
  ) -> [RenderableLine] {
    let lines = fragment.textLineFragments
    let splice = compositionSplice()  // the caret's line opens a gap for the IME composition
    var result: [RenderableLine] = []
    result.reserveCapacity(indices.count)
    for index in indices {
      let line = lines[index]
      result.append(
        RenderableLine(
          origin: .zero, baselineOffset: line.baselineOffset,
          runs: renderableRuns(of: line, in: fragment, splice: splice, columns: columns.map { ($0, index) })))
    }
    return result
  }

  /// How far past its advances a run's ink may reach sideways, in line heights: a run farther than
  /// this from the part being drawn is not drawn (it would be clipped away whole).
  static let runInkReach = 2.0

  /// Draws a fragment's text lines in its colours.
  @MainActor
  public func drawText(of item: VisibleFragment) throws(SDLError) {
    textRenderer.defaultTextColor = fragmentColors(for: item.fragment).text
    // Only the lines on screen, and in the part being drawn: found by binary search, so a long
    // message costs what shows. Of those lines, only the runs near the part drawn: a sticker's
    // damage in a line of text draws the runs beside it, not the line.
    let band = drawingBand ?? CGRect(origin: .zero, size: viewportSize)
    let indices = item.fragment.lineFragmentIndices(
      intersectingYFrom: max(0, band.minY) - item.origin.y, to: min(viewportSize.height, band.maxY) - item.origin.y)
    var lines = renderableLines(
      of: item.fragment, in: indices, columns: (band.minX - item.origin.x)...(band.maxX - item.origin.x))
    if textLayoutManager.hasRenderingAttributes(ofParagraph: item.fragment.textParagraph.identifier) {
      // Rendering foreground colours cut the runs they cover; layout is not asked.
      let fragmentLines = item.fragment.textLineFragments
      for (position, index) in indices.enumerated() {
        lines[position].runs = applyingRenderingForeground(
          to: lines[position].runs, of: fragmentLines[index], in: item.fragment)
      }
    }
    try textRenderer.draw(lines, offset: item.origin)
  }

  /// Draws the part of the selection inside a fragment's paragraph.
  @MainActor
  public func drawSelection(in item: VisibleFragment) {
    guard !selectedRange.isEmpty,
      let start = try? textContentManager.startOffset(ofParagraphAt: item.paragraphIndex)
    else { return }
    let paragraph = start..<(start + item.fragment.textParagraph.length + 1)
    let lower = max(selectedRange.lowerBound, paragraph.lowerBound)
    let upper = min(selectedRange.upperBound, paragraph.upperBound)
    guard lower < upper else { return }
    let rects = selectionRects(for: lower..<upper).map(viewRect(fromContainer:))
    canvas.fillSelection(rects, color: fragmentColors(for: item.fragment).selection)
  }

  /// Draws one attachment view's surface (the current frame of a `FrameSurface` such as a sticker,
  /// or a placeholder box), then its overlay.
  @MainActor
  func drawAttachmentView(_ view: any TextViewportRenderingSurface, of provider: TextAttachmentViewProvider)
    throws(SDLError)
  {
    let rect = viewRect(fromContainer: view.frame)
    if let surface = view as? any FrameSurface {
      try drawFrameSurface(surface, in: rect)
    } else {
      drawPlaceholder(in: rect, failed: (view as? PlaceholderRenderingSurface)?.failureReason != nil)
    }
    try drawAttachmentOverlay(for: provider, in: rect)
  }

  /// The side, in pixels, of the frames the view asks a sticker for: its frame's shorter side
  /// times the renderer's pixels per point (a sticker is decoded at the size it shows, sharp on a
  /// 2× screen).
  /// - Parameters:
  ///   - frame: The sticker view's frame, in points.
  ///   - scale: Physical pixels per point.
  public static func stickerPixelSize(for frame: CGRect, scale: Double = 1) -> Int {
    Int((min(frame.width, frame.height) * scale).rounded())
  }

  /// The size, in pixels, of the frames the view asks a frame surface for: its frame's width and
  /// height times the renderer's pixels per point.
  /// - Parameters:
  ///   - frame: The surface's frame, in points.
  ///   - scale: Physical pixels per point.
  /// - Returns: The width and height, each rounded to whole pixels.
  public static func surfacePixelSize(for frame: CGRect, scale: Double = 1) -> (width: Int, height: Int) {
    (Int((frame.width * scale).rounded()), Int((frame.height * scale).rounded()))
  }

  /// Draws a surface's current frame centred in `rect`, scaled down to fit if it is larger: a
  /// rectangular surface fills the rect, a square one takes the shorter side.
  @MainActor
  private func drawFrameSurface(_ surface: any FrameSurface, in rect: CGRect) throws(SDLError) {
    let pixelScale = renderer.scale
    let pixels = Self.surfacePixelSize(for: rect, scale: pixelScale)
    guard let texture = try stickerTextures.texture(for: surface, pixelWidth: pixels.width, pixelHeight: pixels.height)
    else {
      return drawPlaceholder(in: rect, failed: true)
    }
    if surface.lastFrameOrigin == .pending {
      return renderer.fill(rect, color: colors.pendingSticker)  // the skeleton: no frame decoded yet
    }
    let width = Double(texture.width) / pixelScale
    let height = Double(texture.height) / pixelScale
    let scale = min(1, rect.width / max(1 / pixelScale, width), rect.height / max(1 / pixelScale, height))
    let fitted = CGSize(width: width * scale, height: height * scale)
    let origin = CGPoint(x: rect.midX - fitted.width / 2, y: rect.midY - fitted.height / 2)
    if scale == 1 {
      renderer.copy(texture, at: origin)  // a frame decoded at the size it shows: pixel for pixel
    } else {
      canvas.draw(texture, in: CGRect(origin: origin, size: fitted))
    }
  }

  @MainActor
  private func drawPlaceholder(in rect: CGRect, failed: Bool) {
    var fill = colors.placeholder
    fill.alpha = 60
    renderer.fill(rect, color: fill)
    canvas.strokeRect(rect, color: failed ? TextColor(red: 210, green: 60, blue: 60) : colors.placeholder)
    if failed {  // a cross marks a view that failed to load
      let step = max(1, Int(min(rect.width, rect.height) / 8))
      for index in 1..<8 {
        let d = Double(index * step)
        for x in [rect.minX + d, rect.maxX - d - 2] {
          renderer.fill(CGRect(x: x, y: rect.minY + d, width: 2, height: 2), color: colors.placeholder)
        }
      }
    }
  }

  /// The line holding the caret and its fragment's origin in view pixels.
  func caretLine() -> (line: TextLineFragment, origin: CGPoint)? {
    guard let location = try? textContentManager.location(at: caretOffset),
      let fragment = textLayoutManager.textLayoutFragment(for: location),
      let line = fragment.lineFragment(forCharacterAt: location.offset)
    else { return nil }
    let frame = fragment.layoutFragmentFrame
    guard !frame.isNull else { return nil }
    return (line, CGPoint(x: frame.minX, y: frame.minY + containerToViewY))
  }

  /// Tells SDL where the caret is (window views only), so an IME puts its candidate list next to it.
  /// - Parameter caret: The caret in view points; SDL gets it in the window's screen coordinates
  ///   (offset by ``targetRect``, times ``SDLRenderer/screenCoordinatesPerPoint``).
  @MainActor
  private func updateTextInputRect(_ caret: CGRect) {
    let origin = targetRect?.origin ?? .zero
    let factor = renderer.screenCoordinatesPerPoint
    let inPoints = caret.offsetBy(dx: origin.x, dy: origin.y)
    let inWindow = CGRect(
      x: inPoints.minX * factor, y: inPoints.minY * factor, width: inPoints.width * factor,
      height: inPoints.height * factor)
    guard case .window = renderer.target, inWindow != lastTextInputRect else { return }
    lastTextInputRect = inWindow
    var rect = SDL_Rect(pixelAligned: inWindow)
    SDL_SetTextInputRect(&rect)
  }

  func caretFragment() -> TextLayoutFragment? {
    guard let location = try? textContentManager.location(at: caretOffset) else { return nil }
    return textLayoutManager.textLayoutFragment(for: location)
  }

  /// The scroll bar's thumb in view pixels, or `nil` when the whole document fits.
  public var scrollBarThumb: CGRect? {
    let height = viewportSize.height
    let document = textLayoutManager.documentHeight
    guard document > height + 0.5, height > 0 else { return nil }
    let thumbHeight = max(28, height * height / document)
    let fraction = maximumScrollOffset > 0 ? min(1, max(0, scrollOffset / maximumScrollOffset)) : 0
    return CGRect(
      x: viewportSize.width - 8, y: 2 + fraction * (height - 4 - thumbHeight), width: 5, height: thumbHeight)
  }

  @MainActor
  private func drawScrollBar() throws(SDLError) {
    guard let thumb = scrollBarThumb else { return }
    try canvas.fillRoundedRect(thumb, radius: 2.5, color: colors.scrollBar)
  }
}
