/// What the app asks a sticker worker.
enum WorkerRequest: Equatable {
  /// Parse and check a sticker file's bytes (already read under the size cap) as `kind`.
  case load(
    id: UInt32, kind: StickerAsset.Kind, strip: StickerAsset.StripLayout?, limits: StickerLimits, bytes: [UInt8])
  /// Render frame `frame` of sticker `id` at `pixelSize` into the shared frame memory.
  case render(id: UInt32, frame: Int, pixelSize: Int)
  /// Forget sticker `id`.
  case unload(id: UInt32)
  /// A test-only fault for the next render (honoured only by a worker started with `--test-hooks`).
  case arm(WorkerFault)

  /// Whether the worker answers this request (with `accepted`, then the result).
  var isAnswered: Bool {
    switch self {
    case .load, .render: true
    case .unload, .arm: false
    }
  }

  func message() -> [UInt8] {
    var writer = WireWriter()
    switch self {
    case .load(let id, let kind, let strip, let limits, let bytes):
      writer.u8(1)
      writer.u32(id)
      writer.string(kind.rawValue)
      writer.i64(strip?.frameCount ?? -1)
      writer.f64(strip?.frameRate ?? 0)
      for value in [
        limits.maxFileBytes, limits.maxInflatedBytes, limits.maxJSONDepth, limits.maxLottieCost,
        limits.maxEmbeddedImageBytes, limits.maxDecodedBytes, limits.maxDecodedPixels, limits.maxRenderPixelSize,
      ] { writer.i64(value) }
      writer.f64(limits.maxDuration)
      writer.f64(limits.renderTimeBudget)
      writer.blob(bytes)
    case .render(let id, let frame, let pixelSize):
      writer.u8(2)
      writer.u32(id)
      writer.i64(frame)
      writer.i64(pixelSize)
    case .unload(let id):
      writer.u8(3)
      writer.u32(id)
    case .arm(let fault):
      writer.u8(4)
      writer.u8(fault.tag)
      writer.i64(fault.amount)
    }
    return writer.message()
  }

  /// Reads a request; `maxBytes` caps a load's file bytes.
  init(_ body: [UInt8], maxBytes: Int) throws(WorkerWireError) {
    var reader = WireReader(body)
    let big = 0...(1 << 40)
    switch try reader.u8() {
    case 1:
      let id = try reader.u32()
      guard let kind = StickerAsset.Kind(rawValue: try reader.string(limit: 64)) else {
        throw WorkerWireError(reason: "unknown sticker kind")
      }
      let stripFrames = try reader.i64()
      let stripRate = try reader.f64()
      var values: [Int] = []
      for name in ["file", "inflated", "depth", "cost", "images", "decoded", "pixels", "render size"] {
        values.append(try reader.int(in: big, name))
      }
      let limits = StickerLimits(
        maxFileBytes: values[0], maxInflatedBytes: values[1], maxJSONDepth: values[2], maxDuration: try reader.f64(),
        maxLottieCost: values[3], maxEmbeddedImageBytes: values[4], maxDecodedBytes: values[5],
        maxDecodedPixels: values[6], maxRenderPixelSize: values[7], renderTimeBudget: try reader.f64())
      let strip = stripFrames >= 0 ? StickerAsset.StripLayout(frameCount: stripFrames, frameRate: stripRate) : nil
      self = .load(id: id, kind: kind, strip: strip, limits: limits, bytes: try reader.blob(limit: maxBytes))
    case 2:
      let id = try reader.u32()
      self = .render(
        id: id, frame: try reader.int(in: 0...Int(Int32.max), "frame"),
        pixelSize: try reader.int(in: 1...4096, "pixel size"))
    case 3: self = .unload(id: try reader.u32())
    case 4:
      let tag = try reader.u8()
      guard let fault = WorkerFault(tag: tag, amount: try reader.i64()) else {
        throw WorkerWireError(reason: "unknown fault \(tag)")
      }
      self = .arm(fault)
    case let tag: throw WorkerWireError(reason: "unknown request \(tag)")
    }
  }
}

/// A fault a test arms in a worker for its next render, to show what the app does when a decoder
/// misbehaves. A worker started without `--test-hooks` refuses them.
public enum WorkerFault: Equatable, Sendable {
  /// Write through a bad pointer (SIGSEGV), as a decoder bug would.
  case segfault
  /// Try to open a file: the sandbox kills the worker (SIGSYS).
  case openFile
  /// Try to open a socket: the sandbox kills the worker (SIGSYS).
  case openSocket
  /// Allocate and touch `bytes` bytes: over the worker's memory limit, the allocation fails.
  case allocate(bytes: Int)
  /// Wait `milliseconds` before rendering, as a slow decoder would.
  case spin(milliseconds: Int)

