/// What a sticker worker answers.
package enum WorkerResponse: Equatable {
  /// The largest answer a worker may send.
  package static let maxBytes = 1 << 20

  /// What the app needs to play a loaded sticker.
  package struct Loaded: Equatable {
    package var kind: StickerKind
    package var contentKey: String
    package var frameCount: Int
    package var frameRate: Double
    package var frameDurations: [Double]?
    package var warnings: [String]

    /// What a worker tells the app about a sticker it loaded.
    package init(
      kind: StickerKind, contentKey: String, frameCount: Int, frameRate: Double, frameDurations: [Double]?,
      warnings: [String]
    ) {
      self.kind = kind
      self.contentKey = contentKey
      self.frameCount = frameCount
      self.frameRate = frameRate
      self.frameDurations = frameDurations
      self.warnings = warnings
    }
  }

  /// The worker has read a request and starts on it: from now on a death is that request's.
  case accepted
  /// ``accepted``'s message body, which the pool looks for before decoding anything else.
  package static let acceptedBody: [UInt8] = [4]
  /// The worker finished one more frame of the request (a raster sticker composites every frame
  /// from the last it kept up to the one asked for): the watchdog's budget starts again.
  case progress
  /// ``progress``'s message body.
  package static let progressBody: [UInt8] = [5]
  case loaded(id: UInt32, Loaded)
  /// The frame is in the shared memory: `width × height` straight-alpha RGBA pixels.
  case rendered(id: UInt32, width: Int, height: Int)
  case failed(id: UInt32, StickerError.Reason)

  /// The answer as one length-prefixed message.
  package func message() -> [UInt8] {
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
  package init(_ body: [UInt8]) throws(WorkerWireError) {
    var reader = WireReader(body)
    switch try reader.u8() {
    case 1:
      let id = try reader.u32()
      guard let kind = StickerKind(rawValue: try reader.string(limit: 64)) else {
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
