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

extension SDL_Rect {
  /// The part of this rectangle inside `other`; its width or height is 0 when they do not meet.
  func intersection(_ other: SDL_Rect) -> SDL_Rect {
    let minX = max(x, other.x)
    let minY = max(y, other.y)
    let maxX = min(x + w, other.x + other.w)
    let maxY = min(y + h, other.y + other.h)
    return SDL_Rect(x: minX, y: minY, w: max(0, maxX - minX), h: max(0, maxY - minY))
  }
}
