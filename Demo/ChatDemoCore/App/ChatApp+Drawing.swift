import ChatKit
import Foundation
import ReuseKitSDL
import ReuseKitSupport
import SDLSupport
import TextEngine

/// One frame: the views, then (in the window) the composer's field, the palette and the banner.
extension ChatApp {
  /// Draws one frame of every view; in the window also its own parts, then presents it.
  /// - Throws: ``SDLError`` when drawing fails.
  func drawFrame() throws(SDLError) {
    stickers.runtime.pollWorkers()  // frames the sticker workers finished, and their watchdog
    let layout = router.layout
    if let editorView { try editorView.renderFrame() } else { try chatView.renderFrame() }
    if let secondaryView {
      surface.windowRenderer?.fill(
        CGRect(x: layout.chatRect.maxX, y: 0, width: 2, height: layout.chatRect.height), color: Self.ruleColor)
      secondaryView.setFrameStatistics(fps: chatView.fps, frameTime: chatView.frameTime)
      try secondaryView.renderFrame()
    }
    composer.showsCaret = router.focus == .composer || composer.textContentManager.length > 0
    guard let renderer = surface.windowRenderer, let chrome else {
      try composer.renderFrame()
      return
    }
    let (canvas, labels) = chrome
    let composerFrame = layout.composerFrame
    let composerTextRect = layout.composerTextRect
    renderer.fill(composerFrame, color: TextColor(red: 246, green: 247, blue: 250))
    try canvas.fillRoundedRect(
      composerFrame.insetBy(dx: 8, dy: 7), radius: 18, color: TextColor(red: 255, green: 255, blue: 255))
    try composer.renderFrame()
    if composer.textContentManager.length == 0, composer.markedText.isEmpty {
      try labels.draw(
        "Message — Enter sends, Ctrl+1…9 stickers", attributes: TextAttributes(),
        color: TextColor(red: 150, green: 156, blue: 166), penX: composerTextRect.minX + 4,
        baselineY: composerTextRect.minY + 20)
    }
    try palette.draw(in: layout.paletteRect, canvas: canvas, labels: labels)
    if let status, status.until > clock.now {
      let banner = CGRect(x: 8, y: 8, width: layout.width - 16, height: 30)
      try canvas.fillRoundedRect(banner, radius: 10, color: TextColor(red: 40, green: 44, blue: 52, alpha: 230))
      try labels.draw(
        status.text, attributes: TextAttributes(fontScale: 0.85), color: TextColor(red: 255, green: 255, blue: 255),
        penX: banner.minX + 12, baselineY: banner.minY + 20)
    }
    renderer.present()
  }

  /// The rule between the split's views.
  private static let ruleColor = TextColor(red: 176, green: 180, blue: 188)

  /// The transcript's part of the last frame: view 0, and while split the rule and view 1 beside it.
  /// - Throws: ``SDLError`` when SDL cannot read the pixels.
  func transcriptScreenshot() throws(SDLError) -> RGBAImage {
    let layout = router.layout
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
