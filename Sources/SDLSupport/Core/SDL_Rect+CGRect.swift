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
  package func intersection(_ other: SDL_Rect) -> SDL_Rect {
    let minX = max(x, other.x)
    let minY = max(y, other.y)
    let maxX = min(x + w, other.x + other.w)
    let maxY = min(y + h, other.y + other.h)
    return SDL_Rect(x: minX, y: minY, w: max(0, maxX - minX), h: max(0, maxY - minY))
  }
}

extension SDL_Rect {
  /// Its pixel count.
  package var area: Int { Int(w) * Int(h) }

  /// Whether every pixel of `other` is in this rectangle.
  package func contains(_ other: SDL_Rect) -> Bool {
    other.x >= x && other.y >= y && other.x + other.w <= x + w && other.y + other.h <= y + h
  }

  /// The smallest rectangle holding both.
  package func union(_ other: SDL_Rect) -> SDL_Rect {
    let minX = min(x, other.x)
    let minY = min(y, other.y)
    return SDL_Rect(
      x: minX, y: minY, w: max(x + w, other.x + other.w) - minX, h: max(y + h, other.y + other.h) - minY)
  }
}

extension CGRect {
  /// The rectangle of `rect`'s pixels.
  package init(_ rect: SDL_Rect) {
    self.init(x: Int(rect.x), y: Int(rect.y), width: Int(rect.w), height: Int(rect.h))
  }
}
