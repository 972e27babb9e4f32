import ReuseKit

/// A voice message: a waveform 120 × 16 points whose playback position is its animation state.
public final class VoiceMessageAttachment: TextAttachment {
  /// Creates a voice message of `bars` waveform bars.
  public init(bars: Int = 30) {
    self.bars = bars
    super.init(
      fileType: "voice-message", bounds: CGRect(x: 0, y: 0, width: 120, height: 16),
      viewProviderType: VoiceMessageProvider.self)
  }

  /// The number of bars in the waveform; one bar is played per animation frame.
  public let bars: Int

  /// A paste inserts a copy with the same bars.
  public override func copy() -> TextAttachment { VoiceMessageAttachment(bars: bars) }
}

/// Draws a ``VoiceMessageAttachment``: its view's animation is the playback position.
public final class VoiceMessageProvider: TextAttachmentViewProvider {
  public override func loadView() throws {
    let bars = (textAttachment as? VoiceMessageAttachment)?.bars ?? 30
    view = WaveformView(
      frame: textAttachment?.bounds ?? .zero,
      playback: AnimationState(clock: animationClock, frameCount: bars, frameRate: 10), bars: bars)
  }
}

/// A waveform as wide as its frame: played bars green, the rest grey.
public final class WaveformView: TextViewportRenderingSurface, FrameSurface {
  /// The colour of a played bar.
  public static let played: UInt32 = 0xFF10_C040
  /// The colour of a bar not played yet.
  public static let unplayed: UInt32 = 0xFF80_8080

  public var frame: CGRect
  /// The playback position, in bars.
  public let playback: AnimationState
  private let bars: Int
  public private(set) var lastFrameKey: FrameCacheKey?

  init(frame: CGRect, playback: AnimationState, bars: Int) {
    self.frame = frame
    self.playback = playback
    self.bars = max(1, bars)
  }

  public func surfaceWillEnterReuseCache(keepsAdvancing: Bool) {
    if !keepsAdvancing { playback.pause() }
  }

  public func surfaceDidLeaveReuseCache() { playback.resume() }

  /// The whole waveform at the frame's width and height: the first `frameIndex` bars played.
  public func currentFrame(pixelWidth: Int, pixelHeight: Int) -> RGBAImage? {
    guard pixelWidth > 0, pixelHeight > 0 else { return nil }
    let position = playback.frameIndex
    lastFrameKey = FrameCacheKey(asset: "waveform\(pixelHeight)", pixelSize: pixelWidth, frameIndex: position)
    let playedWidth = pixelWidth * position / bars
    let row = (0..<pixelWidth).map { $0 < playedWidth ? Self.played : Self.unplayed }
    return RGBAImage(width: pixelWidth, height: pixelHeight, argb: Array((0..<pixelHeight).map { _ in row }.joined()))
  }
}
