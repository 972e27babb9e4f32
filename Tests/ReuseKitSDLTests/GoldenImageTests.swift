import Foundation
import ReuseKitSupport
import SDLSupport
import SDLTestSupport
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Golden images of what the view layer draws. Re-record after an intended change with
/// `RECORD_GOLDENS=1 make record-goldens`, then look at the PNGs.
@Suite @MainActor struct GoldenImageTests {
  private let white = TextColor(red: 255, green: 255, blue: 255)
  private let ink = TextColor(red: 28, green: 28, blue: 36)

  private func verify(_ renderer: SDLRenderer, named name: String) throws {
    renderer.present()
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try renderer.readPixels(), named: name)
    #expect(outcome.passed, "\(outcome.message)")
  }

  /// Lines laid out with the TTF measurer: regular, bold, larger and coloured runs on shared
  /// baselines, a gap where an attachment run is skipped, a selection and a caret.
  @Test func textLines() throws {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 360, height: 88)
    let canvas = SDLCanvas(renderer: renderer)
    let text = TextFragmentRenderer(
      cache: TextTextureCache(renderer: renderer, fonts: environment.fonts), defaultTextColor: ink)
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    renderer.clear(white)

    let red = TextColor(red: 200, green: 40, blue: 40)
    let sticker = TextAttachment(bounds: CGRect(x: 0, y: -3, width: 18, height: 18))
    let lines: [[(String, TextAttributes)]] = [
      [
        ("Happy birthday, ", TextAttributes()), ("Ana", TextAttributes(isBold: true)),
        ("! Coffee at 7?", TextAttributes()),
      ],
      [
        ("Big ", TextAttributes(fontScale: 1.6)), ("and small ", TextAttributes()),
        ("red", TextAttributes(foregroundColor: red)),
      ],
      [
        ("Sticker ", TextAttributes()), ("\u{FFFC}", TextAttributes(attachment: sticker)),
        (" inline, AVA To Wa.", TextAttributes()),
      ],
    ]
    var top = 6.0
    var layouts: [(line: RenderableLine, advances: [Double], height: Double)] = []
    for parts in lines {
      let ascent = parts.map { measurer.lineMetrics(for: $0.1).ascent }.max()!
      let height = parts.map { measurer.lineMetrics(for: $0.1).lineHeight }.max()!
      var x = 0.0
      var runs: [RenderableLine.Run] = []
      var advances: [Double] = []
      for (string, attributes) in parts {
        runs.append(.init(text: string, attributes: attributes, x: x))
        let runAdvances =
          attributes.attachment.map { [$0.bounds.width] } ?? measurer.advances(of: string[...], attributes: attributes)
        advances += runAdvances
        x += runAdvances.reduce(0, +)
      }
      layouts.append(
        (RenderableLine(origin: CGPoint(x: 10, y: top), baselineOffset: ascent, runs: runs), advances, height))
      top += height + 6
    }
    // Select "birthday" on the first line; the caret after "small" on the second.
    let first = layouts[0]
    let selectionStart = first.advances[..<6].reduce(0, +)
    let selectionWidth = first.advances[6..<14].reduce(0, +)
    canvas.fillSelection(
      [CGRect(x: 10 + selectionStart, y: first.line.origin.y, width: selectionWidth, height: first.height)],
      color: TextColor(red: 60, green: 130, blue: 255, alpha: 90))
    try text.draw(layouts.map(\.line))
    let second = layouts[1]
    canvas.drawCaret(
      x: 10 + second.advances[..<13].reduce(0, +), top: second.line.origin.y, height: second.height,
      color: TextColor(red: 20, green: 90, blue: 230))
    // The attachment's slot, outlined where its view would draw.
    let third = layouts[2]
    let slotX = 10 + third.advances[..<8].reduce(0, +)
    canvas.strokeRect(
      CGRect(x: slotX, y: third.line.origin.y + third.line.baselineOffset - 15, width: 18, height: 18),
      color: TextColor(red: 0, green: 160, blue: 90))
    try verify(renderer, named: "text-lines")
  }

  /// Chat bubbles: a received one with a bold name, a translucent sent one, and a red reset outline.
  @Test func bubbleWithText() throws {
    let environment = try SDLTestEnvironment()
    let renderer = try SDLRenderer.offscreen(width: 320, height: 132)
    let canvas = SDLCanvas(renderer: renderer)
    let text = TextFragmentRenderer(
      cache: TextTextureCache(renderer: renderer, fonts: environment.fonts), defaultTextColor: ink)
    let measurer = TTFGlyphMeasurer(fonts: environment.fonts)
    let metrics = measurer.lineMetrics(for: TextAttributes())
    renderer.clear(TextColor(red: 236, green: 229, blue: 221))

    try canvas.fillRoundedRect(CGRect(x: 10, y: 10, width: 210, height: 56), radius: 14, color: white)
    try text.draw([
      RenderableLine(
        origin: CGPoint(x: 22, y: 16), baselineOffset: metrics.ascent,
        runs: [
          .init(
            text: "Ben",
            attributes: TextAttributes(foregroundColor: TextColor(red: 0, green: 120, blue: 90), isBold: true), x: 0)
        ]),
      RenderableLine(
        origin: CGPoint(x: 22, y: 16 + metrics.lineHeight), baselineOffset: metrics.ascent,
        runs: [.init(text: "plain text message", attributes: TextAttributes(), x: 0)]),
    ])
    let sent = CGRect(x: 120, y: 76, width: 190, height: 46)
    try canvas.fillRoundedRect(sent, radius: 18, color: TextColor(red: 40, green: 130, blue: 250, alpha: 200))
    try text.draw(
      RenderableLine(
        origin: CGPoint(x: 136, y: 76 + (46 - metrics.lineHeight) / 2), baselineOffset: metrics.ascent,
        runs: [.init(text: "see you at the party", attributes: TextAttributes(foregroundColor: white), x: 0)]))
    canvas.strokeRect(sent.insetBy(dx: -3, dy: -3), lineWidth: 2, color: TextColor(red: 230, green: 30, blue: 30))
    try verify(renderer, named: "bubble-with-text")
  }

  /// A sticker-like RGBA frame with soft alpha edges over a checkerboard: straight alpha at its
  /// size, premultiplied scaled up, and half-transparent through a streaming texture.
  @Test func blittedRGBAImage() throws {
    _ = try SDLContext()
    let renderer = try SDLRenderer.offscreen(width: 240, height: 100)
    let canvas = SDLCanvas(renderer: renderer)
    renderer.clear(white)
    for row in 0..<10 {
      for column in 0..<24 where (row + column) % 2 == 0 {
        renderer.fill(
          CGRect(x: column * 10, y: row * 10, width: 10, height: 10), color: TextColor(red: 200, green: 200, blue: 200))
      }
    }
    let frame = Self.stickerFrame(side: 64)
    try canvas.draw(frame, in: CGRect(x: 10, y: 18, width: 64, height: 64))
    // The same frame as rlottie renders it (premultiplied words), converted to straight alpha.
    let words = (0..<frame.height).flatMap { y in (0..<frame.width).map { x in Self.premultiply(frame[x, y]) } }
    let premultiplied = RGBAImage(premultipliedARGB: words, width: frame.width, height: frame.height)
    try canvas.draw(premultiplied, in: CGRect(x: 84, y: 10, width: 80, height: 80))
    let texture = try SDLTexture(renderer: renderer, rgba: premultiplied)
    try texture.update(with: frame)
    texture.setModulation(TextColor(red: 255, green: 255, blue: 255, alpha: 128))
    canvas.draw(texture, in: CGRect(x: 170, y: 18, width: 64, height: 64))
    try verify(renderer, named: "rgba-image")
  }

  /// A radial gradient disc (orange centre, magenta rim) whose alpha fades over its last 6 pixels.
  private static func stickerFrame(side: Int) -> RGBAImage {
    var image = RGBAImage(width: side, height: side, fill: 0)
    let center = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        let distance =
          ((Double(x) + 0.5 - center) * (Double(x) + 0.5 - center)
          + (Double(y) + 0.5 - center) * (Double(y) + 0.5 - center)).squareRoot()
        let alpha = max(0, min(1, (center - 2 - distance) / 6))
        let t = min(1, distance / center)
        let red = UInt32(255)
        let green = UInt32((170 * (1 - t)).rounded())
        let blue = UInt32((200 * t).rounded())
        image[x, y] = UInt32((alpha * 255).rounded()) << 24 | red << 16 | green << 8 | blue
      }
    }
    return image
  }

  private static func premultiply(_ pixel: UInt32) -> UInt32 {
    let alpha = pixel >> 24
    func channel(_ shift: UInt32) -> UInt32 { ((((pixel >> shift) & 0xFF) * alpha + 127) / 255) << shift }
    return alpha << 24 | channel(16) | channel(8) | channel(0)
  }
}
