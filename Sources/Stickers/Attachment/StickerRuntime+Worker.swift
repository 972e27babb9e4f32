import AnimationRuntime
import ReuseKitSupport

/// Where a ``StickerRuntime`` decodes sticker files.
public enum StickerDecoding: Equatable, Sendable {
  /// In this process: a decoder's crash or hang is the app's (tests of the decoders themselves, and
  /// where no worker executable exists).
  case inProcess
  /// In sandboxed `sticker-worker` processes (``StickerWorkerPool``).
  case sandboxed(StickerWorkerPool.Configuration)

  /// Sandboxed workers when `sticker-worker` is found (``StickerWorkerPool/Configuration/locateExecutable()``),
  /// in process otherwise.
  public static var automatic: StickerDecoding {
    StickerWorkerPool.Configuration.locateExecutable().map { .sandboxed(.init(executable: $0)) } ?? .inProcess
  }
}

extension StickerRuntime {
  /// Loads `asset` where ``decoding`` says: the file is read (under its size cap) and its format found
  /// here; parsing, checks and decoding happen in a worker when sandboxed.
  func load(_ asset: StickerAsset) throws(StickerError) -> StickerLoader.Loaded {
    guard let workerPool else { return try StickerLoader.load(asset, limits: limits) }
    let (bytes, kind) = try StickerLoader.read(asset, limits: limits)
    switch workerPool.load(name: asset.name, kind: kind, strip: asset.strip, limits: limits, bytes: bytes) {
    case .success(let (id, info)):
      return StickerLoader.Loaded(
        player: WorkerPlayer(id: id, loaded: info, pool: workerPool), kind: info.kind, warnings: info.warnings)
    case .failure(let reason):
      throw StickerError(file: asset.file.path, format: kind, reason: reason)
    }
  }

  /// Takes the frames workers have finished into the frame cache, and runs their watchdog; never
  /// blocks. The window calls it once a frame; a view's ``StickerView/currentFrame(pixelSize:)`` calls
  /// it too when it waits for nothing.
  public func pollWorkers() {
    guard let workerPool, workerPool.hasPendingWork else { return }
    workerPool.poll()
  }

  /// Arms a test-only fault in the worker of sticker `name`, for its next render; needs
  /// ``StickerWorkerPool/Configuration/testHooks``.
  package func armWorkerFault(_ fault: WorkerFault, forSticker name: String) {
    guard let player = try? player(named: name) as? WorkerPlayer else { return }
    workerPool?.arm(fault, forSticker: player.id)
  }
}
