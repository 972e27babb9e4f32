/// Caps on untrusted sticker files, all checked **before** a decoder sees the bytes.
///
/// | Cap | Default | Checked against |
/// |---|---|---|
/// | ``maxFileBytes`` | 1 MiB | the file's size, before reading it |
/// | ``maxJSONDepth`` | 64 | Lottie JSON nesting, by our own scanner |
/// | ``maxCanvasSide`` | 2048 px | Lottie `w`/`h`, GIF logical screen and frames, PNG header |
/// | ``maxFrameCount`` | 1800 | Lottie `op - ip`, GIF image blocks, strip frames |
/// | ``maxDuration`` | 60 s | frames ÷ rate, or the sum of GIF delays |
/// | ``maxDecodedBytes`` | 64 MiB | raster frames × width × height × 4, before decoding |
/// | ``maxRenderPixelSize`` | 1024 px | the size a view asks to render at |
public struct StickerLimits: Equatable, Sendable {
  /// The largest file accepted, in bytes.
  public var maxFileBytes: Int
  /// The deepest nesting of JSON arrays and objects accepted.
  public var maxJSONDepth: Int
  /// The largest canvas width or height accepted, in pixels.
  public var maxCanvasSide: Int
  /// The most frames per loop accepted.
  public var maxFrameCount: Int
  /// The longest loop accepted, in seconds.
  public var maxDuration: Double
  /// The most bytes the decoded frames of one raster sticker may take.
  public var maxDecodedBytes: Int
  /// The largest square a view may render at, in pixels.
  public var maxRenderPixelSize: Int

  /// Creates limits; every parameter defaults to the documented default.
  public init(
    maxFileBytes: Int = 1 << 20, maxJSONDepth: Int = 64, maxCanvasSide: Int = 2048, maxFrameCount: Int = 1800,
    maxDuration: Double = 60, maxDecodedBytes: Int = 64 << 20, maxRenderPixelSize: Int = 1024
  ) {
    self.maxFileBytes = maxFileBytes
    self.maxJSONDepth = maxJSONDepth
    self.maxCanvasSide = maxCanvasSide
    self.maxFrameCount = maxFrameCount
    self.maxDuration = maxDuration
    self.maxDecodedBytes = maxDecodedBytes
    self.maxRenderPixelSize = maxRenderPixelSize
  }

  /// The documented defaults.
  public static let `default` = StickerLimits()
}
