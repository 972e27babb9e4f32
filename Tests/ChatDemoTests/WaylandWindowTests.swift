import ChatDemoCore
import ChatModel
import Foundation
import ReuseKitTestSupport
import SDLSupport
import Testing

/// The window on Wayland: native where a compositor runs (text typed through the compositor's seat
/// reaches the app's router and is sent and saved), X11 where Wayland cannot start, and the app
/// alive either way.
@Suite(.serialized) struct WaylandWindowTests {
  /// How long a window gets to draw its first frames and be mapped and focused before a test types
  /// into it: keys sent sooner are lost. Longer under a sanitizer, whose runtime slows the app
  /// several times (`make sanitize`), so a loaded machine there still focuses it in time.
  private static let settleMicroseconds: UInt32 = Sanitizers.areOff ? 2_000_000 : 6_000_000
  /// The typing test's `--quit-after`: the settle time, the typing and the save.
  private static let typingRunSeconds = Sanitizers.areOff ? 8 : 14

  @Test func theDriverFollowsTheSession() {
    let works: ([String: String]) -> Result<SDLRendererProbe.Finding, SDLRendererProbe.Failure> = { environment in
      #expect(environment["SDL_VIDEODRIVER"] == "wayland", "the probe runs on Wayland")
      return .success(.init(driver: "software", glRenderer: nil))
    }
    let fails: ([String: String]) -> Result<SDLRendererProbe.Finding, SDLRendererProbe.Failure> = { _ in
      .failure(.init(reason: "the OpenGL probe was killed by signal 11"))
    }
    let session = ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]
    let wayland = SDLVideoDriverChoice.decide(environment: session, probe: works)
    #expect(wayland.driver == "wayland" && wayland.note == nil && wayland.finding?.driver == "software")
    let fallback = SDLVideoDriverChoice.decide(environment: session, probe: fails)
    #expect(fallback.driver == "x11")
    #expect(fallback.note == "Wayland could not start (the OpenGL probe was killed by signal 11); using X11")
    let nowhere = SDLVideoDriverChoice.decide(environment: ["WAYLAND_DISPLAY": "wayland-0"], probe: fails)
    #expect(nowhere.driver == nil && nowhere.note?.hasSuffix("using X11") == false)
    let asked = SDLVideoDriverChoice.decide(
      environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"], probe: works)
    #expect(asked == .init(driver: nil), "the user's SDL_VIDEODRIVER stands, unprobed")
    #expect(SDLVideoDriverChoice.decide(environment: ["DISPLAY": ":0"], probe: works) == .init(driver: nil))
  }

  /// Runs chat-demo's window on `transcript` in `environment`, calling `during` once it is up.
  private func openWindow(
    _ transcript: URL, environment: [String: String], seconds: Int = 8, during: () -> Void = {}
  ) throws -> (status: Int32, output: String) {
    let chatDemo = try #require(SaveKillTests.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let process = Process()
    process.executableURL = chatDemo
    process.arguments = ["--transcript", transcript.path, "--quit-after", String(seconds)]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    // The window is up once the app printed its renderer.
    var printed = Data()
    let deadline = Date().addingTimeInterval(Double(seconds))
    while !String(decoding: printed, as: UTF8.self).contains("renderer:"), Date() < deadline {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      printed += chunk
    }
    usleep(Self.settleMicroseconds)  // its first frames, and the compositor mapping and focusing it
    during()
    printed += output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
  }

  private func transcript() throws -> URL {
    let url = RepositoryAssets.temporaryDirectory().appendingPathComponent("wayland.json")
    try TranscriptFile.save(TranscriptGenerator(messages: 5, seed: 2, stickerEvery: 0).generate(), to: url)
    return url
  }

  @Test(
    .enabled(if: WaylandCompositor.isInstalled, "weston is not installed (make deps installs it)"),
    .timeLimit(.minutes(5)))
  func onWaylandTheWindowIsNativeAndTakesTyping() throws {
    let compositor = try WaylandCompositor.start().get()
    let file = try transcript()
    var typed = false
    let run = try openWindow(file, environment: compositor.clientEnvironment(), seconds: Self.typingRunSeconds) {
      typed = compositor.type("typed on wayland", then: ["Return", "ctrl+s"])
    }
    #expect(typed, "xdotool typed into weston's window")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("chat-demo: video: wayland"), "\(run.output)")
    let saved = try String(contentsOf: file, encoding: .utf8)
    #expect(saved.contains("typed on wayland"), "the message sent through the router was saved: \(run.output)")
  }

  @Test(
    .enabled(if: WaylandCompositor.isInstalled, "weston is not installed (make deps installs it)"),
    .timeLimit(.minutes(5)))
  func onAScaledOutputTheWindowTakesItsScale() throws {
    let compositor = try WaylandCompositor.start(scale: 2).get()
    let run = try openWindow(try transcript(), environment: compositor.clientEnvironment(), seconds: 2)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("chat-demo: video: wayland"), "\(run.output)")
    #expect(run.output.contains("chat-demo: scale: 2× (Wayland output scale 2)"), "\(run.output)")
  }

  @Test(
    .enabled(if: WaylandCompositor.isInstalled, "weston is not installed (make deps installs it)"),
    .timeLimit(.minutes(5)))
  func withoutACompositorTheWindowOpensOnX11() throws {
    let server = try #require(VirtualXServer.start(), "Xvfb is installed (make deps)")
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = server.display
    environment["WAYLAND_DISPLAY"] = "wayland-nobody-listens"
    environment["SDL_VIDEODRIVER"] = nil
    let run = try openWindow(try transcript(), environment: environment, seconds: 1)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("chat-demo: Wayland could not start ("), "\(run.output)")
    #expect(run.output.contains("; using X11"), "\(run.output)")
    #expect(run.output.contains("chat-demo: video: x11"), "\(run.output)")
  }

  /// Weston's headless backend offers no seat, and SDL 2.26 ends the process inside `SDL_Init` on
  /// such a compositor: the probe takes that, and the app opens on X11 (or natively, once SDL does not).
  @Test(
    .enabled(if: WaylandCompositor.isInstalled, "weston is not installed (make deps installs it)"),
    .timeLimit(.minutes(5)))
  func aCompositorSDLCannotUseCostsTheProbeNotTheApp() throws {
    let compositor = try WaylandCompositor.start(headless: true).get()
    let server = try #require(VirtualXServer.start(), "Xvfb is installed (make deps)")
    var environment = compositor.clientEnvironment()
    environment["DISPLAY"] = server.display
    let run = try openWindow(try transcript(), environment: environment, seconds: 1)
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.contains("chat-demo: video: wayland")
        || (run.output.contains("; using X11") && run.output.contains("chat-demo: video: x11")), "\(run.output)")
  }
}
