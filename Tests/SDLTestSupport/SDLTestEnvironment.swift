import Foundation
import ReuseKitSDL
import SDLSupport

/// Shared setup for tests that render: a context without video and DejaVu Sans at body size.
@MainActor
package struct SDLTestEnvironment {
  /// Keeps SDL, SDL2_ttf and SDL2_image initialised.
  package let context: SDLContext
  /// The view layer's fonts.
  package let fonts: SDLFontSet

  /// Initialises SDL without video and loads the fonts.
  package init() throws {
    context = try SDLContext()
    fonts = try SDLFontSet(context: context)
  }

  /// The folder holding the golden PNGs next to the calling test file.
  /// - Parameter filePath: The caller's file (the default is the caller's `#filePath`).
  package static func goldensDirectory(filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
  }
}
