import Foundation

extension Transcript {
  /// Reads `{"messages": [...]}` where each message is `{"from", "time"?, "text"}` or
  /// `{"from", "time"?, "parts": [string | {"sticker": name}]}`.
  /// - Throws: ``TranscriptError`` naming the message index and the problem.
  public init(jsonObject: Any) throws(TranscriptError) {
    guard let object = jsonObject as? [String: Any], let messages = object["messages"] as? [Any] else {
      throw TranscriptError(reason: "expected an object with a \"messages\" array")
    }
    self.init(
      messages: try messages.enumerated().map { index, value throws(TranscriptError) in
        try ChatMessage(jsonObject: value, index: index)
      })
  }

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
  init(jsonObject: Any, index: Int) throws(TranscriptError) {
    let place = "message \(index)"
    guard let object = jsonObject as? [String: Any] else { throw TranscriptError(reason: "\(place) is not an object") }
    guard let from = object["from"] as? String, !from.isEmpty else {
      throw TranscriptError(reason: "\(place) has no \"from\" string")
    }
    let time = object["time"] as? String
    if let text = object["text"] {
      guard let text = text as? String else { throw TranscriptError(reason: "\(place): \"text\" must be a string") }
      self.init(from: from, time: time, text: text)
      return
    }
    guard let parts = object["parts"] as? [Any] else {
      throw TranscriptError(reason: "\(place) needs \"text\" or a \"parts\" array")
    }
    self.init(
      from: from, time: time,
      parts: try parts.enumerated().map { partIndex, part throws(TranscriptError) in
        if let text = part as? String { return .text(text) }
        if let sticker = (part as? [String: Any])?["sticker"] as? String, !sticker.isEmpty { return .sticker(sticker) }
        throw TranscriptError(reason: "\(place), part \(partIndex): expected a string or {\"sticker\": name}")
      })
  }

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
