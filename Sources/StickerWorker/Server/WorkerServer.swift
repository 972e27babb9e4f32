import AnimationRuntime
import Glibc
import StickerWire
import Stickers

/// The worker's request loop: loads stickers, renders their frames into the shared memory.
struct WorkerServer {
  private let frames: MappedFrames
  private let testHooks: Bool
  private var players: [UInt32: any StickerPlayer] = [:]
  private var armed: WorkerFault?

  init(frames: MappedFrames, testHooks: Bool) {
    self.frames = frames
    self.testHooks = testHooks
  }

  /// Serves requests until standard input ends.
  /// - Returns: The exit status (0 at the end of input, 4 for a message it could not read).
  mutating func serve() -> Int32 {
    DecodeProgress.frameDecoded = { _ = StickerWorkerMain.writeAll(1, WorkerResponse.progress.message()) }
    defer { DecodeProgress.frameDecoded = nil }
    while true {
      guard let header = Self.readExactly(4) else { return 0 }
      let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
      guard length <= WorkerRequest.maxBytes, let body = Self.readExactly(length) else {
        StickerWorkerMain.writeAll(2, Array("sticker-worker: bad request length \(length)\n".utf8))
        return 4
      }
      let request: WorkerRequest
      do {
        request = try WorkerRequest(body, maxBytes: WorkerRequest.maxBytes)
      } catch {
        StickerWorkerMain.writeAll(2, Array("sticker-worker: \(error.reason)\n".utf8))
        return 4
      }
      if case .arm = request {
      } else if case .unload = request {
      } else {
        guard StickerWorkerMain.writeAll(1, WorkerResponse.accepted.message()) else { return 0 }
      }
      guard let response = handle(request) else { continue }
      guard StickerWorkerMain.writeAll(1, response.message()) else { return 0 }
    }
  }

  private mutating func handle(_ request: WorkerRequest) -> WorkerResponse? {
    switch request {
    case .load(let id, let kind, let strip, let limits, let bytes):
      do {
        let loaded = try StickerLoader.load(bytes, kind: kind, strip: strip, limits: limits)
        players[id] = loaded.player
        return .loaded(
          id: id,
          .init(
            kind: loaded.kind, contentKey: loaded.player.contentKey, frameCount: loaded.player.frameCount,
            frameRate: loaded.player.frameRate, frameDurations: loaded.player.frameDurations,
            warnings: loaded.warnings))
      } catch {
        return .failed(id: id, error)
      }
    case .render(let id, let frame, let pixelSize):
      guard let player = players[id] else { return .failed(id: id, .decoderFailed("sticker \(id) is not loaded")) }
      if let fault = armed {
        armed = nil
        Self.trigger(fault)
      }
      let image = player.render(frame: frame, pixelSize: pixelSize)
      guard image.width >= 1, image.height >= 1, image.byteCount <= frames.byteCount else {
        return .failed(id: id, .decoderFailed("a \(image.width)×\(image.height) frame does not fit the shared memory"))
      }
      image.pixels.withUnsafeBytes { frames.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      return .rendered(id: id, width: image.width, height: image.height)
    case .unload(let id):
      players[id] = nil
      return nil
    case .arm(let fault):
      if testHooks { armed = fault }
      return nil
    }
  }

  /// Misbehaves as a broken decoder would.
  private static func trigger(_ fault: WorkerFault) {
    switch fault {
    case .segfault:
      UnsafeMutablePointer<Int>(bitPattern: 64)!.pointee = 1
    case .openFile:
      _ = open("/etc/hostname", O_RDONLY)
    case .openSocket:
      _ = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    case .allocate(let bytes):
      let memory = [UInt8](repeating: 1, count: bytes)
      StickerWorkerMain.writeAll(2, Array("allocated \(memory.count) bytes\n".utf8))
    case .spin(let milliseconds):
      usleep(UInt32(clamping: milliseconds * 1000))  // a decoder that takes its time
    }
  }

  private static func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let result = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + done, count - done) }
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { return nil }
      done += result
    }
    return buffer
  }
}
