import AnimationRuntime
import Foundation
import SDLSupport
import TextEngine

extension ChatTextView {
  /// A string and the attributes it is measured with.
  struct MeasuredText: Hashable {
    let string: String
    let attributes: TextAttributes
  }

  /// The width of `string` drawn with `attributes`, measured once.
  @MainActor
  func width(of string: String, attributes: TextAttributes) -> Double {
    let key = MeasuredText(string: string, attributes: attributes)
    if let width = measuredWidths[key] { return width }
    let width = glyphMeasurer.advances(of: string[...], attributes: attributes).reduce(0, +)
    if measuredWidths.count >= Self.measuredWidthLimit { measuredWidths.removeAll(keepingCapacity: true) }
    measuredWidths[key] = width
    return width
  }

  /// The bubble of `fragment` relative to the fragment, or `nil` for a sticker-only message.
  @MainActor
  public func bubbleFrame(of fragment: TextLayoutFragment) -> CGRect? {
    geometry(of: fragment).bubble
  }

  /// How `fragment` is drawn; computed once per fragment while a frame is drawn, fresh otherwise.
  @MainActor
  func geometry(of fragment: TextLayoutFragment) -> ChatFragmentGeometry {
    let key = ObjectIdentifier(fragment)
    if let cached = frameGeometry[key], cached.fragment === fragment { return cached.geometry }
    geometryComputations += 1
    let message = layout.message(fragment.textParagraph)
    let nameWidth = layout.showsName(message) ? width(of: message.sender ?? "", attributes: style.nameAttributes) : 0
    let timeWidth = message.time.map { width(of: $0, attributes: style.timeAttributes) } ?? 0
    let bubble =
      message.isStickerOnly || message.separatedDay != nil || textContentManager.length == 0
      ? nil : layout.bubbleFrame(of: fragment, message: message, nameWidth: nameWidth, timeWidth: timeWidth)
    let geometry = ChatFragmentGeometry(message: message, bubble: bubble, nameWidth: nameWidth, timeWidth: timeWidth)
    if isDrawingFrame { frameGeometry[key] = (fragment, geometry) }
    return geometry
  }

  @MainActor
  func drawBubble(of item: VisibleFragment) throws(SDLError) {
    let geometry = geometry(of: item.fragment)
    if let date = geometry.message.separatedDay { return try drawDaySeparator(of: item, date: date) }
    guard let bubble = geometry.bubble else { return }
    let rect = bubble.offsetBy(dx: item.origin.x, dy: item.origin.y)
    let color = bubbleColor(geometry)
    let shadow = rect.offsetBy(dx: 0, dy: 1)
    guard meetsDrawingBand(rect.union(shadow), reach: 1) else { return }  // all of it would be clipped away
    if color.alpha == 255 {
      // An opaque bubble hides its shadow but for the corners and the row below: only those are
      // blended (most damage inside a bubble, a sticker's, blends none).
      try canvas.fillRoundedRect(
        shadow, radius: style.cornerRadius, color: style.bubbleShadow, under: rect, coverRadius: style.cornerRadius)
    } else {
      try canvas.fillRoundedRect(shadow, radius: style.cornerRadius, color: style.bubbleShadow)
    }
    try canvas.fillRoundedRect(rect, radius: style.cornerRadius, color: color)
  }

  /// The colour of a message's bubble: the sender's side's.
  @MainActor
  func bubbleColor(_ geometry: ChatFragmentGeometry) -> TextColor {
    geometry.message.isLocal ? style.outgoingBubble : style.incomingBubble
  }

  /// Draws the focus ring around the message the keyboard focus is on (``focusedParagraph``): a
  /// 2-pixel outline just outside its bubble, or around its stickers and time.
  @MainActor
  func drawFocusRing(of item: VisibleFragment) {
    guard let focused = focusedParagraph, item.paragraphIndex == focused else { return }
    let inner =
      geometry(of: item.fragment).bubble
      ?? CGRect(origin: .zero, size: item.fragment.layoutFragmentFrame.size).insetBy(dx: 8, dy: 2)
    let ring = inner.offsetBy(dx: item.origin.x, dy: item.origin.y).insetBy(dx: -3, dy: -2)
    canvas.strokeRect(ring, lineWidth: 2, color: style.focusRing)
  }

