import CSDL2
import Foundation

extension SDL_Rect {
  /// The pixel rectangle covering `rect`, with each edge rounded to the nearest pixel.
  ///
  /// Rounding edges (not origin and size) keeps adjacent rectangles gap-free.
  public init(pixelAligned rect: CGRect) {
    let minX = Int32(rect.minX.rounded())
    let minY = Int32(rect.minY.rounded())
    let maxX = Int32(rect.maxX.rounded())
    let maxY = Int32(rect.maxY.rounded())
    self.init(x: minX, y: minY, w: maxX - minX, h: maxY - minY)
  }
}
