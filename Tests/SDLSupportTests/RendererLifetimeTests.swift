import Foundation
import SDLSupport
import Testing

/// A window's renderer is freed with its last reference, with the textures it keeps for itself (the
/// retained frame, the scroll's scratch): they do not keep it alive, so the window and its OpenGL
/// context close when the app lets go of them.
@MainActor
@Suite struct RendererLifetimeTests {
  @Test func aRendererRetainingItsFramesIsFreedWithItsLastReference() throws {
    setenv("SDL_VIDEODRIVER", "dummy", 0)
    let sdl = try SDLContext(video: true)
    weak var released: SDLRenderer?
    do {
      let window = try SDLWindow(context: sdl, title: "lifetime", width: 40, height: 30)
      let renderer = try SDLRenderer(window: window, software: true, vsync: false)
      try renderer.retainFrames(inTexture: true)
      #expect(renderer.retainsFrames)
      try renderer.scrollPixels(in: CGRect(x: 0, y: 0, width: 40, height: 30), by: 5)  // makes the scratch
      renderer.present()
      released = renderer
    }
    #expect(released == nil, "the renderer outlived its last reference")
  }
}
