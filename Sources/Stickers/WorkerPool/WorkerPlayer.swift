import AnimationRuntime
import ReuseKitSupport

/// A sticker decoded by a sandboxed worker: its timing, as the worker read it, and renders by request.
final class WorkerPlayer: StickerPlayer {
  let id: UInt32
  let contentKey: String
  let frameCount: Int
  let frameRate: Double
  let frameDurations: [Double]?
  private weak var pool: StickerWorkerPool?

  init(id: UInt32, loaded: WorkerResponse.Loaded, pool: StickerWorkerPool) {
    self.id = id
    self.pool = pool
    contentKey = loaded.contentKey
    frameCount = loaded.frameCount
    frameRate = loaded.frameRate
    frameDurations = loaded.frameDurations
  }

  /// Renders through the worker, waiting for the frame; a failed render gives a transparent square
  /// (``StickerRuntime`` reports the failure and shows the placeholder).
  func render(frame: Int, pixelSize: Int) -> RGBAImage {
    let clamped = min(max(0, frame), frameCount - 1)
    guard let pool, case .success(let image) = pool.renderNow(id: id, frame: clamped, pixelSize: pixelSize) else {
      return RGBAImage(width: pixelSize, height: pixelSize)
    }
    return image
  }

  /// Asks for a frame without waiting.
  func request(
    frame: Int, pixelSize: Int, prefetch: Bool = false,
    completion: @escaping (Result<RGBAImage, StickerError.Reason>) -> Void
  ) {
    guard let pool else { return completion(.failure(.decoderCrashed("the worker pool is gone"))) }
    pool.requestRender(
      id: id, frame: min(max(0, frame), frameCount - 1), pixelSize: pixelSize, prefetch: prefetch,
      completion: completion)
  }

  /// Renders now, waiting, with the failure.
  func renderNow(frame: Int, pixelSize: Int) -> Result<RGBAImage, StickerError.Reason> {
    guard let pool else { return .failure(.decoderCrashed("the worker pool is gone")) }
    return pool.renderNow(id: id, frame: min(max(0, frame), frameCount - 1), pixelSize: pixelSize)
  }
}
