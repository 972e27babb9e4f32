import Foundation

extension Transcript {
  /// Parses JSON bytes with ``TranscriptParser`` (one pass, no intermediate object graph).
  public init(jsonData: Data) throws(TranscriptError) {
    let result = jsonData.withUnsafeBytes { raw -> Result<Transcript, TranscriptError> in
      let bytes = raw.bindMemory(to: UInt8.self)
      do throws(TranscriptError) {
        return .success(try TranscriptParser.parse(bytes))
      } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// The transcript as a JSON-ready object.
  public var jsonObject: [String: Any] { ["messages": messages.map(\.jsonObject)] }

  /// Pretty, stable JSON (sorted keys).
  public func jsonData() throws -> Data {
    try JSONSerialization.data(withJSONObject: jsonObject, options: [.prettyPrinted, .sortedKeys])
  }
}

extension ChatMessage {
  var jsonObject: [String: Any] {
    var object: [String: Any] = ["from": from]
    if let time { object["time"] = time }
    if parts.count == 1, case .text(let text) = parts[0] {
      object["text"] = text
    } else {
      object["parts"] = parts.map { part -> Any in
        switch part {
        case .text(let text): text
        case .sticker(let name): ["sticker": name]
        }
      }
    }
    return object
  }
}
