import Foundation

/// Bad sticker files, generated for the tests: each with the kind the manifest declares and a
/// fragment of the error message it must produce.
struct HostileCorpus {
  struct Case {
    var name: String
    var file: String
    var kind: String
    var frames = 30
    var bytes: [UInt8]?
    var expectedReason: String
  }

  let cases: [Case]

  init(validGIF: [UInt8]) {
    let valid = StickerFixtures.solidLottie()
    func lottie(_ text: String) -> [UInt8] { Array(text.utf8) }
    func replacing(_ field: String, with value: String) -> [UInt8] {
      lottie(valid.replacingOccurrences(of: field, with: value))
    }
    var gifCodeSize = validGIF
    if let descriptor = Self.firstImageDescriptor(in: validGIF) { gifCodeSize[descriptor + 10] = 12 }
    var gifHugeCanvas = validGIF
    gifHugeCanvas.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
    let deep =
      "{\"v\":\"5.5.2\",\"fr\":30,\"ip\":0,\"op\":10,\"w\":16,\"h\":16,\"layers\":"
      + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
    let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let ihdr: [UInt8] = [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 16, 0, 0, 0, 16, 8, 6, 0, 0, 0, 0, 0, 0, 0]
    cases = [
      Case(
        name: "truncated", file: "truncated.json", kind: "lottie", bytes: lottie(String(valid.prefix(200))),
        expectedReason: "truncated JSON"),
      Case(
        name: "many-frames", file: "many-frames.json", kind: "lottie",
        bytes: replacing("\"ip\":0,\"op\":10,\"w\"", with: "\"ip\":0,\"op\":10000000,\"w\""),
        expectedReason: "lasts too long (333333"),
      Case(
        name: "deep-nesting", file: "deep-nesting.json", kind: "lottie", bytes: lottie(deep),
        expectedReason: "nests deeper than 64"),
      Case(
        name: "not-utf8", file: "not-utf8.json", kind: "lottie", bytes: [0x7B, 0xFF, 0xFE, 0xC3, 0x28, 0x7D],
        expectedReason: "not valid UTF-8"),
      Case(name: "empty", file: "empty.json", kind: "lottie", bytes: [], expectedReason: "is empty"),
      Case(
        name: "broken-gif", file: "broken.gif", kind: "gif", bytes: Array(validGIF.prefix(validGIF.count / 2)),
        expectedReason: "truncated at offset"),
      Case(
        name: "gif-code-size", file: "code-size.gif", kind: "gif", bytes: gifCodeSize,
        expectedReason: "LZW code size 12"),
      Case(
        name: "gif-huge-canvas", file: "huge.gif", kind: "gif", bytes: gifHugeCanvas,
        expectedReason: "(GIF): would decode to 17179"),
      Case(
        name: "oversized", file: "oversized.json", kind: "lottie",
        bytes: lottie(valid + String(repeating: " ", count: 4 << 20)), expectedReason: "too large"),
      Case(
        name: "endless", file: "endless.json", kind: "lottie",
        bytes: replacing("\"fr\":30,\"ip\":0,\"op\":10", with: "\"fr\":1,\"ip\":0,\"op\":1000"),
        expectedReason: "lasts too long"),
      Case(
        name: "prose", file: "prose.json", kind: "lottie", bytes: lottie("hello, sticker"),
        expectedReason: "is not a sticker format (starts with bytes 68 65 6C 6C"),
      Case(
        name: "array-root", file: "array-root.json", kind: "lottie", bytes: lottie("[1,2,3]"),
        expectedReason: "is not a sticker format (starts with bytes 5B 31"),
      Case(
        name: "no-canvas", file: "no-canvas.json", kind: "lottie", bytes: lottie("{\"layers\":[]}"),
        expectedReason: "missing or invalid 'w'"),
      Case(
        name: "boolean-canvas", file: "boolean-canvas.json", kind: "lottie",
        bytes: replacing("\"w\":16", with: "\"w\":true"), expectedReason: "missing or invalid 'w'"),
      Case(
        name: "zero-rate", file: "zero-rate.json", kind: "lottie", bytes: replacing("\"fr\":30", with: "\"fr\":0"),
        expectedReason: "frame rate 0"),
      Case(
        name: "nul-byte", file: "nul.json", kind: "lottie", bytes: lottie("{\"a\":1}") + [0] + lottie("{}"),
        expectedReason: "NUL byte"),
      Case(
        name: "image-asset", file: "image-asset.json", kind: "lottie",
        bytes: replacing("\"assets\":[]", with: "\"assets\":[{\"id\":\"i\",\"u\":\"/etc/\",\"p\":\"passwd\"}]"),
        expectedReason: "external image file '/etc/passwd'"),
      Case(
        name: "text-as-gif", file: "text-as-gif.gif", kind: "gif", bytes: lottie("GIF? no, text"),
        expectedReason: "not a sticker format"),
      Case(
        name: "strip-uneven", file: "uneven.png", kind: "frameStrip", frames: 5,
        bytes: pngSignature + ihdr + [0, 0, 0, 0], expectedReason: "not 5 equal frames"),
      Case(
        name: "strip-garbage", file: "garbage.png", kind: "frameStrip", frames: 4,
        bytes: pngSignature + ihdr + Array(repeating: 0xAB, count: 64),
        expectedReason: "(PNG): was rejected by the decoder"),
      Case(name: "missing-file", file: "missing.json", kind: "lottie", bytes: nil, expectedReason: "no such file"),
    ]
  }

  /// The offset of the first image descriptor (0x2C) after the header and global colour table.
  private static func firstImageDescriptor(in gif: [UInt8]) -> Int? {
    var offset = 13 + (gif[10] & 0x80 != 0 ? 3 << (Int(gif[10] & 7) + 1) : 0)
    while offset < gif.count {
      switch gif[offset] {
      case 0x2C: return offset
      case 0x21:
        offset += 2
        while offset < gif.count, gif[offset] != 0 { offset += Int(gif[offset]) + 1 }
        offset += 1
      default: return nil
      }
    }
    return nil
  }
}
