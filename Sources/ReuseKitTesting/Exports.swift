// `import ReuseKitTesting` is enough in a test file: it re-exports the engine (ReuseKit), the SDL
// view layer for ``ReuseTestHost/offscreen(paragraphs:registering:width:height:scrollCache:)``, and the scenario
// vocabulary (`PerPolicy`, the operations, keys and offsets).
@_exported import ReuseKit
@_exported import ReuseKitSDL
@_exported import ScenarioVocabulary
