import CSDL2
import Foundation

extension SDLSurface {
  /// Moves the rows of `area` up by `dy` pixels (down when negative), within the area; the rows it
  /// uncovers keep their old pixels.
  /// - Complexity: O(pixels of `area`).
  func moveRows(in area: SDL_Rect, by dy: Int) {
    let x = max(0, Int(area.x))
    let top = max(0, Int(area.y))
    let right = min(width, Int(area.x) + Int(area.w))
    let bottom = min(height, Int(area.y) + Int(area.h))
    let rowBytes = (right - x) * 4
    let rows = bottom - top - abs(dy)
    guard rowBytes > 0, rows > 0 else { return }
    withLockedPixels { pixels, pitch in
      // Up: copy top to bottom, each row from dy below; down: bottom to top, so no row is read after
      // it was written.
      let order = dy > 0 ? Array(0..<rows) : Array((0..<rows).reversed())
      for index in order {
        let destination = dy > 0 ? top + index : top + index - dy
        let source = destination + dy
        memmove(pixels + destination * pitch + x * 4, pixels + source * pitch + x * 4, rowBytes)
      }
    }
  }
}
