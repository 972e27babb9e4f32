import Foundation
import ReuseKitTestSupport

/// Runs `reuse-bench --probe-sticker FILE` — built next to the test bundle — in a child process,
/// so the peak memory a sticker file costs is measured in a process of its own.
enum StickerProbeProcess {
  /// What the probe printed.
  struct Result {
    let status: String
    let kind: String?
    let reason: String?
    /// Peak RSS before loading the file, in KiB.
    let peakBefore: Int
    /// Peak RSS after loading it and rendering its first frame, in KiB.
    let peak: Int
    /// How much loading raised the peak, in MiB.
    var growthMiB: Double { Double(peak - peakBefore) / 1024 }
  }

  /// The `reuse-bench` executable in the build directory the tests run from.
  static func executable() -> URL? { BuiltProducts.executable(named: "reuse-bench") }

  /// Probes `file` in a child process.
  static func probe(_ file: URL) throws -> Result {
    guard let executable = executable() else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--probe-sticker", file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let line = String(data: data, encoding: .utf8)?.split(separator: "\n").last,
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { throw CocoaError(.fileReadCorruptFile) }
    return Result(
      status: object["status"] as? String ?? "", kind: object["kind"] as? String, reason: object["reason"] as? String,
      peakBefore: object["peakKiBBefore"] as? Int ?? 0, peak: object["peakKiB"] as? Int ?? 0)
  }
}
