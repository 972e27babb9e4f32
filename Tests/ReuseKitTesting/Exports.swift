// `import ReuseKitTesting` is enough in a test file: it re-exports the engine (ReuseKit), and the SDL
// view layer for ``ReuseTestHost/offscreen(paragraphs:registering:width:height:)``.
@_exported import ReuseKit
@_exported import ReuseKitSDL
