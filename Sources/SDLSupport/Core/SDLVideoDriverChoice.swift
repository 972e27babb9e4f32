import CSDL2
import Foundation

/// Which of SDL's video drivers a window opens on: Wayland natively where a Wayland session runs
/// (SDL 2 would otherwise take X11, through XWayland), X11 where Wayland cannot start.
///
/// Whether Wayland can start is asked of a child process (``SDLRendererProbe``), as the renderer
/// is: SDL 2.26 ends the process inside `SDL_Init` on some compositors (one without a seat), so
/// the answer must cost the child, not the app.
public enum SDLVideoDriverChoice {
  /// What was decided.
  public struct Decision: Equatable, Sendable {
    /// The driver to set as `SDL_VIDEODRIVER`, or `nil` to leave SDL's own choice.
    public var driver: String?
    /// One line for the user when Wayland was wanted and could not start.
    public var note: String?
    /// The probe's finding under the chosen driver, when it ran: the renderer choice can use it
    /// instead of probing again.
    public var finding: SDLRendererProbe.Finding?

    /// Creates a decision.
    /// - Parameters:
    ///   - driver: The driver to set, or `nil`.
    ///   - note: The line for the user, or `nil`.
    ///   - finding: The probe's finding, or `nil`.
    public init(driver: String?, note: String? = nil, finding: SDLRendererProbe.Finding? = nil) {
      self.driver = driver
      self.note = note
      self.finding = finding
    }
  }

  /// Decides the video driver for `environment`.
  ///
  /// `SDL_VIDEODRIVER` set by the user is kept. Otherwise, with `WAYLAND_DISPLAY` set, Wayland is
  /// probed: it is taken when the probe succeeds; when it fails, X11 is taken if `DISPLAY` is set
  /// (with a note), and SDL's own choice otherwise.
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - probe: Runs the probe with the given environment.
  /// - Returns: The decision.
  public static func decide(
    environment: [String: String],
    probe: ([String: String]) -> Result<SDLRendererProbe.Finding, SDLRendererProbe.Failure>
  ) -> Decision {
    if let asked = environment["SDL_VIDEODRIVER"], !asked.isEmpty { return Decision(driver: nil) }
    guard let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty else { return Decision(driver: nil) }
    var probed = environment
    probed["SDL_VIDEODRIVER"] = "wayland"
    switch probe(probed) {
    case .success(let finding):
      return Decision(driver: "wayland", finding: finding)
    case .failure(let failure):
      let hasX11 = !(environment["DISPLAY"] ?? "").isEmpty
      return Decision(
        driver: hasX11 ? "x11" : nil,
        note: "Wayland could not start (\(failure.reason))" + (hasX11 ? "; using X11" : ""))
    }
  }

  /// The video driver SDL is running, once video is initialised (`x11`, `wayland`, `dummy`, …).
  @MainActor
  public static var current: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }
}
