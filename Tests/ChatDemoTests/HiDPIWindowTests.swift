import Foundation
import ReuseKitTestSupport
import SDLSupport
import Testing

/// The window at the display's scale, in a real X server: `Xft.dpi` in the resource database (what
/// GNOME, KDE and Xfce set for a scaled screen), `GDK_SCALE`, and `--scale` over both; the X
/// server itself is asked how large the window is.
@Suite(.serialized) struct HiDPIWindowTests {
  @Test func theScaleComesFromTheFlagThenGDKThenThePlatform() {
    let noDPI: () -> Double? = { nil }
    let dpi192: () -> Double? = { 192 }
    func decide(
      _ override: Double? = nil, _ environment: [String: String] = [:], driver: String? = "x11", ratio: Double? = nil,
      dpi: @escaping () -> Double? = { nil }
    ) -> DisplayScale {
      DisplayScale.decide(
        override: override, environment: environment, videoDriver: driver, pixelsPerScreenCoordinate: ratio,
        xftDPI: dpi)
    }
    #expect(decide(dpi: dpi192) == DisplayScale(scale: 2, source: "Xft.dpi 192"))
    #expect(decide(dpi: { 144 }).summary == "1.5× (Xft.dpi 144)")
    #expect(decide(dpi: { 120 }).summary == "1.25× (Xft.dpi 120)")
    #expect(decide(dpi: noDPI) == DisplayScale(scale: 1, source: "no Xft.dpi set"))
    #expect(decide(dpi: { 72 }).scale == 1, "a platform never makes text smaller than 1×")
    #expect(decide(nil, ["GDK_SCALE": "2"], dpi: { 144 }) == DisplayScale(scale: 2, source: "GDK_SCALE=2"))
    #expect(decide(nil, ["GDK_SCALE": "1.5"], dpi: { 144 }).scale == 1.5, "GDK_SCALE is whole numbers; 1.5 is ignored")
    #expect(decide(1.25, ["GDK_SCALE": "2"], dpi: dpi192) == DisplayScale(scale: 1.25, source: "--scale 1.25"))
    #expect(decide(driver: "wayland", ratio: 2, dpi: dpi192).summary == "2× (Wayland output scale 2)")
    #expect(decide(driver: "wayland", ratio: nil).scale == 1)
    #expect(decide(driver: "dummy", dpi: dpi192) == DisplayScale(scale: 1, source: "dummy video"))
    var asked = false
    _ = decide(driver: "wayland", ratio: 1) {
      asked = true
      return 192
    }
    #expect(!asked, "Xft.dpi is X11's; Wayland says its own scale")
  }

  @Test func scalesAndResourceValuesAreChecked() {
    #expect(DisplayScale.parse("1.5") == 1.5)
    #expect(DisplayScale.parse(" 2 ") == 2)
    for bad in ["0", "0.4", "4.5", "nan", "inf", "-1", "", "2x", "1e400"] {
      #expect(DisplayScale.parse(bad) == nil, "\(bad)")
    }
    #expect(X11ResourceDatabase.parseDPI("192") == 192)
    #expect(X11ResourceDatabase.parseDPI(" 144.0\t") == 144)
    for bad in ["", "0", "-96", "nan", "100000", "ninety-six", String(repeating: "9", count: 400)] {
      #expect(X11ResourceDatabase.parseDPI(bad) == nil, "\(bad.prefix(12))")
    }
  }

  /// Runs chat-demo's window on `server` with `arguments` and `environment`; `during` runs once
  /// the window is up.
  private func openWindow(
    on server: VirtualXServer, arguments: [String] = [], environment extra: [String: String] = [:],
    during: () -> Void = {}
  ) throws -> (status: Int32, output: String) {
    let chatDemo = try #require(SaveKillTests.chatDemo, "\(BuiltProducts.missing("chat-demo"))")
    let process = Process()
    process.executableURL = chatDemo
    process.arguments = ["--quit-after", "2", "--renderer", "software"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = server.display
    environment["WAYLAND_DISPLAY"] = nil
    environment["SDL_VIDEODRIVER"] = "x11"
    environment["GDK_SCALE"] = nil
    process.environment = environment.merging(extra) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    var printed = Data()
    let deadline = Date().addingTimeInterval(4)
    while !String(decoding: printed, as: UTF8.self).contains("renderer:"), Date() < deadline {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      printed += chunk
    }
    during()
    printed += output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
  }

  private func scaleLine(_ output: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix("chat-demo: scale: ") }.map(String.init)
  }

  /// Opens the window on a server whose resource database says `Xft.dpi: dpi`.
  /// - Returns: What chat-demo printed about its scale, and the window's size on the server.
  private func window(
    dpi: Int?, arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> (line: String?, size: (width: Int, height: Int)?) {
    let server = try #require(VirtualXServer.start(arguments: ["-noreset"]), "Xvfb is installed (make deps)")
    if let dpi { #expect(server.setResourceDatabase("Xft.dpi:\t\(dpi)\n"), "xprop is installed (make deps)") }
    var size: (width: Int, height: Int)?
    let run = try openWindow(on: server, arguments: arguments, environment: environment) {
      size = server.windowSize(titled: "ReuseKit chat")
    }
    #expect(run.status == 0, "\(run.output)")
    return (scaleLine(run.output), size)
  }

  @Test(.timeLimit(.minutes(5))) func xftDPI192OpensTheWindowTwiceAsLarge() throws {
    let plain = try window(dpi: nil)
    #expect(plain.line?.hasPrefix("chat-demo: scale: 1× (no Xft.dpi set), window 480×860 pixels") == true)
    #expect(plain.size.map { [$0.width, $0.height] } == [480, 860])
    let doubled = try window(dpi: 192)
    #expect(doubled.line?.hasPrefix("chat-demo: scale: 2× (Xft.dpi 192), window 960×1720 pixels") == true)
    #expect(doubled.size.map { [$0.width, $0.height] } == [960, 1720], "the X server's own size of the window")
  }

  @Test(.timeLimit(.minutes(5))) func fractionalScalesAndOverrides() throws {
    let half = try window(dpi: 144)
    #expect(half.line?.hasPrefix("chat-demo: scale: 1.5× (Xft.dpi 144), window 720×1290 pixels") == true)
    #expect(half.size.map { [$0.width, $0.height] } == [720, 1290])
    let flag = try window(dpi: 192, arguments: ["--scale", "1.25"])
    #expect(flag.line?.hasPrefix("chat-demo: scale: 1.25× (--scale 1.25), window 600×1075 pixels") == true)
    #expect(flag.size.map { [$0.width, $0.height] } == [600, 1075])
    let gdk = try window(dpi: nil, environment: ["GDK_SCALE": "2"])
    #expect(gdk.line?.hasPrefix("chat-demo: scale: 2× (GDK_SCALE=2)") == true, "\(gdk.line ?? "no scale line")")
  }
}
