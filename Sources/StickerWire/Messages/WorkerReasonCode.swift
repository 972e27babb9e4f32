/// ``StickerError/Reason`` on the worker's wire: a tag, two integers, two reals and a text.
package enum WorkerReasonCode {
  /// Writes `reason` as its tag and fields.
  package static func write(_ reason: StickerError.Reason, to writer: inout WireWriter) {
    var (tag, a, b, x, y, text): (UInt8, Int, Int, Double, Double, String) = (0, 0, 0, 0, 0, "")
    switch reason {
    case .unknownSticker(let name): (tag, text) = (1, name)
    case .unreadable(let detail): (tag, text) = (2, detail)
    case .empty: tag = 3
    case .fileTooLarge(let bytes, let limit): (tag, a, b) = (4, bytes, limit)
    case .unknownFormat(let detail): (tag, text) = (5, detail)
    case .inflatedTooLarge(let limit): (tag, a) = (6, limit)
    case .notUTF8: tag = 7
    case .nestingTooDeep(let limit): (tag, a) = (8, limit)
    case .malformed(let detail): (tag, text) = (9, detail)
    case .durationTooLong(let seconds, let limit): (tag, x, y) = (10, seconds, limit)
    case .decodedSizeTooLarge(let bytes, let limit): (tag, a, b) = (11, bytes, limit)
    case .externalImage(let path): (tag, text) = (12, path)
    case .costTooHigh(let cost, let limit): (tag, a, b) = (13, cost, limit)
    case .renderBudgetExceeded(let detail): (tag, text) = (14, detail)
    case .decoderFailed(let detail): (tag, text) = (15, detail)
    case .decoderCrashed(let detail): (tag, text) = (16, detail)
    }
    writer.u8(tag)
    writer.i64(a)
    writer.i64(b)
    writer.f64(x)
    writer.f64(y)
    writer.string(text)
  }

  /// Reads a reason written by ``write(_:to:)``.
  package static func read(_ reader: inout WireReader) throws(WorkerWireError) -> StickerError.Reason {
    let tag = try reader.u8()
    let a = try reader.i64()
    let b = try reader.i64()
    let x = try reader.f64()
    let y = try reader.f64()
    let text = try reader.string(limit: 4096)
    switch tag {
    case 1: return .unknownSticker(name: text)
    case 2: return .unreadable(text)
    case 3: return .empty
    case 4: return .fileTooLarge(bytes: a, limit: b)
    case 5: return .unknownFormat(text)
    case 6: return .inflatedTooLarge(limit: a)
    case 7: return .notUTF8
    case 8: return .nestingTooDeep(limit: a)
    case 9: return .malformed(text)
    case 10: return .durationTooLong(seconds: x, limit: y)
    case 11: return .decodedSizeTooLarge(bytes: a, limit: b)
    case 12: return .externalImage(text)
    case 13: return .costTooHigh(cost: a, limit: b)
    case 14: return .renderBudgetExceeded(text)
    case 15: return .decoderFailed(text)
    case 16: return .decoderCrashed(text)
    default: throw WorkerWireError(reason: "unknown failure \(tag)")
    }
  }
}
