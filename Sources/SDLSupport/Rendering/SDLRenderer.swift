import CSDL2
import Foundation
import ReuseKitSupport

/// An `SDL_Renderer`, destroyed in `deinit`: either a window's renderer or a software renderer
/// drawing into an ``SDLSurface``.
///
/// Drawing is given in points; ``scale`` physical pixels make a point (2 on a 2× screen, 1.5 on a
/// 1.5× one), and each rectangle's edges are rounded to whole pixels after multiplying, so
/// adjacent rectangles stay gap-free at any scale. Layout above this type never sees a pixel.
///
/// The offscreen form is explicit (`SDL_CreateSoftwareRenderer`), so headless frames are
/// deterministic: the same calls give the same pixels on every machine with the same fonts.
@MainActor
public final class SDLRenderer {
  /// What the renderer draws into.
  public enum Target {
    /// A window on screen.
    case window(SDLWindow)
    /// An offscreen surface, drawn by SDL's software renderer.
    case surface(SDLSurface)
  }

  /// The wrapped renderer; valid for the lifetime of this object.
  let pointer: OpaquePointer
  /// What this renderer draws into; kept alive as long as the renderer.
  public let target: Target
  /// The window's retained frame, drawn into between presents (see ``retainsFrames``).
  var retainedFrame: RendererTargetTexture?
  /// A texture for moving pixels within the retained frame.
  var scratch: RendererTargetTexture?
  /// The size of a software-rendered window whose own surface is the retained frame, once asked
  /// to retain frames (SDL's software renderer draws into the window's surface, which keeps its
  /// pixels across presents until the window is resized).
  var softwareWindowSize: (width: Int, height: Int)?
  /// Counts the times the target's pixels were lost (a window's retained frame made anew): a view
  /// that drew before a change of this number draws everything again.
  public internal(set) var contentGeneration = 0
  /// The clip rectangle set by ``setClip(_:)``, in viewport pixels: drawing wholly outside it is
  /// skipped before it reaches SDL, and a fill is cut to it.
  private var clip: SDL_Rect?
  /// The viewport set by ``setViewport(_:)``, in target pixels; `nil` for the whole target.
  private var viewport: SDL_Rect?
  /// Where a window's frame drew since the last present, in window pixels.
  var frameDamage = PresentDamage()
  /// What this window's presents pushed to the screen.
  package internal(set) var presentStatistics = SDLPresentStatistics()
  /// Physical pixels per point (1 by default). Changing it changes ``contentGeneration``: what
  /// was drawn is at the old size, so views draw everything again.
  public var scale: Double = 1 {
    didSet {
      precondition(scale.isFinite && scale > 0, "a renderer's scale is a positive number")
      if scale != oldValue { contentGeneration += 1 }
    }
  }

  /// Creates a renderer for a window.
  /// - Parameters:
  ///   - window: The window to draw into.
  ///   - software: Whether to force SDL's software renderer (as headless rendering uses).
  ///   - vsync: Whether presenting waits for the display's refresh.
  /// - Throws: ``SDLError`` when SDL cannot create the renderer.
  /// The system's accelerated renderer is used when it has one, SDL's software renderer otherwise
  /// (the same pixels: the goldens are drawn offscreen by the software renderer either way).
  public init(window: SDLWindow, software: Bool = false, vsync: Bool = true) throws(SDLError) {
    let presentation = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
    let accelerated =
      software ? nil : SDL_CreateRenderer(window.pointer, -1, SDL_RENDERER_ACCELERATED.rawValue | presentation)
    guard
      let renderer = accelerated
        ?? SDL_CreateRenderer(window.pointer, -1, SDL_RENDERER_SOFTWARE.rawValue | presentation)
    else { throw SDLError.fromSDL("SDL_CreateRenderer(window \(window.id))") }
    pointer = renderer
    target = .window(window)
  }

  /// Creates the renderer of SDL's render driver `driver` for a window (`software` for SDL's
  /// software renderer, `opengl`, `opengles2`, …), ignoring `SDL_RENDER_DRIVER`.
  /// - Parameters:
  ///   - window: The window to draw into.
  ///   - driver: The render driver's name.
  ///   - vsync: Whether presenting waits for the display's refresh.
  /// - Throws: ``SDLError`` when SDL has no such driver or it cannot start.
  public convenience init(window: SDLWindow, driver: String, vsync: Bool = true) throws(SDLError) {
    guard let index = Self.driverIndex(named: driver) else {
      throw SDLError(context: "SDL_CreateRenderer", detail: "no render driver named '\(driver)'")
    }
    let presentation = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
    guard let renderer = SDL_CreateRenderer(window.pointer, index, presentation) else {
      throw SDLError.fromSDL("SDL_CreateRenderer(\(driver), window \(window.id))")
    }
    self.init(pointer: renderer, window: window)
  }