  var tag: UInt8 {
    switch self {
    case .segfault: 1
    case .openFile: 2
    case .openSocket: 3
    case .allocate: 4
    case .spin: 5
    }
  }

  var amount: Int {
    switch self {
    case .allocate(let bytes): bytes
    case .spin(let milliseconds): milliseconds
    default: 0
    }
  }

  init?(tag: UInt8, amount: Int) {
    switch tag {
    case 1: self = .segfault
    case 2: self = .openFile
    case 3: self = .openSocket
    case 4: self = .allocate(bytes: max(0, amount))
    case 5: self = .spin(milliseconds: max(0, amount))
    default: return nil
    }
  }
}

/// What a sticker worker answers.
enum WorkerResponse: Equatable {
  /// What the app needs to play a loaded sticker.
  struct Loaded: Equatable {
    var kind: StickerAsset.Kind
    var contentKey: String
    var frameCount: Int
    var frameRate: Double
    var frameDurations: [Double]?
    var warnings: [String]
  }

  /// The worker has read a request and starts on it: from now on a death is that request's.
  case accepted
  /// ``accepted``'s message body, which the pool looks for before decoding anything else.
  static let acceptedBody: [UInt8] = [4]
  /// The worker finished one more frame of the request (a raster sticker composites every frame
  /// from the last it kept up to the one asked for): the watchdog's budget starts again.
  case progress
  /// ``progress``'s message body.
  static let progressBody: [UInt8] = [5]
  case loaded(id: UInt32, Loaded)
  /// The frame is in the shared memory: `width × height` straight-alpha RGBA pixels.
  case rendered(id: UInt32, width: Int, height: Int)
  case failed(id: UInt32, StickerError.Reason)

  func message() -> [UInt8] {
    var writer = WireWriter()
    switch self {
    case .accepted: writer.u8(4)
    case .progress: writer.u8(5)
    case .loaded(let id, let loaded):
      writer.u8(1)
      writer.u32(id)
      writer.string(loaded.kind.rawValue)
      writer.string(loaded.contentKey)
      writer.i64(loaded.frameCount)
      writer.f64(loaded.frameRate)
      writer.i64(loaded.frameDurations?.count ?? -1)
      for duration in loaded.frameDurations ?? [] { writer.f64(duration) }
      writer.i64(loaded.warnings.count)
      for warning in loaded.warnings { writer.string(warning) }
    case .rendered(let id, let width, let height):
      writer.u8(2)
      writer.u32(id)
      writer.i64(width)
      writer.i64(height)
    case .failed(let id, let reason):
      writer.u8(3)
      writer.u32(id)
      WorkerReasonCode.write(reason, to: &writer)
    }
    return writer.message()
  }

  /// Reads a response; every count is capped, as a compromised worker may send anything.
  init(_ body: [UInt8]) throws(WorkerWireError) {
    var reader = WireReader(body)
    switch try reader.u8() {
    case 1:
      let id = try reader.u32()
      guard let kind = StickerAsset.Kind(rawValue: try reader.string(limit: 64)) else {
        throw WorkerWireError(reason: "unknown sticker kind")
      }
      let key = try reader.string(limit: 256)
      let frames = try reader.int(in: 1...1_000_000, "frame count")
      let rate = try reader.f64()
      guard rate.isFinite, rate > 0 else { throw WorkerWireError(reason: "frame rate \(rate)") }
      let durationCount = try reader.int(in: -1...1_000_000, "duration count")
      var durations: [Double]? = nil
      if durationCount >= 0 {
        guard durationCount == frames else { throw WorkerWireError(reason: "durations do not match frames") }
        var read: [Double] = []
        for _ in 0..<durationCount {
          let duration = try reader.f64()
          guard duration.isFinite, duration >= 0 else { throw WorkerWireError(reason: "frame duration \(duration)") }
          read.append(duration)
        }
        durations = read
      }
      var warnings: [String] = []
      for _ in 0..<(try reader.int(in: 0...64, "warning count")) { warnings.append(try reader.string(limit: 4096)) }
      self = .loaded(
        id: id,
        Loaded(
          kind: kind, contentKey: key, frameCount: frames, frameRate: rate, frameDurations: durations,
          warnings: warnings))
    case 2:
      let id = try reader.u32()
      self = .rendered(
        id: id, width: try reader.int(in: 1...4096, "width"), height: try reader.int(in: 1...4096, "height"))
    case 3:
      let id = try reader.u32()
      self = .failed(id: id, try WorkerReasonCode.read(&reader))
    case 4: self = .accepted
    case 5: self = .progress
    case let tag: throw WorkerWireError(reason: "unknown response \(tag)")
    }
    guard reader.isAtEnd else { throw WorkerWireError(reason: "trailing bytes") }
  }
}
