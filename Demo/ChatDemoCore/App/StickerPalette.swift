import AnimationRuntime
import Foundation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// The row of sticker buttons under the composer, nine to a page; Ctrl+1…9 press them and
/// Ctrl+0 turns the page. Thumbnails animate; a sticker that cannot be loaded shows the placeholder.
@MainActor
final class StickerPalette {
  /// Buttons on one page.
  static let pageSize = 9

  /// Every sticker, in library order.
  let names: [String]
  /// The page shown, from 0.
  private(set) var page = 0
  /// Views are made when their page is first shown (so a large pack loads lazily).
  private var views: [Int: StickerView] = [:]
  private let runtime: StickerRuntime
  /// The thumbnails' textures, uploaded only when a thumbnail's frame changes.
  private let textures: StickerTextureCache
  private var renderer: SDLRenderer { textures.renderer }

  init(runtime: StickerRuntime, renderer: SDLRenderer) {
    self.runtime = runtime
    textures = StickerTextureCache(renderer: renderer)
    names = runtime.library.names
  }

  /// How many pages the palette has (at least 1).
  var pageCount: Int { max(1, (names.count + Self.pageSize - 1) / Self.pageSize) }

  /// How many buttons a page shows: the router's hit targets.
  var buttonCount: Int { min(Self.pageSize, names.count) }

  /// The sticker under button `index` of the current page, if any.
  func name(at index: Int) -> String? {
    let position = page * Self.pageSize + index
    return index >= 0 && index < Self.pageSize && names.indices.contains(position) ? names[position] : nil
  }

  /// Shows the next page, wrapping to the first.
  func turnPage() {
    page = (page + 1) % pageCount
  }

  /// The button rectangles inside `rect`.
  func buttonFrames(in rect: CGRect) -> [CGRect] {
    Self.buttonFrames(count: buttonCount, in: rect)
  }

  /// The rectangles of `count` buttons centred in `rect`, in button order.
  /// - Parameters:
  ///   - count: How many buttons the palette has.
  ///   - rect: The palette's strip.
  nonisolated static func buttonFrames(count: Int, in rect: CGRect) -> [CGRect] {
    let side = min(40, rect.height - 8)
    let gap = 8.0
    let total = Double(count) * side + Double(max(0, count - 1)) * gap
    var x = rect.minX + max(8, (rect.width - total) / 2)
    return (0..<count).map { _ in
      defer { x += side + gap }
      return CGRect(x: x, y: rect.minY + (rect.height - side) / 2, width: side, height: side)
    }
  }

  /// The view of the sticker at `position` in ``names``, made on first use.
  private func view(at position: Int) -> StickerView {
    if let view = views[position] { return view }
    let name = names[position]
    let frame = CGRect(x: 0, y: 0, width: 34, height: 34)
    let view: StickerView
    do {
      view = StickerView(stickerName: name, player: try runtime.player(named: name), runtime: runtime, frame: frame)
    } catch {
      view = StickerView(placeholderFor: name, reason: error.description, runtime: runtime, frame: frame)
    }
    if isPaused { view.animationState.pause() }
    views[position] = view
    return view
  }

  /// Whether the thumbnails stand still (their animations paused where they are).
  var isPaused = false {
    didSet {
      for view in views.values { isPaused ? view.animationState.pause() : view.animationState.resume() }
    }
  }

  /// Keys that change whenever the palette's pixels in `rect` would: the page's, and each button's
  /// (its thumbnail's current frame, asked for once; ``draw(in:canvas:labels:buttons:)`` uses it).
  func contentKeys(in rect: CGRect) -> [Int] {
    var keys = [page * 1_000 + pageCount]
    for (index, frame) in buttonFrames(in: rect).enumerated() {
      let position = page * Self.pageSize + index
      keys.append(
        names.indices.contains(position) ? textures.prepare(view(at: position), pixelSize: Int(frame.width - 6)) : 0)
    }
    return keys
  }

  /// When a thumbnail of the current page reaches its next frame, or `nil`.
  func nextFrameTime() -> Double? {
    (0..<buttonCount).compactMap { index -> Double? in
      let position = page * Self.pageSize + index
      return names.indices.contains(position) ? view(at: position).nextFrameTime : nil
    }.min()
  }

  /// Draws the current page's buttons with the current animation frames, and the page number; with
  /// `buttons`, only those buttons (their thumbnails changed), each inside its own square.
  func draw(in rect: CGRect, canvas: SDLCanvas, labels: TextTextureCache, buttons: Set<Int>? = nil)
    throws(SDLError)
  {
    defer { renderer.setClip(nil) }
    if buttons == nil { renderer.fill(rect, color: Self.background) }
    for (index, frame) in buttonFrames(in: rect).enumerated() where buttons?.contains(index) ?? true {
      if buttons != nil {  // one button again: exactly its square
        renderer.setClip(frame)
        renderer.fill(frame, color: Self.background)
      }
      try canvas.fillRoundedRect(frame, radius: 10, color: TextColor(red: 232, green: 236, blue: 243))
      let position = page * Self.pageSize + index
      guard names.indices.contains(position) else { continue }
      let pixels = Int(((frame.width - 6) * renderer.scale).rounded())  // decoded at the size it shows
      if let texture = try textures.texture(for: view(at: position), pixelSize: pixels) {
        canvas.draw(texture, in: frame.insetBy(dx: 3, dy: 3))
      }
      try labels.draw(
        "\(index + 1)", attributes: .init(fontScale: 0.6), color: TextColor(red: 120, green: 128, blue: 140),
        penX: frame.maxX - 8, baselineY: frame.maxY - 2)
    }
    renderer.setClip(nil)
    if buttons == nil, pageCount > 1 {
      try labels.draw(
        "\(page + 1)/\(pageCount) ⌃0", attributes: .init(fontScale: 0.6),
        color: TextColor(red: 120, green: 128, blue: 140), penX: rect.maxX - 52, baselineY: rect.maxY - 4)
    }
    textures.endFrame()
  }

  private static let background = TextColor(red: 246, green: 247, blue: 250)
}
