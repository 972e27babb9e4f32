// `import ChatKit` is enough for the chat view: it re-exports the SDL view layer (and through it the
// engine), the chat model and the sticker files' players.
@_exported import ChatModel
@_exported import ReuseKitSDL
@_exported import Stickers
