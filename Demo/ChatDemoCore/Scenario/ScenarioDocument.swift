import ChatKit
import Foundation
import ReuseKitSupport

/// A scenario file read in one pass with `JSONReader`, before its fields are checked.
///
/// The inline transcript's `"messages"` and a step's `"parts"` are read by ``TranscriptCodec`` (the
/// one transcript reader); every other field is kept as a small `JSONValue` tree.
struct ScenarioDocument {
  /// The members of `"transcript"`.
  struct TranscriptFields {
    /// Whether `"transcript"` is an object at all.
    var isObject = true
    var file: JSONValue?
    var generate: JSONValue?
    /// The inline messages, when `"messages"` is an array.
    var messages: [ChatMessage]?
  }

  /// One step object.
  struct Step {
    /// Every member but an array `"parts"`.
    var fields: [String: JSONValue] = [:]
    /// The `"parts"` array, read by the transcript codec.
    var parts: [ChatMessage.Part]?
  }

  /// What is being read, so that a transcript error names its place.
  private enum Context {
    case document
    case transcript
    case parts(step: Int, op: String?)
  }

  /// The top-level members other than `"transcript"` and `"steps"`.
  private(set) var root: [String: JSONValue] = [:]
  /// The transcript's members, or `nil` when the file has no `"transcript"`.
  private(set) var transcript: TranscriptFields?
  /// The steps, or `nil` when `"steps"` is missing or not an array; a step that is not an object is `nil`.
  private(set) var steps: [Step?]?

  /// Reads scenario JSON.
  /// - Throws: ``ScenarioError``: malformed JSON with its line and column, or a bad inline transcript
  ///   or `"parts"` naming the message or step.
  init(jsonData: Data) throws(ScenarioError) {
    var context = Context.document
    let result = jsonData.withUnsafeBytes { raw -> Result<ScenarioDocument, JSONError> in
      do throws(JSONError) {
        return .success(
          try JSONReader.read(raw) { reader throws(JSONError) in try Self(reading: &reader, context: &context) })
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let document): self = document
    case .failure(let error):
      guard !error.isMalformed else { throw ScenarioError(step: nil, reason: error.description) }
      switch context {
      case .document: throw ScenarioError(step: nil, reason: error.description)
      case .transcript: throw ScenarioError(step: nil, reason: "transcript: \(error.description)")
      case .parts(let step, let op):
        throw ScenarioError(step: step, op: op, reason: "bad \"parts\": \(error.description)")
      }
    }
  }

  private init(reading reader: inout JSONReader, context: inout Context) throws(JSONError) {
    guard try reader.peek() == .object else { throw reader.error("expected a JSON object") }
    try reader.beginObject()
    while let key = try reader.nextKey() {
      switch key {
      case "transcript":
        context = .transcript
        transcript = try Self.readTranscript(&reader)
        context = .document
      case "steps":
        steps = try Self.readSteps(&reader, context: &context)
      default:
        root[key] = try reader.readValue()
      }
    }
  }

  private static func readTranscript(_ reader: inout JSONReader) throws(JSONError) -> TranscriptFields {
    var fields = TranscriptFields()
    guard try reader.peek() == .object else {
      try reader.skipValue()
      fields.isObject = false
      return fields
    }
    try reader.beginObject()
    while let key = try reader.nextKey() {
      switch key {
      case "file": fields.file = try reader.readValue()
      case "generate": fields.generate = try reader.readValue()
      case "messages" where try reader.peek() == .array: fields.messages = try TranscriptCodec.readMessages(&reader)
      default: try reader.skipValue()
      }
    }
    return fields
  }

  private static func readSteps(_ reader: inout JSONReader, context: inout Context) throws(JSONError) -> [Step?]? {
    guard try reader.peek() == .array else {
      try reader.skipValue()
      return nil
    }
    var steps: [Step?] = []
    try reader.beginArray()
    while try reader.nextElement() {
      guard try reader.peek() == .object else {
        try reader.skipValue()
        steps.append(nil)
        continue
      }
      var step = Step()
      try reader.beginObject()
      while let key = try reader.nextKey() {
        if key == "parts", try reader.peek() == .array {
          context = .parts(step: steps.count, op: step.fields["op"]?.string)
          step.parts = try TranscriptCodec.readParts(&reader, in: nil)
          context = .document
        } else {
          step.fields[key] = try reader.readValue()
        }
      }
      steps.append(step)
    }
    return steps
  }
}