  /// Draws the sender's name above the text and the time below it (in a pill under a sticker-only message).
  @MainActor
  func drawNameAndTime(of item: VisibleFragment) throws(SDLError) {
    guard textContentManager.length > 0 else { return }
    let fragment = item.fragment
    let geometry = geometry(of: fragment)
    let message = geometry.message
    guard message.separatedDay == nil else { return }
    let cache = textRenderer.cache
    let nameMetrics = layout.nameMetrics
    let timeMetrics = layout.timeMetrics
    let content: CGRect
    if let bubble = geometry.bubble {
      content = bubble.insetBy(dx: style.bubblePaddingX, dy: 0).offsetBy(dx: item.origin.x, dy: item.origin.y)
    } else {
      let sticker = fragment.attachmentPlacements.first?.frame ?? .zero
      content = CGRect(x: sticker.minX, y: style.messageGap / 2, width: sticker.width, height: 0)
        .offsetBy(dx: item.origin.x, dy: item.origin.y)
    }
    // The name and the time are drawn where their line's ink may reach the part being drawn.
    if layout.showsName(message), let sender = message.sender {
      let top = content.minY + (message.isStickerOnly ? 0 : style.bubblePaddingTop)
      let penX = message.isLocal ? content.maxX - geometry.nameWidth : content.minX
      let line = CGRect(x: penX, y: top, width: geometry.nameWidth, height: nameMetrics.lineHeight)
      if meetsDrawingBand(line, reach: nameMetrics.lineHeight) {
        try cache.draw(
          sender, attributes: style.nameAttributes, color: style.nameColor(for: sender), penX: penX,
          baselineY: top + nameMetrics.ascent)
      }
    }
    guard let time = message.time else { return }
    let timeWidth = geometry.timeWidth
    if message.isStickerOnly {
      let sticker = (fragment.attachmentPlacements.first?.frame ?? .zero).offsetBy(dx: item.origin.x, dy: item.origin.y)
      let pill = CGRect(
        x: sticker.maxX - timeWidth - 16, y: sticker.maxY - timeMetrics.lineHeight - 6, width: timeWidth + 12,
        height: timeMetrics.lineHeight + 2)
      try canvas.fillRoundedRect(pill, radius: pill.height / 2, color: style.stickerTimePill)
      try cache.draw(
        time, attributes: style.timeAttributes, color: TextColor(red: 255, green: 255, blue: 255), penX: pill.minX + 6,
        baselineY: pill.minY + 1 + timeMetrics.ascent)
    } else {
      let bottom = item.origin.y + fragment.height - style.messageGap / 2
      let color = message.isLocal ? style.outgoingTime : style.incomingTime
      let baseline = bottom - style.bubblePaddingBottom - timeMetrics.descent
      let line = CGRect(
        x: content.maxX - timeWidth, y: baseline - timeMetrics.ascent, width: timeWidth, height: timeMetrics.lineHeight)
      guard meetsDrawingBand(line, reach: timeMetrics.lineHeight) else { return }
      try cache.draw(
        time, attributes: style.timeAttributes, color: color, penX: content.maxX - timeWidth, baselineY: baseline)
    }
  }

  @MainActor
  func drawResetFlash(for provider: TextAttachmentViewProvider, in rect: CGRect) {
    guard flashesResets, let intensity = resetFlashes.intensity(for: provider.attachmentID, now: clock.now) else {
      return
    }
    var color = style.resetFlash
    color.alpha = UInt8((255 * intensity).rounded())
    canvas.strokeRect(rect.insetBy(dx: -3, dy: -3), lineWidth: 3, color: color)
  }

