import ChatKit
import Foundation
import ReuseKitSDL
import ReuseKitSupport
import SDLSupport
import TextEngine

/// One frame: the views, then (in the window) the composer's field, the palette and the banner.
extension ChatApp {
  /// Draws one frame: each view draws what changed in it; in the window also its own parts that
  /// changed, then it presents the frame if anything was drawn.
  /// - Returns: Whether anything was drawn (a frame in which nothing changed draws nothing).
  /// - Throws: ``SDLError`` when drawing fails.
  @discardableResult
  package func drawFrame() throws(SDLError) -> Bool {
    // Once a frame, after it is presented: the frame hook (what assistive technologies asked, and
    // what changed; a client's work on the events, in its own process, then never delays the frame).
    defer { frameHook?.run() }
    let frameStart = clock.now
    beginFrame()  // sticker frames due, the workers' answers, a fling's step
    defer { endFrame(deadline: frameStart + Self.refreshInterval) }
    highlightSearchHits()
    let field = stripField
    let views = [editorView ?? chatView, secondaryView, field].compactMap { $0 }
    let before = views.map(\.framesRendered)
    guard let renderer = surface.windowRenderer, let chrome else {
      for view in views { try view.renderFrame() }
      let drew = zip(views, before).contains { $0.framesRendered > $1 }
      if drew { framesDrawn += 1 }
      return drew
    }
    try renderer.retainFrames()
    let layout = state.layout
    let transcript = editorView ?? chatView
    let banner = state.bannerText(at: clock.now)
    let bannerRect = CGRect(x: 8, y: 8, width: layout.width - 16, height: 30)
    // A banner that comes, changes or goes (rarely) lies over both views of a split: all is drawn.
    let full =
      windowDamage.drawnGeneration != renderer.contentGeneration || windowDamage.layout != layout
      || windowDamage.transcript != ObjectIdentifier(transcript) || banner != windowDamage.banner
      || windowDamage.field != ObjectIdentifier(field)
    let composerHint = field.textContentManager.length == 0 && field.markedText.isEmpty
    if composerHint != windowDamage.composerHint { field.setNeedsDisplay() }
    if full { try drawChrome(layout, chrome.canvas, renderer) }
    let covered = banner == nil ? [] : [bannerRect]
    transcript.coveredRects = covered.map { $0.offsetBy(dx: -layout.chatRect.minX, dy: -layout.chatRect.minY) }
    secondaryView?.coveredRects = covered.map {
      $0.offsetBy(dx: -layout.secondaryRect.minX, dy: -layout.secondaryRect.minY)
    }
    try transcript.renderFrame()
    if let secondaryView {
      secondaryView.setFrameStatistics(fps: chatView.fps, frameTime: chatView.frameTime)
      try secondaryView.renderFrame()
    }
    if field === composer {
      composer.showsCaret = state.focus == .composer || composer.textContentManager.length > 0
    } else {
      searchField.showsCaret = state.focus == .search
    }
    try field.renderFrame()
    try drawComposerPlaceholder(layout, chrome.labels, renderer)
    let searchLabel = state.search?.label
    let drawsSearchLabel = searchLabel != nil && (full || searchLabel != windowDamage.searchLabel)
    if drawsSearchLabel, let searchLabel { try drawSearchLabel(searchLabel, layout, chrome, renderer) }
    let paletteKeys = palette.contentKeys(in: layout.paletteRect)
    let old = windowDamage.paletteKeys
    let changedButtons = Set(
      paletteKeys.indices.dropFirst().filter { old.indices.contains($0) && old[$0] != paletteKeys[$0] }.map { $0 - 1 })
    let wholePalette = full || old.count != paletteKeys.count || old.first != paletteKeys.first
    let drawsPalette = wholePalette || !changedButtons.isEmpty
    if drawsPalette {
      try palette.draw(
        in: layout.paletteRect, canvas: chrome.canvas, labels: chrome.labels,
        buttons: wholePalette ? nil : changedButtons)
    }
    // Where the views drew under the banner this frame, in window pixels: the banner goes over it again.
    var underBanner = transcript.lastFrameDamage.map { $0.offsetBy(dx: layout.chatRect.minX, dy: layout.chatRect.minY) }
    if let secondaryView {
      let origin = layout.secondaryRect.origin
      underBanner += secondaryView.lastFrameDamage.map { $0.offsetBy(dx: origin.x, dy: origin.y) }
    }
    if let banner, full || underBanner.contains(where: { $0.intersects(bannerRect) }) {
      try drawBanner(banner, in: bannerRect, clippedTo: full ? nil : underBanner, chrome)
    }
    let drew = full || drawsPalette || drawsSearchLabel || zip(views, before).contains { $0.framesRendered > $1 }
    windowDamage = WindowDamage(
      drawnGeneration: renderer.contentGeneration, layout: layout, paletteKeys: paletteKeys, banner: banner,
      transcript: ObjectIdentifier(transcript), composerHint: composerHint, field: ObjectIdentifier(field),
      searchLabel: searchLabel)
    guard drew else { return false }
    framesDrawn += 1
    renderer.present()
    lastPresent = .now
    return true
  }

  /// The earliest time something on screen changes by itself: a view's caret or animations, the
  /// palette's thumbnails, the banner going; `nil` when nothing will until an event.
  func nextFrameTime() -> Double? {
    if state.fling != nil || search.isCounting { return clock.now }  // a fling moves every frame; a count goes on
    var times = [
      (editorView ?? chatView).nextFrameTime(), secondaryView?.nextFrameTime(), stripField.nextFrameTime(),
      state.search?.dueTime,
    ]
    if surface.windowRenderer != nil {
      times.append(palette.nextFrameTime())
      if let banner = state.banner, banner.until > clock.now { times.append(banner.until) }
    }
    return times.compactMap { $0 }.min()
  }

