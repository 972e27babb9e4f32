import CSDL2
import Foundation
import ReuseKitSupport

/// Opaque fills written straight into the pixels SDL's software renderer draws into.
///
/// `SDL_FillRect` streams its rows past the cache (`movntps`) and finishes each row with ordinary
/// stores into the same cache lines, which stalls on every row: a 44-pixel-wide fill costs about
/// 20 µs. The chat fills many small rectangles (a sticker's damage, a bubble under it), so when the
/// frame lives in memory the process can write (an offscreen surface, or a software-rendered
/// window's surface) an opaque fill writes the rows itself: the same pixels, the colour mapped by
/// `SDL_MapRGBA`, clipped to the clip rectangle and the viewport as SDL clips them.
extension SDLRenderer {
  /// The surface SDL's software renderer draws into now, when it has one in memory.
  private var softwareTargetSurface: UnsafeMutablePointer<SDL_Surface>? {
    guard SDL_GetRenderTarget(pointer) == nil else { return nil }
    switch target {
    case .surface(let surface): return surface.pointer
    case .window(let window):
      guard softwareWindowSize != nil, retainedFrame == nil else { return nil }
      return SDL_GetWindowSurface(window.pointer)
    }
  }

  /// Fills `rect` (viewport pixels, already cut to the clip rectangle) with the opaque `color` by
  /// writing the target surface's pixels.
  /// - Returns: Whether it did; `false` when the target is not a 32-bit surface in memory, and
  ///   SDL must fill instead.
  /// - Complexity: O(pixels filled).
  func fillDirectly(_ rect: SDL_Rect, color: TextColor) -> Bool {
    guard color.alpha == 255, let surface = softwareTargetSurface, let format = surface.pointee.format,
      format.pointee.BytesPerPixel == 4, !mustLock(surface), let pixels = surface.pointee.pixels
    else { return false }
    var viewport = SDL_Rect()
    SDL_RenderGetViewport(pointer, &viewport)
    let bounds = SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)
    let area = SDL_Rect(x: rect.x + viewport.x, y: rect.y + viewport.y, w: rect.w, h: rect.h)
      .intersection(viewport).intersection(bounds)
    guard area.w > 0, area.h > 0 else { return true }
    SDL_RenderFlush(pointer)  // what SDL queued lands first
    let value = SDL_MapRGBA(format, color.red, color.green, color.blue, color.alpha)
    let pitch = Int(surface.pointee.pitch)
    for row in Int(area.y)..<Int(area.y + area.h) {
      let start = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self) + Int(area.x)
      UnsafeMutableBufferPointer(start: start, count: Int(area.w)).update(repeating: value)
    }
    return true
  }
}

/// Whether SDL must lock `surface` before its pixels are touched (SDL's `SDL_MUSTLOCK` macro).
private func mustLock(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
  surface.pointee.flags & UInt32(SDL_RLEACCEL) != 0
}
