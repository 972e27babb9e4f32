import ReuseKitSupport

/// Where a ``RasterPlayer`` gets whole canvases from, one frame at a time.
protocol RasterFrameSource: AnyObject {
  /// Frames per loop.
  var frameCount: Int { get }
  /// The canvas after frame `index` is drawn, straight-alpha RGBA.
  /// - Complexity: O(1) frame decodes when `index` follows the last frame asked for; otherwise from
  ///   the nearest kept canvas before it (raster formats are composited in order).
  func canvas(at index: Int) -> RGBAImage
}

/// GIF or APNG frames, each kept encoded and decoded only when the playhead reaches it, then
/// composited on one canvas with its disposal and blending.
///
/// Views of one sticker play at their own frames, so requests jump back and forth. The source keeps
/// the canvas of every `checkpointStride`-th frame it composited (at most ``checkpointBudget``
/// bytes in all), so a jump back decodes at most `checkpointStride - 1` frames, not the whole loop
/// up to the frame asked for.
final class CompositedFrames: RasterFrameSource {
  /// One encoded frame and how it joins the canvas.
  struct Frame {
    /// A self-contained image of the frame's region (a one-frame GIF or a PNG).
    let encoded: [UInt8]
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    /// Draw over what is there (`true`) or replace it.
    let blendsOver: Bool
    /// After showing: keep, clear the region to transparent, or restore the canvas before the frame.
    let disposal: Disposal
  }

  /// What happens to a frame's region after it was shown.
  enum Disposal {
    case keep
    case clear
    case restorePrevious
  }

  let frameCount: Int
  private let frames: [Frame]
  private let width: Int
  private let height: Int
  private let decode: ([UInt8]) -> RGBAImage?
  private var canvas: RasterCanvas
  /// The canvas as it was before the current frame's disposal applies (for restore-previous).
  private var beforeCurrent: RGBAImage?
  private var current = -1
  /// Kept canvases by frame: the canvas after the frame was drawn, and the one before it (for a
  /// restore-previous disposal).
  private var checkpoints: [Int: (canvas: RasterCanvas, before: RGBAImage?)] = [:]
  /// Every how many frames a canvas is kept: 1 when all fit in ``checkpointBudget``.
  let checkpointStride: Int
  /// Frames decoded so far: the source's work.
  private(set) var framesDecoded = 0

  /// The most bytes of kept canvases per source.
  static let checkpointBudget = 8 << 20

  /// Creates a source; `decode` turns one encoded frame into pixels (`nil`: the frame is skipped).
  init(width: Int, height: Int, frames: [Frame], decode: @escaping ([UInt8]) -> RGBAImage?) {
    self.width = width
    self.height = height
    self.frames = frames
    self.decode = decode
    frameCount = frames.count
    canvas = RasterCanvas(width: width, height: height)
    let canvasBytes = max(1, width * height * 4)
    let keepable = Self.checkpointBudget / canvasBytes
    // A canvas larger than the budget is never kept: every jump back starts from the loop's start.
    checkpointStride = keepable == 0 ? Int.max : max(1, (frames.count + keepable - 1) / keepable)
  }

  func canvas(at index: Int) -> RGBAImage {
    let target = min(max(0, index), frameCount - 1)
    let nearest = checkpointStride == Int.max ? 0 : target - target % checkpointStride
    if let kept = checkpoints[nearest], nearest > current || target < current {
      canvas = kept.canvas
      beforeCurrent = kept.before
      current = nearest
    } else if target < current {
      canvas = RasterCanvas(width: width, height: height)
      current = -1
      beforeCurrent = nil
    }
    while current < target {
      if current >= 0 { dispose(frames[current]) }
      current += 1
      let frame = frames[current]
      beforeCurrent = frame.disposal == .restorePrevious ? canvas.image : nil
      if let pixels = decode(frame.encoded) {
        canvas.draw(pixels, x: frame.x, y: frame.y, over: frame.blendsOver)
      }
      framesDecoded += 1
      DecodeProgress.frameDecoded?()
      if checkpointStride < Int.max, current % checkpointStride == 0, checkpoints[current] == nil {
        checkpoints[current] = (canvas, beforeCurrent)
      }
    }
    return canvas.image
  }

  private func dispose(_ frame: Frame) {
    switch frame.disposal {
    case .keep: break
    case .clear: canvas.clear(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    case .restorePrevious: if let beforeCurrent { canvas.restore(beforeCurrent) }
    }
  }
}

/// Frames already decoded (a PNG strip or still: small, cut once).
final class DecodedFrames: RasterFrameSource {
  private let frames: [RGBAImage]
  var frameCount: Int { frames.count }

  init(_ frames: [RGBAImage]) {
    self.frames = frames
  }

  func canvas(at index: Int) -> RGBAImage { frames[min(max(0, index), frames.count - 1)] }
}
