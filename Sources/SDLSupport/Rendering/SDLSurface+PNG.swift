import CSDL2
import CSDL2Image
import Foundation
import ReuseKitSupport

extension SDLSurface {
  /// Loads a PNG (or any format SDL2_image reads) as an `ARGB8888` surface.
  /// - Parameter url: A file URL.
  /// - Returns: The decoded surface.
  /// - Throws: ``SDLError`` naming the file when it is missing or cannot be decoded.
  public static func load(contentsOf url: URL) throws(SDLError) -> SDLSurface {
    guard let surface = IMG_Load(url.path) else { throw SDLError.fromSDL("IMG_Load(\(url.path))") }
    return try SDLSurface(adopting: surface, context: url.path)
  }

  /// Writes the surface as a PNG file, creating the folder if needed.
  /// - Parameter url: A file URL; an existing file is replaced.
  /// - Throws: ``SDLError`` when the folder cannot be created or SDL2_image cannot write.
  public func savePNG(to url: URL) throws(SDLError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw SDLError(context: "savePNG(\(url.path))", detail: "cannot create \(folder.path): \(error)")
    }
    try SDLError.check(IMG_SavePNG(pointer, url.path), "IMG_SavePNG(\(url.path))")
  }
}

extension RGBAImage {
  /// Loads a PNG file (or any format SDL2_image reads) as a straight-alpha image.
  /// - Parameter url: A file URL.
  /// - Throws: ``SDLError`` naming the file when it is missing or cannot be decoded.
  public init(contentsOfPNG url: URL) throws(SDLError) {
    self = try SDLSurface.load(contentsOf: url).rgbaImage()
  }

  /// Writes the image as a PNG file, creating the folder if needed.
  /// - Parameter url: A file URL; an existing file is replaced.
  /// - Throws: ``SDLError`` when the file cannot be written.
  public func writePNG(to url: URL) throws(SDLError) {
    try SDLSurface(rgba: self).savePNG(to: url)
  }
}