  // MARK: Jump to latest

  /// The "jump to latest" button in view pixels, or `nil` when the view shows the latest message.
  public var jumpToLatestButtonFrame: CGRect? {
    guard !isScrolledToBottom else { return nil }
    let side = 40.0
    return CGRect(
      x: viewportSize.width - layout.trailingMargin - side - 4, y: viewportSize.height - side - 14, width: side,
      height: side)
  }

  /// Whether `point` (view pixels) hits the "jump to latest" button while it is shown.
  public func hitTestJumpToLatest(_ point: CGPoint) -> Bool {
    guard let frame = jumpToLatestButtonFrame else { return false }
    let dx = point.x - frame.midX
    let dy = point.y - frame.midY
    return dx * dx + dy * dy <= (frame.width / 2) * (frame.width / 2)
  }

  @MainActor
  func drawJumpToLatestButton() throws(SDLError) {
    guard let frame = jumpToLatestButtonFrame else { return }
    try canvas.fillRoundedRect(frame.offsetBy(dx: 0, dy: 2), radius: frame.width / 2, color: style.bubbleShadow)
    try canvas.fillRoundedRect(frame, radius: frame.width / 2, color: style.incomingBubble)
    // A chevron pointing down, from two rows of small squares.
    let color = style.outgoingBubble
    for step in 0..<7 {
      let d = Double(step)
      let y = frame.midY - 4 + d * 1.2
      renderer.fill(CGRect(x: frame.midX - 9 + d * 1.25, y: y, width: 2.5, height: 2.5), color: color)
      renderer.fill(CGRect(x: frame.midX + 6.5 - d * 1.25, y: y, width: 2.5, height: 2.5), color: color)
    }
  }

  /// Where the empty transcript's pill is drawn, in view pixels.
  @MainActor
  func emptyStatePill() -> CGRect {
    let metrics = glyphMeasurer.lineMetrics(for: Self.emptyStateAttributes)
    let textWidth = width(of: Self.emptyStateText, attributes: Self.emptyStateAttributes)
    return CGRect(
      x: ((viewportSize.width - textWidth) / 2 - 14).rounded(),
      y: ((viewportSize.height - metrics.lineHeight) / 2 - 6).rounded(),
      width: textWidth + 28, height: metrics.lineHeight + 12)
  }

  private static let emptyStateText = "No messages here yet"
  private static var emptyStateAttributes: TextAttributes { TextAttributes(fontScale: 0.93) }

  /// A pill in the middle of an empty transcript.
  @MainActor
  func drawEmptyState() throws(SDLError) {
    let text = Self.emptyStateText
    let attributes = Self.emptyStateAttributes
    let metrics = glyphMeasurer.lineMetrics(for: attributes)
    let pill = emptyStatePill()
    try canvas.fillRoundedRect(pill, radius: pill.height / 2, color: style.stickerTimePill)
    try textRenderer.cache.draw(
      text, attributes: attributes, color: TextColor(red: 255, green: 255, blue: 255), penX: pill.minX + 14,
      baselineY: pill.minY + 6 + metrics.ascent)
  }

  // MARK: HUD

  /// What the HUD shows now.
  public var hudSnapshot: HUDSnapshot {
    var snapshot = HUDSnapshot(
      counters: instrumentation.totals, fps: fps, frameTime: frameTime, framesRendered: framesRendered,
      policy: stickerPolicy, flashesResets: flashesResets, scrollCache: reuseCacheConfiguration,
      cachedViews: cachedViewCount)
    snapshot.renderer = rendererSummary
    return snapshot
  }

  @MainActor
  func drawHUD() throws(SDLError) {
    try hud.draw(
      hudSnapshot, at: CGPoint(x: 10, y: 10), canvas: canvas, text: textRenderer.cache, measurer: glyphMeasurer,
      maximumWidth: viewportSize.width - 20)
  }
}
