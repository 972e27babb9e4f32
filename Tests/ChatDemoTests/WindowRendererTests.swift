import Foundation
import ReuseKitTestSupport
import SDLSupport
import Testing

/// The window picks the cheapest renderer that works: SDL's software renderer where OpenGL is
/// emulated on the CPU (llvmpipe, as on any machine without GPU drivers), missing (an X server
/// without GLX) or broken (a driver that cannot load, which ends in an X error), and what the
/// user asks for with `--renderer` or `SDL_RENDER_DRIVER`.
@Suite(.serialized) struct WindowRendererTests {
  @Test func choicesParse() {
    #expect(SDLRendererChoice(argument: "software") == .software)
    #expect(SDLRendererChoice(argument: "AUTO") == .automatic)
    #expect(SDLRendererChoice(argument: "opengles2") == .driver("opengles2"))
    #expect(SDLRendererChoice(argument: "") == nil)
    #expect(SDLRendererChoice.automatic.resolved(environment: ["SDL_RENDER_DRIVER": "software"]) == .software)
    #expect(SDLRendererChoice.automatic.resolved(environment: [:]) == .automatic)
    #expect(SDLRendererChoice.software.resolved(environment: ["SDL_RENDER_DRIVER": "opengl"]) == .software)
  }

  @Test func theProbesLineNamesTheDriverAndOpenGL() {
    let llvmpipe = SDLRendererProbe.parse("renderer\topengl\tllvmpipe (LLVM 15.0.6, 256 bits)\n")
    #expect(llvmpipe == .init(driver: "opengl", glRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)"))
    #expect(llvmpipe?.isSoftwareOpenGL == true)
    #expect(SDLRendererProbe.parse("renderer\topengl\tAMD Radeon RX 6600 (radeonsi)")?.isSoftwareOpenGL == false)
    #expect(SDLRendererProbe.parse("renderer\topengles2\t")?.glRenderer == nil)
    #expect(SDLRendererProbe.parse("libGL error: no driver\n") == nil)
  }

  @Test func anXErrorIsSummedUpInOneLine() {
    let xlib = """
      libGL error: MESA-LOADER: failed to open swrast: /nonexistent/swrast_dri.so
      X Error of failed request:  BadValue (integer parameter out of range for operation)
        Major opcode of failed request:  149 (GLX)
        Minor opcode of failed request:  24 (X_GLXCreateNewContext)
        Serial number of failed request:  145
        Current serial number in output stream:  146
      """
    #expect(
      SDLRendererProbe.summary(ofErrors: xlib)
        == "X error BadValue (integer parameter out of range for operation) in X_GLXCreateNewContext")
    #expect(
      SDLRendererProbe.summary(ofErrors: "first\nCouldn't find matching render driver\n")
        == "Couldn't find matching render driver")
    #expect(SDLRendererProbe.summary(ofErrors: "\n") == nil)
  }

  /// Opens chat-demo's window on `server` for a second.
  /// - Returns: Its exit status and what it printed.
  private func openWindow(
    on server: VirtualXServer, arguments: [String] = [], environment extra: [String: String] = [:]
  ) throws -> (status: Int32, output: String) {
    let chatDemo = try #require(SaveKillTests.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let process = Process()
    process.executableURL = chatDemo
    process.arguments = ["--quit-after", "1"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = server.display
    environment["WAYLAND_DISPLAY"] = nil
    environment["SDL_VIDEODRIVER"] = "x11"
    environment["SDL_RENDER_DRIVER"] = nil
    process.environment = environment.merging(extra) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, printed)
  }

  private func rendererLine(_ output: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix("chat-demo: renderer: ") }.map(String.init)
  }

  @Test func withoutGLXTheWindowUsesTheSoftwareRenderer() throws {
    let server = try #require(VirtualXServer.start(arguments: ["-extension", "GLX"]), "Xvfb is installed (make deps)")
    let run = try openWindow(on: server)
    #expect(run.status == 0, "\(run.output)")
    #expect(
      rendererLine(run.output)?.hasPrefix("chat-demo: renderer: software (the OpenGL probe") == true, "\(run.output)")
  }

  @Test func aBrokenOpenGLDriverFallsBackInsteadOfEndingTheApp() throws {
    let server = try #require(VirtualXServer.start(), "Xvfb is installed (make deps)")
    let run = try openWindow(on: server, environment: ["LIBGL_DRIVERS_PATH": "/nonexistent"])
    #expect(run.status == 0, "the X error ends the probe, not the app: \(run.output)")
    #expect(
      rendererLine(run.output)?.hasPrefix("chat-demo: renderer: software (the OpenGL probe") == true, "\(run.output)")
  }

  @Test func llvmpipeIsPassedOverForTheSoftwareRenderer() throws {
    let server = try #require(VirtualXServer.start(), "Xvfb is installed (make deps)")
    let run = try openWindow(on: server)
    #expect(run.status == 0, "\(run.output)")
    let line = try #require(rendererLine(run.output), "\(run.output)")
    #expect(line.hasPrefix("chat-demo: renderer: software (OpenGL here is llvmpipe"), "\(line)")
  }

  @Test func theUserCanAskForARenderer() throws {
    let server = try #require(VirtualXServer.start(), "Xvfb is installed (make deps)")
    let asked = try openWindow(on: server, arguments: ["--renderer", "opengl"])
    #expect(asked.status == 0, "\(asked.output)")
    #expect(rendererLine(asked.output) == "chat-demo: renderer: opengl", "\(asked.output)")
    let named = try openWindow(on: server, environment: ["SDL_RENDER_DRIVER": "software"])
    #expect(rendererLine(named.output) == "chat-demo: renderer: software", "\(named.output)")
    let unknown = try openWindow(on: server, arguments: ["--renderer", "vulkan"])
    #expect(rendererLine(unknown.output) == "chat-demo: renderer: software (SDL has no renderer 'vulkan')")
  }
}
