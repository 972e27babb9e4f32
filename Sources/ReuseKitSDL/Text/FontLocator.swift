import Foundation
import SDLSupport

/// Finds font files through fontconfig's `fc-match`.
///
/// ReuseKit renders with DejaVu Sans so that layout and golden images are the same on every
/// Debian machine. When fontconfig is missing or matches another family, ``locate()`` throws an
/// error that says which packages to install.
public struct FontLocator: Sendable {
  /// Runs a command and returns its exit status and standard output.
  typealias CommandRunner = @Sendable (_ arguments: [String]) throws -> (status: Int32, output: String)

  /// The family to find, for example `"DejaVu Sans"`.
  public let family: String
  private let run: CommandRunner

  /// Creates a locator for `family`.
  /// - Parameter family: A fontconfig family name.
  public init(family: String = "DejaVu Sans") {
    self.init(family: family, run: Self.runProcess)
  }

  /// Creates a locator with a scripted command runner (tests simulate a missing fontconfig).
  init(family: String, run: @escaping CommandRunner) {
    self.family = family
    self.run = run
  }

  /// Finds the regular and bold faces of ``family``.
  /// - Returns: Paths to readable font files of that family.
  /// - Throws: `SDLError` that names the packages to install when no usable file is found.
  public func locate() throws(SDLError) -> FontFiles {
    FontFiles(regular: try locate(pattern: family), bold: try locate(pattern: "\(family):bold"))
  }

  /// Finds the file fontconfig matches for one pattern.
  private func locate(pattern: String) throws(SDLError) -> URL {
    let context = "fc-match '\(pattern)'"
    let result: (status: Int32, output: String)
    do {
      result = try run(["fc-match", "-f", "%{file}\n%{family}", pattern])
    } catch {
      throw missing(context, "could not run fc-match (\(error))")
    }
    guard result.status == 0 else {
      let reason =
        result.status == 127 ? "fc-match was not found in PATH" : "fc-match exited with status \(result.status)"
      throw missing(context, reason)
    }
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    let path = lines.first.map(String.init) ?? ""
    let families = lines.dropFirst().joined(separator: "\n")
    guard !path.isEmpty else { throw missing(context, "fontconfig found no font") }
    guard families.lowercased().contains(family.lowercased()) else {
      throw missing(context, "fontconfig matched '\(families)' (\(path)) instead of '\(family)'")
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw missing(context, "fontconfig named \(path), which is not a readable file")
    }
    return URL(fileURLWithPath: path)
  }

  private func missing(_ context: String, _ reason: String) -> SDLError {
    SDLError(
      context: context,
      detail: "\(reason). Install the fonts and fontconfig: sudo apt-get install fonts-dejavu-core fontconfig")
  }

  /// Runs `arguments` through `/usr/bin/env`, so `fc-match` is looked up in `PATH`.
  private static let runProcess: CommandRunner = { arguments in
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
