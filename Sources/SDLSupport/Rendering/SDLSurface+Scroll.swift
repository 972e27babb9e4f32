import CSDL2
import Foundation

extension SDLSurface {
  /// Moves the rows of `area` up by `dy` pixels (down when negative), within the area; the rows it
  /// uncovers keep their old pixels.
  /// - Complexity: O(pixels of `area`).
  func moveRows(in area: SDL_Rect, by dy: Int) {
    Self.moveRows(of: pointer, in: area, by: dy)
  }

  /// ``moveRows(in:by:)`` on a surface this object does not own (a window's).
  static func moveRows(of surface: UnsafeMutablePointer<SDL_Surface>, in area: SDL_Rect, by dy: Int) {
    let bytesPerPixel = Int(surface.pointee.format.pointee.BytesPerPixel)
    let x = max(0, Int(area.x))
    let top = max(0, Int(area.y))
    let right = min(Int(surface.pointee.w), Int(area.x) + Int(area.w))
    let bottom = min(Int(surface.pointee.h), Int(area.y) + Int(area.h))
    let rowBytes = (right - x) * bytesPerPixel
    let rows = bottom - top - abs(dy)
    guard rowBytes > 0, rows > 0, let pixels = surface.pointee.pixels else { return }
    let mustLock = SDLMacros.mustLock(surface)
    if mustLock { SDL_LockSurface(surface) }
    defer { if mustLock { SDL_UnlockSurface(surface) } }
    let pitch = Int(surface.pointee.pitch)
    // Up: copy top to bottom, each row from dy below; down: bottom to top, so no row is read after
    // it was written.
    for index in 0..<rows {
      let row = dy > 0 ? index : rows - 1 - index
      let destination = dy > 0 ? top + row : top + row - dy
      let source = destination + dy
      memmove(pixels + destination * pitch + x * bytesPerPixel, pixels + source * pitch + x * bytesPerPixel, rowBytes)
    }
  }
}
