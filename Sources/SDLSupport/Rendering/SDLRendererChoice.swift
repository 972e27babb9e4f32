/// Which SDL renderer a window draws with (`chat-demo --renderer`).
public enum SDLRendererChoice: Equatable, Sendable {
  /// The cheapest renderer on this machine: SDL's accelerated renderer when OpenGL runs on a GPU,
  /// SDL's software renderer when OpenGL is emulated on the CPU (Mesa's llvmpipe, softpipe or
  /// swrast) or cannot start at all. `SDL_RENDER_DRIVER` in the environment names a driver instead.
  case automatic
  /// SDL's software renderer, drawing straight into the window's framebuffer (XShm on X11),
  /// without OpenGL.
  case software
  /// The SDL render driver of that name (`opengl`, `opengles2`, …); SDL's software renderer, with
  /// a note, when it is not there or cannot start.
  case driver(String)

  /// The choice a `--renderer` value names: `auto`, `software`, or an SDL render driver's name.
  /// - Parameter argument: The value, compared without regard to case.
  /// - Returns: The choice, or `nil` for an empty value.
  public init?(argument: String) {
    let name = argument.lowercased()
    switch name {
    case "": return nil
    case "auto", "automatic": self = .automatic
    case "software": self = .software
    default: self = .driver(name)
    }
  }

  /// The choice `SDL_RENDER_DRIVER` makes of `.automatic` (SDL's own variable for the same thing).
  /// - Parameter environment: The process's environment.
  /// - Returns: `self` unless it is `.automatic` and the variable names a driver.
  public func resolved(environment: [String: String]) -> SDLRendererChoice {
    guard self == .automatic, let named = environment["SDL_RENDER_DRIVER"].flatMap(Self.init(argument:)) else {
      return self
    }
    return named
  }
}
