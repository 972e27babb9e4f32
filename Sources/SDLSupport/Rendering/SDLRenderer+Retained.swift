import CSDL2
import Foundation

/// Frames that keep their pixels, so a frame can draw only what changed and a scroll can move pixels.
///
/// An offscreen surface keeps its pixels by nature, and so does a window drawn by SDL's software
/// renderer (it draws into the window's surface, which `SDL_RenderPresent` shows and keeps). An
/// accelerated window's back buffer does not (after `SDL_RenderPresent` its contents are
/// undefined), so it draws into a target texture of its size, which ``present()`` copies to the screen.
extension SDLRenderer {
  /// Whether what was drawn stays until drawn over, across presents.
  public var retainsFrames: Bool {
    switch target {
    case .surface: true
    case .window: retainedFrame != nil || softwareWindowSize != nil
    }
  }

  /// Makes a window renderer draw into a retained frame of its output size (again after a resize:
  /// the frame is then new, and ``contentGeneration`` changes). Does nothing for a surface.
  /// - Throws: ``SDLError`` when the renderer cannot make a render target; it then draws as before.
  public func retainFrames() throws(SDLError) {
    try retainFrames(inTexture: false)
  }

  /// ``retainFrames()``, in a target texture even for the software renderer when `inTexture` is
  /// set (so a machine without an accelerated renderer tests that path too).
  package func retainFrames(inTexture: Bool) throws(SDLError) {
    guard case .window = target else { return }
    if !inTexture, retainedFrame == nil, name == "software" {
      // The window's own surface keeps the frame; a new size is a new surface.
      let size = outputSize
      if softwareWindowSize.map({ $0 != size }) ?? true { contentGeneration += 1 }
      softwareWindowSize = size
      return
    }
    SDL_SetRenderTarget(pointer, nil)
    let (width, height) = outputSize
    if let retainedFrame, retainedFrame.width == width, retainedFrame.height == height {
      SDL_SetRenderTarget(pointer, retainedFrame.pointer)
      return
    }
    retainedFrame = nil
    scratch = nil
    contentGeneration += 1
    let frame = try RendererTargetTexture(renderer: pointer, width: width, height: height)
    guard SDL_SetRenderTarget(pointer, frame.pointer) == 0 else { throw SDLError.fromSDL("SDL_SetRenderTarget") }
    retainedFrame = frame
  }

  /// Moves the pixels of `rect` (target points) up by `dy` points (down when negative), as a scroll
  /// does; the strip it uncovers keeps stale pixels for the caller to draw over. At a scale where
  /// `dy` is not whole pixels (``movesWholePixels(by:)``) the move rounds, so callers draw anew then.
  /// - Parameters:
  ///   - rect: The part of the target that scrolls.
  ///   - dy: How far its content moves up, in points.
  /// - Throws: ``SDLError`` when SDL cannot read or write the pixels.
  /// - Complexity: O(pixels of `rect`): a memory move on a surface, two texture copies in a window.
  public func scrollPixels(in rect: CGRect, by dy: Int) throws(SDLError) {
    let area = pixels(rect)
    let dy = Int((Double(dy) * scale).rounded())
    let height = Int(area.h) - abs(dy)
    guard dy != 0, height > 0, area.w > 0 else { return }
    noteDrawn(area, inViewport: false)
    switch target {
    case .surface(let surface):
      SDL_RenderFlush(pointer)
      surface.moveRows(in: area, by: dy)
    case .window(let window):
      if let retainedFrame { return try moveThroughScratch(retainedFrame, area: area, dy: dy, height: height) }
      guard softwareWindowSize != nil, let surface = SDL_GetWindowSurface(window.pointer) else { return }
      SDL_RenderFlush(pointer)
      SDLSurface.moveRows(of: surface, in: area, by: dy)
    }
  }

  private func moveThroughScratch(_ frame: RendererTargetTexture, area: SDL_Rect, dy: Int, height: Int) throws(SDLError)
  {
    if scratch == nil || scratch!.width != frame.width || scratch!.height != frame.height {
      scratch = try RendererTargetTexture(renderer: pointer, width: frame.width, height: frame.height)
    }
    guard let scratch else { return }
    var viewport = SDL_Rect()
    SDL_RenderGetViewport(pointer, &viewport)
    let clipped = SDL_RenderIsClipEnabled(pointer) == SDL_TRUE
    var clip = SDL_Rect()
    SDL_RenderGetClipRect(pointer, &clip)
    defer {
      SDL_SetRenderTarget(pointer, frame.pointer)
      SDL_RenderSetViewport(pointer, &viewport)
      if clipped { SDL_RenderSetClipRect(pointer, &clip) } else { SDL_RenderSetClipRect(pointer, nil) }
    }
    var source = SDL_Rect(x: area.x, y: area.y + Int32(max(0, dy)), w: area.w, h: Int32(height))
    var destination = SDL_Rect(x: area.x, y: area.y + Int32(max(0, -dy)), w: area.w, h: Int32(height))
    guard SDL_SetRenderTarget(pointer, scratch.pointer) == 0,
      SDL_RenderCopy(pointer, frame.pointer, &source, &source) == 0,
      SDL_SetRenderTarget(pointer, frame.pointer) == 0,
      SDL_RenderCopy(pointer, scratch.pointer, &source, &destination) == 0
    else { throw SDLError.fromSDL("scrolling the retained frame") }
  }
}
