import Foundation
import SDLSupport

/// A rendered run of text and where to put it relative to the pen and the baseline.
@MainActor
public final class TextRunTexture {
  /// The run's pixels, text colour baked in.
  public let texture: SDLTexture
  /// How far the ink starts left of the pen position (a negative left bearing of the first glyph).
  public let leftOverhang: Int
  /// Distance from the texture's top row to the baseline.
  public let baseline: Int
  /// The texture's size in pixels.
  public var size: CGSize { CGSize(width: texture.width, height: texture.height) }

  init(texture: SDLTexture, leftOverhang: Int, baseline: Int) {
    self.texture = texture
    self.leftOverhang = leftOverhang
    self.baseline = baseline
  }
}