  /// Wraps a window's renderer.
  private init(pointer: OpaquePointer, window: SDLWindow) {
    self.pointer = pointer
    target = .window(window)
  }

  /// The renderer's name as SDL reports it (`opengl`, `opengles2`, `software`, …).
  public var name: String {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(pointer, &info) == 0, let name = info.name else { return "unknown" }
    return String(cString: name)
  }

  /// Creates a software renderer that draws into `surface`.
  /// - Parameter surface: The surface that receives every frame.
  /// - Throws: ``SDLError`` when SDL cannot create the renderer.
  public init(surface: SDLSurface) throws(SDLError) {
    guard let renderer = SDL_CreateSoftwareRenderer(surface.pointer) else {
      throw SDLError.fromSDL("SDL_CreateSoftwareRenderer(\(surface.width)x\(surface.height))")
    }
    pointer = renderer
    target = .surface(surface)
  }

  /// Creates an offscreen software renderer on a new transparent surface.
  /// - Parameters:
  ///   - width: Width in pixels.
  ///   - height: Height in pixels.
  /// - Returns: A renderer whose ``target`` is the new surface.
  /// - Throws: ``SDLError`` when allocation fails.
  public static func offscreen(width: Int, height: Int) throws(SDLError) -> SDLRenderer {
    try SDLRenderer(surface: SDLSurface(width: width, height: height))
  }

  /// Creates an offscreen software renderer of `width × height` points at `scale` pixels per
  /// point, on a new transparent surface of the pixels that covers.
  /// - Parameters:
  ///   - width: Width in points.
  ///   - height: Height in points.
  ///   - scale: Physical pixels per point, 0.5 to 8.
  /// - Returns: A renderer whose ``target`` is the new surface and whose ``scale`` is `scale`.
  /// - Throws: ``SDLError`` when allocation fails.
  public static func offscreen(width: Int, height: Int, scale: Double) throws(SDLError) -> SDLRenderer {
    let scale = min(8, max(0.5, scale.isFinite ? scale : 1))
    let renderer = try SDLRenderer(
      surface: SDLSurface(
        width: Int((Double(width) * scale).rounded(.up)), height: Int((Double(height) * scale).rounded(.up))))
    renderer.scale = scale
    renderer.contentGeneration = 0
    return renderer
  }

  /// The size of the drawable area in points: ``outputSize`` divided by ``scale``.
  public var size: CGSize {
    let (width, height) = outputSize
    return CGSize(width: Double(width) / scale, height: Double(height) / scale)
  }

  /// The whole pixels `rect` (points) covers: its edges multiplied by ``scale``, then rounded.
  /// - Parameter rect: A rectangle in points.
  /// - Returns: The rectangle in pixels of the same origin (target or viewport).
  public func pixels(_ rect: CGRect) -> SDL_Rect {
    guard scale != 1 else { return SDL_Rect(pixelAligned: rect) }
    return SDL_Rect(
      pixelAligned: CGRect(
        x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale))
  }

  /// Screen coordinates per point in a window (what mouse events and the IME rectangle use):
  /// ``scale`` over the window's pixels per screen coordinate; ``scale`` offscreen.
  public var screenCoordinatesPerPoint: Double {
    guard case .window(let window) = target else { return scale }
    return scale / window.pixelsPerScreenCoordinate
  }

  /// Whether moving drawn pixels by `dy` points moves them by whole pixels, so a scroll by that
  /// much can move pixels (``scrollPixels(in:by:)``) and draw the same frame as drawing anew.
  public func movesWholePixels(by dy: Double) -> Bool {
    let pixels = dy * scale
    return abs(pixels - pixels.rounded()) < 1e-6
  }

