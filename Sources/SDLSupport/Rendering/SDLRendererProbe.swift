import CSDL2
import Foundation

/// Finds out, in a child process, what SDL's accelerated renderer is on this display, so that a
/// broken OpenGL stack (an X error while creating the context, a driver that crashes) costs the
/// child and not the app.
public enum SDLRendererProbe {
  /// What the probe found.
  public struct Finding: Equatable, Sendable {
    /// SDL's name of the accelerated renderer (`opengl`, `opengles2`, …).
    public var driver: String
    /// OpenGL's `GL_RENDERER` string, when the renderer is an OpenGL one.
    public var glRenderer: String?

    /// Creates a finding.
    /// - Parameters:
    ///   - driver: SDL's name of the renderer.
    ///   - glRenderer: OpenGL's `GL_RENDERER`, or `nil`.
    public init(driver: String, glRenderer: String?) {
      self.driver = driver
      self.glRenderer = glRenderer
    }

    /// Whether OpenGL is emulated on the CPU (Mesa's llvmpipe, softpipe or swrast, or a renderer
    /// that calls itself a software rasterizer): SDL's own software renderer is cheaper then.
    public var isSoftwareOpenGL: Bool {
      guard let name = glRenderer?.lowercased() else { return false }
      return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { name.contains($0) }
    }
  }

  /// Why the probe found nothing.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in a few words (the child's last line of errors, or how it ended).
    public var reason: String
    /// The reason, as printed.
    public var description: String { reason }

    /// Creates a failure.
    /// - Parameter reason: What went wrong, in a few words.
    public init(reason: String) {
      self.reason = reason
    }
  }

  /// The line the probe prints: the driver, a tab, and `GL_RENDERER`.
  /// - Parameter output: The probe's standard output.
  /// - Returns: The finding, or `nil` when no line has a driver.
  public static func parse(_ output: String) -> Finding? {
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("renderer\t") }) else { return nil }
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().map(String.init)
    guard let driver = fields.first, !driver.isEmpty else { return nil }
    let gl = fields.dropFirst().first.flatMap { $0.isEmpty ? nil : $0 }
    return Finding(driver: driver, glRenderer: gl)
  }

  /// The probe itself, in the child: opens a hidden window, makes SDL's accelerated renderer,
  /// prints `renderer<TAB>driver<TAB>GL_RENDERER` and exits 0; exits 1 when SDL cannot. An X error
  /// or a crash in the driver ends the process otherwise, which the parent reads as a failure.
  /// - Returns: Never: the process exits.
  @MainActor
  public static func runAndExit() -> Never {
    guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0,
      let window = SDL_CreateWindow(
        "renderer probe", 0, 0, 64, 64, SDL_WINDOW_HIDDEN.rawValue),
      let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)
    else {
      FileHandle.standardError.write(Data("\(String(cString: SDL_GetError()))\n".utf8))
      exit(1)
    }
    var info = SDL_RendererInfo()
    let driver = SDL_GetRendererInfo(renderer, &info) == 0 ? info.name.map { String(cString: $0) } ?? "" : ""
    var gl = ""
    if driver.hasPrefix("opengl"), let symbol = SDL_GL_GetProcAddress("glGetString") {
      typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
      let glRendererName: UInt32 = 0x1F01  // GL_RENDERER
      if let text = unsafeBitCast(symbol, to: GetString.self)(glRendererName) {
        gl = String(cString: text).replacingOccurrences(of: "\t", with: " ")
      }
    }
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
    SDL_QuitSubSystem(SDL_INIT_VIDEO)  // an X error held back until now still ends the probe
    print("renderer\t\(driver)\t\(gl)")
    exit(0)
  }

  /// Runs `executable` with `arguments` as a probe and reads what it found.
  /// - Parameters:
  ///   - executable: A program that calls ``runAndExit()`` when given `arguments`.
  ///   - arguments: The arguments that make it probe.
  ///   - environment: The child's environment; `nil` for this process's.
  ///   - timeout: Seconds to wait before the probe is killed and counted as failed.
  /// - Returns: The finding, or why there is none.
  public static func probe(
    executable: URL, arguments: [String], environment: [String: String]? = nil, timeout: Double = 10
  ) -> Result<Finding, Failure> {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      return .failure(Failure(reason: "the probe could not start (\(error))"))
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      return .failure(Failure(reason: "the probe did not answer within \(Int(timeout)) s"))
    }
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complaint = summary(
      ofErrors: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    guard process.terminationReason == .exit, process.terminationStatus == 0, let finding = parse(printed) else {
      let ending =
        process.terminationReason == .uncaughtSignal
        ? "was killed by signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
      return .failure(Failure(reason: "the OpenGL probe \(ending)" + (complaint.map { ": \($0)" } ?? "")))
    }
    return .success(finding)
  }

  /// The line of a probe's standard error worth showing: Xlib's `X Error of failed request` line
  /// with the request that failed, or else the last line.
  /// - Parameter errors: What the probe wrote to standard error.
  /// - Returns: One line, or `nil` when nothing was written.
  package static func summary(ofErrors errors: String) -> String? {
    let lines = errors.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard let xError = lines.first(where: { $0.hasPrefix("X Error of failed request:") }) else { return lines.last }
    let reason = xError.dropFirst("X Error of failed request:".count).trimmingCharacters(in: .whitespaces)
    let request = lines.first(where: { $0.hasPrefix("Minor opcode of failed request:") })
      .flatMap { line in line.firstIndex(of: "(").map { String(line[line.index(after: $0)...].dropLast()) } }
    return "X error \(reason)" + (request.map { " in \($0)" } ?? "")
  }
}
