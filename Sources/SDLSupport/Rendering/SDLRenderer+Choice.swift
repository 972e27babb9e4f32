import CSDL2
import Foundation

extension SDLRenderer {
  /// A window's renderer as chosen, and what the choice came to.
  @MainActor
  public struct Selection {
    /// The renderer.
    public let renderer: SDLRenderer
    /// One line for the user when the renderer is not what was asked for, or why the software
    /// renderer was picked (for example "OpenGL here is llvmpipe …, emulated on the CPU").
    public let note: String?

    /// The renderer's name, with the note when there is one: what the HUD and the report show.
    public var summary: String { note.map { "\(renderer.name) (\($0))" } ?? renderer.name }
  }

  /// Makes `window`'s renderer as `choice` says, falling back to SDL's software renderer (with a
  /// note) whenever OpenGL is emulated on the CPU or cannot start.
  /// - Parameters:
  ///   - window: The window to draw into.
  ///   - choice: The choice, already resolved against `SDL_RENDER_DRIVER`.
  ///   - vsync: Whether presenting waits for the display's refresh.
  ///   - probe: What SDL's accelerated renderer is here, found without risking this process
  ///     (``SDLRendererProbe/probe(executable:arguments:timeout:)``); asked for `.automatic` only.
  /// - Returns: The renderer and its note.
  /// - Throws: ``SDLError`` when not even the software renderer can be made.
  public static func make(
    window: SDLWindow, choice: SDLRendererChoice, vsync: Bool = true,
    probe: () -> Result<SDLRendererProbe.Finding, SDLRendererProbe.Failure>
  ) throws(SDLError) -> Selection {
    switch choice {
    case .software:
      return Selection(renderer: try software(window: window, vsync: vsync), note: nil)
    case .driver(let name):
      if let renderer = try? SDLRenderer(window: window, driver: name, vsync: vsync) {
        return Selection(renderer: renderer, note: nil)
      }
      let reason = driverIndex(named: name) == nil ? "SDL has no renderer '\(name)'" : "'\(name)' could not start"
      return Selection(renderer: try software(window: window, vsync: vsync), note: reason)
    case .automatic:
      switch probe() {
      case .success(let finding) where finding.isSoftwareOpenGL:
        let gl = finding.glRenderer ?? finding.driver
        return Selection(
          renderer: try software(window: window, vsync: vsync), note: "OpenGL here is \(gl), emulated on the CPU")
      case .success(let finding):
        if let renderer = try? SDLRenderer(window: window, driver: finding.driver, vsync: vsync) {
          return Selection(renderer: renderer, note: nil)
        }
        return Selection(
          renderer: try software(window: window, vsync: vsync), note: "'\(finding.driver)' could not start")
      case .failure(let failure):
        return Selection(renderer: try software(window: window, vsync: vsync), note: failure.reason)
      }
    }
  }

  /// SDL's software renderer drawing into the window's own framebuffer. On X11 SDL would otherwise
  /// back that framebuffer with an OpenGL texture (emulated on the CPU where there is no GPU), so
  /// it is told to use the native one (XShm) instead.
  private static func software(window: SDLWindow, vsync: Bool) throws(SDLError) -> SDLRenderer {
    if let video = SDL_GetCurrentVideoDriver(), String(cString: video) == "x11" {
      SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }
    return try SDLRenderer(window: window, driver: "software", vsync: vsync)
  }

  /// The index of SDL's render driver called `name`, or `nil`.
  static func driverIndex(named name: String) -> Int32? {
    for index in 0..<max(0, SDL_GetNumRenderDrivers()) {
      var info = SDL_RendererInfo()
      if SDL_GetRenderDriverInfo(index, &info) == 0, let driver = info.name,
        String(cString: driver).lowercased() == name.lowercased()
      {
        return index
      }
    }
    return nil
  }
}
