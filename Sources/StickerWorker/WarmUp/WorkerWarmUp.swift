import Glibc
import Stickers

/// Tiny built-in stickers a worker decodes before it enters the sandbox, so the libraries' one-time
/// set-up (which may open files, as a dynamic loader does) is over before any file is refused.
enum WorkerWarmUp {
  /// One sample per decoder: rlottie (shapes, and an embedded image, which loads rlottie's image
  /// loader with `dlopen`), SDL2_image (GIF, PNG) and libwebp.
  static let samples: [(kind: StickerAsset.Kind, bytes: [UInt8])] = [
    (
      .lottie,
      Array(
        #"{"v":"5.5.2","fr":30,"ip":0,"op":2,"w":8,"h":8,"assets":[{"id":"i","w":1,"h":1,"u":"","e":1,"#.utf8)
        + Array(
          #""p":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="}],"#
            .utf8)
        + Array(#""layers":[{"ty":2,"refId":"i","ip":0,"op":2,"st":0,"ks":{}}]}"#.utf8)
    ),
    (
      .lottie,
      Array(
        #"{"v":"5.5.2","fr":30,"ip":0,"op":2,"w":8,"h":8,"layers":[{"ty":4,"ip":0,"op":2,"st":0,"ks":{},"#.utf8)
        + Array(
          #""shapes":[{"ty":"rc","s":{"a":0,"k":[4,4]},"p":{"a":0,"k":[4,4]},"r":{"a":0,"k":0}},"#.utf8)
        + Array(#"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#.utf8)
    ),
    (
      .gif,
      [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00,
        0x00, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
        0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
      ]
    ),
    (
      .frameStrip,
      [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
        0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E,
        0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
      ]
    ),
    (
      .webp,
      [
        0x52, 0x49, 0x46, 0x46, 0x1A, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4C, 0x0D, 0x00,
        0x00, 0x00, 0x2F, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE, 0x07, 0x00,
      ]
    ),
  ]

  /// Decodes and renders every sample once.
  /// - Returns: How many samples decoded and rendered (every one, unless a library is broken).
  @discardableResult
  static func run() -> Int {
    tzset()  // libzip converts DOS dates with localtime(); the app sets TZ to a rule, read here once
    var rendered = 0
    for sample in samples {
      guard let loaded = try? StickerLoader.load(sample.bytes, kind: sample.kind, strip: nil, limits: .default) else {
        continue
      }
      if !loaded.player.render(frame: 0, pixelSize: 8).pixels.isEmpty { rendered += 1 }
    }
    return rendered
  }
}
