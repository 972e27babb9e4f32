/// What the app asks a sticker worker.
package enum WorkerRequest: Equatable {
  /// The largest request the app sends (a file under any sane cap, and its header).
  package static let maxBytes = 64 << 20

  /// Parse and check a sticker file's bytes (already read under the size cap) as `kind`.
  case load(
    id: UInt32, kind: StickerKind, strip: StickerStripLayout?, limits: StickerLimits, bytes: [UInt8])
  /// Render frame `frame` of sticker `id` at `pixelSize` into the shared frame memory.
  case render(id: UInt32, frame: Int, pixelSize: Int)
  /// Forget sticker `id`.
  case unload(id: UInt32)
  /// A test-only fault for the next render (honoured only by a worker started with `--test-hooks`).
  case arm(WorkerFault)

  /// Whether the worker answers this request (with `accepted`, then the result).
  package var isAnswered: Bool {
    switch self {
    case .load, .render: true
    case .unload, .arm: false
    }
  }

  /// The request as one length-prefixed message.
  package func message() -> [UInt8] {
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
  package init(_ body: [UInt8], maxBytes: Int) throws(WorkerWireError) {
    var reader = WireReader(body)
    let big = 0...(1 << 40)
    switch try reader.u8() {
    case 1:
      let id = try reader.u32()
      guard let kind = StickerKind(rawValue: try reader.string(limit: 64)) else {
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
      let strip = stripFrames >= 0 ? StickerStripLayout(frameCount: stripFrames, frameRate: stripRate) : nil
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
