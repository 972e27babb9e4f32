// `import Stickers` is enough to describe stickers: it re-exports the caps, errors and formats that
// the app and the sticker worker both speak.
@_exported import StickerWire
