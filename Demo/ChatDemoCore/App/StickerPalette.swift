import AnimationRuntime
import Foundation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// The row of sticker buttons under the composer; Ctrl+1…9 press them. Thumbnails animate.
@MainActor
final class StickerPalette {
  /// The stickers, in button order (at most nine).
  let names: [String]
  private var views: [StickerView?]
  /// The thumbnails' textures, uploaded only when a thumbnail's frame changes.
  private let textures: StickerTextureCache
  private var renderer: SDLRenderer { textures.renderer }

  init(runtime: StickerRuntime, renderer: SDLRenderer) {
    textures = StickerTextureCache(renderer: renderer)
    names = Array(runtime.library.names.prefix(9))
    views = names.map { name in
      (try? runtime.player(named: name)).map {
        StickerView(stickerName: name, player: $0, runtime: runtime, frame: CGRect(x: 0, y: 0, width: 34, height: 34))
      }
    }
  }

  /// The button rectangles inside `rect`.
  func buttonFrames(in rect: CGRect) -> [CGRect] {
    Self.buttonFrames(count: names.count, in: rect)
  }

  /// The rectangles of `count` buttons centred in `rect`, in button order.
  /// - Parameters:
  ///   - count: How many buttons the palette has.
  ///   - rect: The palette's strip.
  static func buttonFrames(count: Int, in rect: CGRect) -> [CGRect] {
    let side = min(40, rect.height - 8)
    let gap = 8.0
    let total = Double(count) * side + Double(max(0, count - 1)) * gap
    var x = rect.minX + max(8, (rect.width - total) / 2)
    return (0..<count).map { _ in
      defer { x += side + gap }
      return CGRect(x: x, y: rect.minY + (rect.height - side) / 2, width: side, height: side)
    }
  }

  /// Draws the buttons with the current animation frames.
  func draw(in rect: CGRect, canvas: SDLCanvas, labels: TextTextureCache) throws(SDLError) {
    renderer.fill(rect, color: TextColor(red: 246, green: 247, blue: 250))
    for (index, frame) in buttonFrames(in: rect).enumerated() {
      try canvas.fillRoundedRect(frame, radius: 10, color: TextColor(red: 232, green: 236, blue: 243))
      let pixels = Int(frame.width - 6)
      if let view = views[index], let texture = try textures.texture(for: view, pixelSize: pixels) {
        canvas.draw(texture, in: frame.insetBy(dx: 3, dy: 3))
      }
      try labels.draw(
        "\(index + 1)", attributes: .init(fontScale: 0.6), color: TextColor(red: 120, green: 128, blue: 140),
        penX: frame.maxX - 8, baselineY: frame.maxY - 2)
    }
    textures.endFrame()
  }
}