  /// The window's parts that change only with the layout: the composer's field and the split's rule.
  private func drawChrome(_ layout: ChatWindowLayout, _ canvas: SDLCanvas, _ renderer: SDLRenderer) throws(SDLError) {
    renderer.clear(TextColor(red: 246, green: 247, blue: 250))
    for view in [editorView ?? chatView, secondaryView, stripField].compactMap({ $0 }) { view.setNeedsDisplay() }
    if secondaryView != nil {
      renderer.fill(
        CGRect(x: layout.chatRect.maxX, y: 0, width: 2, height: layout.chatRect.height), color: Self.ruleColor)
    }
    let composerFrame = layout.composerFrame
    renderer.fill(composerFrame, color: TextColor(red: 246, green: 247, blue: 250))
    try canvas.fillRoundedRect(
      composerFrame.insetBy(dx: 8, dy: 7), radius: 18, color: TextColor(red: 255, green: 255, blue: 255))
  }

  /// The view in the composer's strip: the search bar's field while the bar is open, else the composer.
  var stripField: SDLTextView { state.search == nil ? composer : searchField }

  /// The empty field's hint (the composer's, or the search bar's), drawn over what the field drew
  /// this frame (and only there).
  private func drawComposerPlaceholder(_ layout: ChatWindowLayout, _ labels: TextTextureCache, _ renderer: SDLRenderer)
    throws(SDLError)
  {
    let field = stripField
    guard field.textContentManager.length == 0, field.markedText.isEmpty else { return }
    let isSearch = field === searchField
    let textRect = isSearch ? layout.searchTextRect : layout.composerTextRect
    let hint =
      isSearch
      ? "Search messages — Enter older, Shift+Enter newer, Esc closes" : "Message — Enter sends, Ctrl+1…9 stickers"
    defer { renderer.setClip(nil) }
    for rect in field.lastFrameDamage {
      renderer.setClip(rect.offsetBy(dx: textRect.minX, dy: textRect.minY))
      try labels.draw(
        hint, attributes: TextAttributes(), color: TextColor(red: 150, green: 156, blue: 166), penX: textRect.minX + 4,
        baselineY: textRect.minY + 20)
    }
  }

  /// The search bar's label ("3 of 1,204") right of its field, over the field's white.
  private func drawSearchLabel(
    _ text: String, _ layout: ChatWindowLayout, _ chrome: (canvas: SDLCanvas, labels: TextTextureCache),
    _ renderer: SDLRenderer
  ) throws(SDLError) {
    let rect = layout.searchLabelRect
    renderer.setClip(rect)
    defer { renderer.setClip(nil) }
    renderer.fill(rect, color: TextColor(red: 255, green: 255, blue: 255))
    try chrome.labels.draw(
      text, attributes: TextAttributes(fontScale: 0.85), color: TextColor(red: 90, green: 96, blue: 106),
      penX: rect.minX + 8, baselineY: rect.minY + 20)
  }

  /// The banner, whole, or only inside `clips` (where the transcript under it was drawn again).
  private func drawBanner(
    _ text: String, in banner: CGRect, clippedTo clips: [CGRect]?,
    _ chrome: (canvas: SDLCanvas, labels: TextTextureCache)
  ) throws(SDLError) {
    guard let renderer = surface.windowRenderer else { return }
    defer { renderer.setClip(nil) }
    for clip in clips ?? [banner] {
      renderer.setClip(clip)
      try chrome.canvas.fillRoundedRect(
        banner, radius: 10, color: TextColor(red: 40, green: 44, blue: 52, alpha: 230))
      try chrome.labels.draw(
        text, attributes: TextAttributes(fontScale: 0.85), color: TextColor(red: 255, green: 255, blue: 255),
        penX: banner.minX + 12, baselineY: banner.minY + 20)
    }
  }

  /// The rule between the split's views.
  private static let ruleColor = TextColor(red: 176, green: 180, blue: 188)

  /// The transcript's part of the last frame: view 0, and while split the rule and view 1 beside it.
  /// - Throws: ``SDLError`` when SDL cannot read the pixels.
  func transcriptScreenshot() throws(SDLError) -> RGBAImage {
    let layout = state.layout
    if let renderer = surface.windowRenderer { return Self.crop(try renderer.readPixels(), to: layout) }
    let primary = try (editorView ?? chatView).screenshot()
    guard let secondaryView else { return primary }
    return Self.sideBySide(primary, try secondaryView.screenshot(), at: Int(layout.secondaryRect.minX))
  }

  /// The transcript's part of a whole window's pixels.
  private static func crop(_ image: RGBAImage, to layout: ChatWindowLayout) -> RGBAImage {
    let height = min(image.height, Int(layout.chatRect.height))
    var pixels: [UInt32] = []
    pixels.reserveCapacity(image.width * height)
    for y in 0..<height { for x in 0..<image.width { pixels.append(image[x, y]) } }
    return RGBAImage(width: image.width, height: height, argb: pixels)
  }

  /// `left` at x 0 and `right` at x `rightX`, the rule's colour between them, on the taller one's height.
  private static func sideBySide(_ left: RGBAImage, _ right: RGBAImage, at rightX: Int) -> RGBAImage {
    let width = max(left.width, rightX + right.width)
    let height = max(left.height, right.height)
    var pixels = [UInt32](repeating: 0xFFB0_B4BC, count: width * height)
    for y in 0..<left.height {
      for x in 0..<left.width { pixels[y * width + x] = left[x, y] }
    }
    for y in 0..<right.height {
      for x in 0..<right.width { pixels[y * width + rightX + x] = right[x, y] }
    }
    return RGBAImage(width: width, height: height, argb: pixels)
  }
}
