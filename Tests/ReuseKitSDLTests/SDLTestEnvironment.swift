import Foundation
import ReuseKitSDL

/// Shared setup for tests that render: a context without video and DejaVu Sans at body size.
@MainActor
struct SDLTestEnvironment {
  let context: SDLContext
  let fonts: SDLFontSet

  init() throws {
    context = try SDLContext()
    fonts = try SDLFontSet(context: context)
  }

  /// The folder holding the golden PNGs, next to this file.
  static func goldensDirectory(filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
  }
}
