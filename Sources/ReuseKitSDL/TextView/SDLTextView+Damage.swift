import AnimationRuntime
import Foundation
import SDLSupport
import TextEngine

/// Damage tracking: a frame draws only what changed since the last frame drawn.
///
/// Each frame the view lists what it would draw (``DrawnRegion``s: a region per surface, attachment
/// view, the caret, the composition, the scroll bar and each overlay) and compares it with the last
/// frame's. It redraws the union of what changed, clipped, on the pixels its target kept; when it
/// scrolled by whole pixels it first moves those pixels and draws only the strip that came into
/// view. A frame in which nothing changed draws nothing.
extension SDLTextView {
  /// How far a fragment's surface may paint outside its frame, above and below (a bubble's shadow).
  static let fragmentPaintOutset = 4.0
  /// How far an attachment view's overlay may paint outside its frame (a reset flash's outline).
  static let attachmentPaintOutset = 6.0

  /// Marks the whole view for drawing in the next frame (for a change the regions do not name: a
  /// colour, a style).
  public func setNeedsDisplay() {
    needsFullDisplay = true
  }

  /// The view's rectangle in its own pixels.
  var viewBounds: CGRect { CGRect(origin: .zero, size: viewportSize) }

  /// Where `surface` paints, in view pixels: fragments and other drawable surfaces across the whole
  /// width (their backgrounds and decorations may), attachment views within their frame, or with
  /// their overlay's outset while one shows (`overlaid`).
  func paintRect(of surface: any TextViewportRenderingSurface, overlaid: Bool = true) -> CGRect {
    let rect = viewRect(fromContainer: surface.frame)
    guard surface is any SDLDrawableSurface else {
      let outset = overlaid ? Self.attachmentPaintOutset : 0
      return rect.insetBy(dx: -outset, dy: -outset)
    }
    let outset = Self.fragmentPaintOutset
    return CGRect(x: 0, y: rect.minY - outset, width: viewportSize.width, height: rect.height + 2 * outset)
  }

  /// What a frame shows, gathered once: the regions damage tracking compares, the visible surfaces
  /// drawing walks, and the caret.
  struct FrameContents {
    /// What the frame would draw, by identity.
    var regions: [RegionID: DrawnRegion] = [:]
    /// Objects whose identities name the regions.
    var anchors: [AnyObject] = []
    /// The visible surfaces of the last pass, in drawing order.
    var surfaces: [PaintedSurface] = []
    /// The caret in view pixels when it is shown (for the IME's window), lit or not.
    var caret: CGRect?
    /// The caret as drawn now (its blink's on phase, on screen), with its colour.
    var litCaret: (rect: CGRect, color: TextColor)?
    /// Each visible frame surface's rectangle (view points) and where its frame came from.
    var frames: [(rect: CGRect, origin: FrameOrigin)] = []
    /// What is drawn over the content (the overlays, the rectangles others cover), view points.
    var occluders: [CGRect] = []
    /// Where the overlays paint (``overlayRegions()``), in view pixels.
    var overlays: [CGRect] = []
  }

