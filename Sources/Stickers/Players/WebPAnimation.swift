import CWebP
import ReuseKitSupport

/// Owns one libwebp `WebPAnimDecoder` (and the bytes it reads) and deletes it in `deinit`.
///
/// Frames come out in order, fully composited by libwebp; asking for an earlier frame restarts
/// the decoder. Memory is libwebp's canvas plus the file.
final class WebPAnimation: RasterFrameSource {
  private let decoder: OpaquePointer
  private let data: UnsafeMutableBufferPointer<UInt8>
  /// The canvas size.
  let width: Int
  let height: Int
  /// How many frames the file holds.
  let frameCount: Int
  /// Each frame's duration in seconds, from the container (no pixels decoded).
  let durations: [Double]
  private var current = -1
  private var last: RGBAImage

  /// Demuxes `bytes` with libwebp (straight-alpha RGBA output).
  /// - Parameters:
  ///   - bytes: The file.
  ///   - maxCanvasBytes: The largest canvas accepted, checked from the container before libwebp's
  ///     animation decoder allocates its canvases.
  /// - Throws: `StickerError.Reason.decoderFailed(_:)` when libwebp cannot read the container,
  ///   `StickerError.Reason.decodedSizeTooLarge(bytes:limit:)` for a canvas over the cap.
  init(bytes: [UInt8], maxCanvasBytes: Int) throws(StickerError.Reason) {
    data = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = data.initialize(from: bytes)
    var webp = WebPData(bytes: UnsafePointer(data.baseAddress), size: data.count)
    // Durations from the demuxer, before any decoding.
    var durations: [Double] = []
    var canvasBytes = 0
    if let demux = WebPDemuxInternal(&webp, 0, nil, WEBP_DEMUX_ABI_VERSION) {
      canvasBytes =
        Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)) * Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)) * 4
      var iterator = WebPIterator()
      if WebPDemuxGetFrame(demux, 1, &iterator) != 0 {
        repeat { durations.append(Double(iterator.duration) / 1000) } while WebPDemuxNextFrame(&iterator) != 0
        WebPDemuxReleaseIterator(&iterator)
      }
      WebPDemuxDelete(demux)
    }
    guard canvasBytes <= maxCanvasBytes else {
      data.deallocate()
      throw .decodedSizeTooLarge(bytes: canvasBytes, limit: maxCanvasBytes)
    }
    var options = WebPAnimDecoderOptions()
    guard WebPAnimDecoderOptionsInit(&options) != 0 else {
      data.deallocate()
      throw .decoderFailed("libwebp: incompatible decoder version")
    }
    options.color_mode = MODE_RGBA
    options.use_threads = 0
    guard let created = WebPAnimDecoderNew(&webp, &options) else {
      data.deallocate()
      throw .decoderFailed("libwebp cannot demux the file (truncated or corrupt)")
    }
    var info = WebPAnimInfo()
    guard WebPAnimDecoderGetInfo(created, &info) != 0, Int(info.frame_count) == durations.count else {
      WebPAnimDecoderDelete(created)
      data.deallocate()
      throw .decoderFailed("libwebp cannot read the animation info")
    }
    decoder = created
    width = Int(info.canvas_width)
    height = Int(info.canvas_height)
    frameCount = Int(info.frame_count)
    self.durations = durations
    last = RGBAImage(width: width, height: height)
  }

  deinit {
    WebPAnimDecoderDelete(decoder)
    data.deallocate()
  }

  /// Decodes the first frame, so a file whose image data libwebp refuses is rejected at load.
  /// - Throws: `StickerError.Reason.decoderFailed(_:)`.
  func firstFrame() throws(StickerError.Reason) -> RGBAImage {
    WebPAnimDecoderReset(decoder)
    current = -1
    guard let image = decodeNext() else { throw .decoderFailed("libwebp cannot decode frame 0 (truncated or corrupt)") }
    return image
  }

  func canvas(at index: Int) -> RGBAImage {
    let target = min(max(0, index), frameCount - 1)
    if target < current {
      WebPAnimDecoderReset(decoder)
      current = -1
    }
    while current < target {
      guard decodeNext() != nil else { break }  // a corrupt later frame holds the last good one
    }
    return last
  }

  private func decodeNext() -> RGBAImage? {
    var buffer: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0,
      let buffer
    else { return nil }
    current += 1
    last = RGBAImage(
      width: width, height: height, pixels: Array(UnsafeBufferPointer(start: buffer, count: width * height * 4)))
    return last
  }
}
