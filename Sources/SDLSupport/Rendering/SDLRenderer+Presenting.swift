import CSDL2
import Foundation

/// Showing a frame, at the cost of what changed where the renderer allows it.
///
/// - A window drawn by SDL's software renderer draws into the window's own surface; a present
///   pushes only the rectangles drawn since the last one (`SDL_UpdateWindowSurfaceRects`, which
///   X11 sends as one `XShmPutImage` each), so a sticker animating costs its own rectangle.
/// - A window with a retained target texture (an accelerated renderer, whose back buffer is
///   undefined after a present) copies the texture to the screen once per frame.
/// - Any other window presents whole (`SDL_RenderPresent`).
extension SDLRenderer {
  /// Shows the frame (windows) or finishes it (surfaces), as the type's documentation says; a
  /// window that retains its frames keeps drawing into them afterwards.
  public func present() {
    let damage = frameDamage
    frameDamage = PresentDamage(limit: damage.limit)
    guard case .window(let window) = target else { return SDL_RenderPresent(pointer) }
    let (width, height) = outputSize
    let whole = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
    if let retainedFrame {
      SDL_SetRenderTarget(pointer, nil)
      SDL_RenderCopy(pointer, retainedFrame.pointer, nil, nil)
      SDL_RenderPresent(pointer)
      SDL_SetRenderTarget(pointer, retainedFrame.pointer)
      return presentStatistics.record([CGRect(whole)])
    }
    guard softwareWindowSize != nil else {
      SDL_RenderPresent(pointer)
      return presentStatistics.record([CGRect(whole)])
    }
    SDL_RenderFlush(pointer)  // the queued drawing lands in the window's surface first
    var rects = damage.rects(within: whole)
    if rects.reduce(0, { $0 + $1.area }) >= whole.area { rects = [whole] }
    guard !rects.isEmpty else { return presentStatistics.record([]) }
    if SDL_UpdateWindowSurfaceRects(window.pointer, &rects, Int32(rects.count)) != 0 {
      SDL_RenderPresent(pointer)  // the surface went away (a resize): show it whole
      rects = [whole]
    }
    presentStatistics.record(rects.map(CGRect.init))
  }
}
