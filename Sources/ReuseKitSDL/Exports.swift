// `import ReuseKitSDL` is enough to draw: it re-exports the engine (ReuseKit) and the SDL wrappers
// a view is set up with (`SDLContext`, `SDLRenderer.offscreen(width:height:)`, `SDLWindow`).
@_exported import ReuseKit
@_exported import SDLSupport