  /// What the frame would draw now. Each visible surface is looked at once, and each visible frame
  /// surface is asked for its current frame once (the drawing uses it).
  /// - Complexity: O(surfaces in the pass).
  @MainActor
  func currentContents() -> FrameContents {
    var contents = FrameContents()
    // Finding the caret may lay out its paragraph (off screen, when the caret is), which changes the
    // document's height and so the scroll bar: it is done first.
    let caret = showsCaret ? caretRect() : nil
    contents.caret = caret.map(viewRect(fromContainer:))
    contents.litCaret = litCaret(caret)
    let composition = markedText.isEmpty ? nil : (markedText, markedTextCursor, caretOffset)
    let compositionFragment = composition == nil ? nil : caretFragment()
    textViewportLayoutController.enumerateRenderingSurfaces { key, surface in
      guard isVisible(surface.frame) else { return true }
      contents.anchors.append(surface)
      let drawable = surface as? any SDLDrawableSurface
      let provider = drawable == nil ? key as? TextAttachmentViewProvider : nil
      let overlayKey = provider.map(attachmentOverlayKey(for:)) ?? 0
      let paint = paintRect(of: surface, overlaid: overlayKey != 0)
      contents.surfaces.append(PaintedSurface(surface: surface, paint: paint, drawable: drawable, provider: provider))
      var hasher = Hasher()
      if let fragmentSurface = surface as? TextFragmentSurface {
        hasher.combine(ObjectIdentifier(fragmentSurface.fragment))
        contents.anchors.append(fragmentSurface.fragment)
        hasher.combine(fragmentSurface.paragraphIndex)
        hasher.combine(selectionKey(in: fragmentSurface))
        hasher.combine(fragmentDrawingKey(for: fragmentSurface.fragment))
        if fragmentSurface.fragment === compositionFragment, let composition {
          hasher.combine(composition.0)
          hasher.combine(composition.1)
          hasher.combine(composition.2)
        }
      } else if let drawable {
        hasher.combine(drawable.drawingKey)
      } else if provider != nil {
        let rect = viewRect(fromContainer: surface.frame)
        if let frames = surface as? any FrameSurface {
          let pixels = Self.surfacePixelSize(for: rect, scale: renderer.scale)
          hasher.combine(stickerTextures.prepare(frames, pixelWidth: pixels.width, pixelHeight: pixels.height))
          contents.frames.append((rect, frames.lastFrameOrigin))
        } else {
          hasher.combine((surface as? PlaceholderRenderingSurface)?.failureReason)
        }
        hasher.combine(overlayKey)
      }
      hasher.combine(surface.frame.width)
      hasher.combine(surface.frame.height)
      contents.regions[.surface(ObjectIdentifier(surface))] = DrawnRegion(
        rect: paint, key: hasher.finalize(), scrollsWithContent: true)
      return true
    }
    if let caret = contents.litCaret {
      var hasher = Hasher()
      hasher.combine(caret.color.hashValue)
      contents.regions[.caret] = DrawnRegion(
        rect: caret.rect.insetBy(dx: -1, dy: -1), key: hasher.finalize(), scrollsWithContent: true)
    }
    if let composition, let box = compositionBox() {
      var hasher = Hasher()
      hasher.combine(composition.0)
      hasher.combine(composition.1)
      contents.regions[.composition] = DrawnRegion(
        rect: box.insetBy(dx: -2, dy: -1), key: hasher.finalize(), scrollsWithContent: true)
    }
    if showsScrollBar, let thumb = scrollBarThumb {
      contents.regions[.scrollBar] = DrawnRegion(
        rect: thumb.insetBy(dx: -1, dy: -1), key: 0, scrollsWithContent: false)
    }
    for (index, overlay) in overlayRegions().enumerated() {
      contents.regions[.overlay(index)] = overlay
      contents.occluders.append(overlay.rect)
      contents.overlays.append(overlay.rect)
    }
    for (index, covered) in coveredRects.enumerated() {
      contents.regions[.covered(index)] = DrawnRegion(rect: covered, key: 0, scrollsWithContent: false)
      contents.occluders.append(covered)
    }
    return contents
  }

  /// The part of the selection inside a fragment's paragraph, as a key.
  private func selectionKey(in surface: TextFragmentSurface) -> Int {
    guard !selectedRange.isEmpty,
      let start = try? textContentManager.startOffset(ofParagraphAt: surface.paragraphIndex)
    else { return 0 }
    let upperBound = start + surface.fragment.textParagraph.length + 1
    let lower = max(selectedRange.lowerBound, start)
    let upper = min(selectedRange.upperBound, upperBound)
    guard lower < upper else { return 0 }
    var hasher = Hasher()
    hasher.combine(lower - start)
    hasher.combine(upper - start)
    return hasher.finalize()
  }

  /// The caret's rectangle (view pixels) and colour when it is drawn now (shown at `rect`, container
  /// coordinates, on screen, in its blink's on phase), else `nil`. Restarts the blink when the
  /// selection moved since the last frame.
  @MainActor
  private func litCaret(_ rect: CGRect?) -> (rect: CGRect, color: TextColor)? {
    if lastDrawnSelection != selectedRange {
      lastDrawnSelection = selectedRange
      caretEpoch = clock.now
    }
    guard let rect, selectedRange.isEmpty, markedText.isEmpty else { return nil }
    guard !caretBlinkIsOff else { return nil }
    let screen = viewRect(fromContainer: rect)
    guard screen.maxY > 0, screen.minY < viewportSize.height else { return nil }
    let color = caretFragment().map { fragmentColors(for: $0).caret } ?? colors.caret
    return (screen, color)
  }

  /// Whether the blinking caret is in its off phase now.
  var caretBlinkIsOff: Bool {
    caretBlinks && Int(((clock.now - caretEpoch) / caretBlinkInterval).rounded(.down)) % 2 == 1
  }

  /// Whether the caret blinks now: it has an interval, and its blink timeout has not run out.
  var caretBlinks: Bool {
    caretBlinkInterval > 0 && (caretBlinkTimeout <= 0 || clock.now - caretEpoch < caretBlinkTimeout)
  }

  /// The earliest time the caret blinks or a visible attachment view reaches its next frame.
  @MainActor
  func nextOwnFrameTime() -> Double? {
    var next: Double?
    if showsCaret, selectedRange.isEmpty, markedText.isEmpty, caretBlinks, caretRect() != nil {
      let phase = ((clock.now - caretEpoch) / caretBlinkInterval).rounded(.down)
      next = caretEpoch + (phase + 1) * caretBlinkInterval
      // When the blink stops, the caret comes on (if it was off) once more.
      if caretBlinkTimeout > 0 { next = min(next!, caretEpoch + caretBlinkTimeout) }
    }
    textViewportLayoutController.enumerateRenderingSurfaces { _, surface in
      if isVisible(surface.frame), let frames = surface as? any FrameSurface, let time = frames.nextFrameTime {
        next = min(next ?? time, time)
      }
      return true
    }
    return next
  }
}
