import CSDL2

/// An `SDL_Window`, destroyed in `deinit`.
@MainActor
public final class SDLWindow {
  /// The wrapped window; valid for the lifetime of this object.
  package let pointer: OpaquePointer
  private let context: SDLContext

  /// Opens a window centred on the first display.
  /// - Parameters:
  ///   - context: A context created with `video: true`.
  ///   - title: The window title.
  ///   - width: Width in screen coordinates.
  ///   - height: Height in screen coordinates.
  ///   - resizable: Whether the user may resize the window.
  ///   - highDPI: Whether to ask for a drawable of the display's pixels where the platform's
  ///     screen coordinates are not pixels (`SDL_WINDOW_ALLOW_HIGHDPI`: Wayland with an output
  ///     scale; on X11 screen coordinates are pixels either way).
  /// - Throws: ``SDLError`` when the context has no video or SDL cannot open the window.
  public init(
    context: SDLContext, title: String, width: Int, height: Int, resizable: Bool = true, highDPI: Bool = false
  ) throws(SDLError) {
    guard context.hasVideo else {
      throw SDLError(context: "SDLWindow(\(title))", detail: "the SDLContext was created without video")
    }
    var flags = SDL_WINDOW_SHOWN.rawValue
    if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
    if highDPI { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue }
    let centered = SDLMacros.windowPositionCentered()
    guard
      let window = SDL_CreateWindow(title, centered, centered, Int32(width), Int32(height), flags)
    else { throw SDLError.fromSDL("SDL_CreateWindow(\(width)x\(height))") }
    pointer = window
    self.context = context
  }

  /// SDL's identifier of the window, as found in window events.
  public var id: UInt32 { SDL_GetWindowID(pointer) }

  /// Whether nobody can see the window: hidden (unmapped) or minimized. A loop draws nothing then.
  public var isHidden: Bool {
    SDL_GetWindowFlags(pointer) & (SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_MINIMIZED.rawValue) != 0
  }

  /// Hides the window (unmaps it), as a user minimizing or hiding it does.
  public func hide() { SDL_HideWindow(pointer) }

  /// Whether the window has the keyboard focus.
  public var hasInputFocus: Bool { SDL_GetWindowFlags(pointer) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 }

  /// The window's size in screen coordinates.
  public var size: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(pointer, &width, &height)
    return (Int(width), Int(height))
  }

  /// The window's size in pixels (its drawable's: larger than ``size`` on a high-DPI Wayland output).
  public var pixelSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSizeInPixels(pointer, &width, &height)
    return (Int(width), Int(height))
  }

  /// Pixels per screen coordinate: the platform's own scale (a Wayland output's, with ``init(context:title:width:height:resizable:highDPI:)``'s
  /// `highDPI`), 1 where screen coordinates are pixels (X11).
  public var pixelsPerScreenCoordinate: Double {
    let (points, pixels) = (size.width, pixelSize.width)
    return points > 0 && pixels > 0 ? Double(pixels) / Double(points) : 1
  }

  /// Resizes the window, in screen coordinates.
  public func setSize(width: Int, height: Int) {
    SDL_SetWindowSize(pointer, Int32(width), Int32(height))
  }

  /// The window title.
  public var title: String {
    get { String(cString: SDL_GetWindowTitle(pointer)) }
    set { SDL_SetWindowTitle(pointer, newValue) }
  }

  isolated deinit {
    SDL_DestroyWindow(pointer)
  }
}
