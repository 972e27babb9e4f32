/// Caps on untrusted sticker files, by what they cost, all checked **before** a decoder sees the bytes.
///
/// Vector animation is drawn at display size one frame at a time, so neither the canvas size nor
/// the frame count of a Lottie file costs anything by itself; what is capped is what costs.
///
/// | Cap | Default | Checked against |
/// |---|---|---|
/// | ``maxFileBytes`` | 4 MiB | the file's size, before reading it |
/// | ``maxInflatedBytes`` | 8 MiB | `.tgs` gzip and dotLottie zip entries, while inflating |
/// | ``maxJSONDepth`` | 64 | Lottie JSON nesting, by our own scanner |
/// | ``maxDuration`` | 60 s | frames ÷ rate, or the sum of raster frame delays |
/// | ``maxLottieCost`` | 50,000 | the static draw-cost estimate of a Lottie file (shapes × repeater copies × layers) |
/// | ``maxEmbeddedImageBytes`` | 32 MiB | decoded size of a Lottie file's embedded `data:` images |
/// | ``maxDecodedBytes`` | 48 MiB | a raster sticker's stored frames plus its canvas, after decoding at display size |
/// | ``maxDecodedPixels`` | 256 M | pixels a raster decoder produces over all frames (decode work) |
/// | ``maxRenderPixelSize`` | 1024 px | the size a view asks to render at (the render's memory) |
/// | ``renderTimeBudget`` | 0.25 s | one render, measured by an injected `StickerRenderTimer` |
public struct StickerLimits: Equatable, Sendable {
  /// The largest file accepted, in bytes.
  public var maxFileBytes: Int
  /// The most bytes a compressed sticker (`.tgs`, dotLottie) may inflate to.
  public var maxInflatedBytes: Int
  /// The deepest nesting of JSON arrays and objects accepted.
  public var maxJSONDepth: Int
  /// The longest loop accepted, in seconds.
  public var maxDuration: Double
  /// The largest static draw-cost estimate of a Lottie file: paths and paints, times repeater copies, per layer and precomposition use.
  public var maxLottieCost: Int
  /// The most bytes a Lottie file's embedded images may decode to, together.
  public var maxEmbeddedImageBytes: Int
  /// The most bytes the stored frames (and the compositing canvas) of one raster sticker may take.
  public var maxDecodedBytes: Int
  /// The most pixels a raster decoder may produce over all frames of one sticker.
  public var maxDecodedPixels: Int
  /// The largest square a view may render at, in pixels.
  public var maxRenderPixelSize: Int
  /// The longest one render may take, in seconds, when the runtime has a `StickerRenderTimer`.
  public var renderTimeBudget: Double

  /// Creates limits; every parameter defaults to the documented default.
  public init(
    maxFileBytes: Int = 4 << 20, maxInflatedBytes: Int = 8 << 20, maxJSONDepth: Int = 64, maxDuration: Double = 60,
    maxLottieCost: Int = 50_000, maxEmbeddedImageBytes: Int = 32 << 20, maxDecodedBytes: Int = 48 << 20,
    maxDecodedPixels: Int = 256 << 20, maxRenderPixelSize: Int = 1024, renderTimeBudget: Double = 0.25
  ) {
    self.maxFileBytes = maxFileBytes
    self.maxInflatedBytes = maxInflatedBytes
    self.maxJSONDepth = maxJSONDepth
    self.maxDuration = maxDuration
    self.maxLottieCost = maxLottieCost
    self.maxEmbeddedImageBytes = maxEmbeddedImageBytes
    self.maxDecodedBytes = maxDecodedBytes
    self.maxDecodedPixels = maxDecodedPixels
    self.maxRenderPixelSize = maxRenderPixelSize
    self.renderTimeBudget = renderTimeBudget
  }

  /// The documented defaults.
  public static let `default` = StickerLimits()
}