  /// The size of the drawable area in pixels.
  public var outputSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(pointer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Fills the whole target with `color`, ignoring blending.
  public func clear(_ color: TextColor) {
    SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_NONE)
    setDrawColor(color)
    SDL_RenderClear(pointer)
    let (width, height) = outputSize
    noteDrawn(SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height)), inViewport: false)  // SDL clears it all
  }

  /// Moves the origin of all drawing to `rect`'s corner and limits it to `rect` (points), or
  /// restores the whole target with `nil`. Several views can share one window this way.
  public func setViewport(_ rect: CGRect?) {
    viewport = rect.map(pixels)
    if var viewport {
      SDL_RenderSetViewport(pointer, &viewport)
    } else {
      SDL_RenderSetViewport(pointer, nil)
    }
  }

  /// Restricts drawing to `rect` (points, in the viewport), or lifts the restriction with `nil`.
  public func setClip(_ rect: CGRect?) {
    setClip(pixels: rect.map(pixels))
  }

  /// The pixels drawing is restricted to (viewport pixels), or `nil` when it is not.
  public var clipPixels: SDL_Rect? { clip }

  /// Restricts drawing to `rect` (viewport pixels), or lifts the restriction with `nil`.
  public func setClip(pixels rect: SDL_Rect?) {
    clip = rect
    if var clip {
      SDL_RenderSetClipRect(pointer, &clip)
    } else {
      SDL_RenderSetClipRect(pointer, nil)
    }
  }

  /// Fills `rect` (points) with `color`, blending when the colour is translucent.
  public func fill(_ rect: CGRect, color: TextColor) {
    fill(pixels: pixels(rect), color: color)
  }

  /// Fills the pixels of `rect` (viewport pixels) with `color`, blending when it is translucent.
  public func fill(pixels rect: SDL_Rect, color: TextColor) {
    var sdlRect = rect
    if let clip { sdlRect = sdlRect.intersection(clip) }
    guard sdlRect.w > 0, sdlRect.h > 0 else { return }
    noteDrawn(sdlRect)
    if fillDirectly(sdlRect, color: color) { return }
    SDL_SetRenderDrawBlendMode(pointer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    setDrawColor(color)
    SDL_RenderFillRect(pointer, &sdlRect)
  }

  /// Draws `texture` (or its `source` part) into `destination`, blending by its alpha.
  /// - Parameters:
  ///   - texture: A texture created for this renderer.
  ///   - source: The part of the texture to draw, in texture pixels; `nil` for all of it.
  ///   - destination: Where to draw it, in points; scaled when the sizes differ.
  public func copy(_ texture: SDLTexture, source: SDL_Rect? = nil, to destination: CGRect) {
    copy(texture, source: source, toPixels: pixels(destination))
  }

  /// Draws `texture` at its own size in pixels, its top-left corner at `origin` (points) rounded
  /// to the nearest pixel: text and sticker frames rendered for this scale, drawn unscaled.
  public func copy(_ texture: SDLTexture, at origin: CGPoint) {
    let x = Int32((origin.x * scale).rounded())
    let y = Int32((origin.y * scale).rounded())
    copy(texture, toPixels: SDL_Rect(x: x, y: y, w: Int32(texture.width), h: Int32(texture.height)))
  }

  /// Draws `texture` (or its `source` part) into `destination`, in viewport pixels.
  public func copy(_ texture: SDLTexture, source: SDL_Rect? = nil, toPixels destination: SDL_Rect) {
    precondition(texture.renderer === self, "a texture can only be drawn by the renderer that created it")
    var target = destination
    let visible = clip.map(target.intersection) ?? target
    if visible.w <= 0 || visible.h <= 0 { return }
    noteDrawn(visible)
    if var source {
      SDL_RenderCopy(pointer, texture.pointer, &source, &target)
    } else {
      SDL_RenderCopy(pointer, texture.pointer, nil, &target)
    }
  }

  /// Reads the pixels of the current frame.
  /// - Returns: The target's pixels as a straight-alpha image, read as `SDL_PIXELFORMAT_RGBA32`.
  /// - Throws: ``SDLError`` when SDL cannot read them.
  /// - Complexity: O(pixels).
  public func readPixels() throws(SDLError) -> RGBAImage {
    let (width, height) = outputSize
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = pixels.withUnsafeMutableBytes { buffer in
      SDL_RenderReadPixels(pointer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buffer.baseAddress, Int32(width * 4))
    }
    try SDLError.check(status, "SDL_RenderReadPixels(\(width)x\(height))")
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// Adds `rect` to a window's ``frameDamage``.
  /// - Parameters:
  ///   - rect: Pixels drawn, in viewport pixels (or target pixels when `inViewport` is `false`).
  ///   - inViewport: Whether `rect` is relative to the viewport (and cut to it).
  func noteDrawn(_ rect: SDL_Rect, inViewport: Bool = true) {
    guard case .window = target else { return }
    guard inViewport, let viewport else { return frameDamage.add(rect) }
    frameDamage.add(
      SDL_Rect(x: rect.x + viewport.x, y: rect.y + viewport.y, w: rect.w, h: rect.h).intersection(viewport))
  }

  private func setDrawColor(_ color: TextColor) {
    SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
  }

  isolated deinit {
    // Its own textures first: SDL_DestroyRenderer destroys them, and their wrappers would then
    // destroy them again.
    retainedFrame = nil
    scratch = nil
    SDL_DestroyRenderer(pointer)
  }
}
