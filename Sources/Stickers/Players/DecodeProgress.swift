/// How a decoder that works through many frames for one request says it finished one.
///
/// A raster sticker composites every frame from the last canvas it kept up to the frame asked
/// for, so a cold request can decode dozens of frames. The sticker worker sets ``frameDecoded``
/// before it serves requests and tells the app after each frame, so the watchdog's budget is per
/// frame decoded (see `StickerWorkerPool`); a decoder stuck inside one frame never reports.
package enum DecodeProgress {
  /// Called after each frame a raster source decodes; `nil` (nobody listens) outside the worker.
  ///
  /// Set once by the single-threaded worker before its request loop, so unsynchronised access is safe there.
  nonisolated(unsafe) package static var frameDecoded: (() -> Void)?
}
