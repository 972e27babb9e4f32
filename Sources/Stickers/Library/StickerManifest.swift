/// The JSON shape of `manifest.json`.
struct StickerManifest: Decodable {
  struct Entry: Decodable {
    var name: String
    var file: String
    var kind: StickerAsset.Kind
    var width: Int
    var height: Int
    var frameCount: Int
    var frameRate: Double
  }

  var version: Int
  var stickers: [Entry]
}
