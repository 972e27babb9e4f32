import ChatKit
import ChatModel
import Foundation
import ReuseKitSupport

/// A scenario file read in one pass with `JSONReader`, before its fields are checked.
///
/// The inline transcript's `"messages"` and a step's `"parts"` are read by ``TranscriptCodec`` (the
/// one transcript reader). Every other field the format knows is kept as a small `JSONValue`
/// (see ``readSmallValue(_:key:)``); unknown fields are skipped without being stored. Each step is
/// turned into a ``ScenarioStep`` as soon as it is read, so that its fields are freed at once.
///
/// Cost: the memory held while parsing is at most about ``maximumBytesPerByte`` bytes per byte of
/// the file (measured: `BadScenarioTests`' child-process test), besides the file itself.
struct ScenarioDocument {
  /// The parse's documented memory bound, in bytes held per byte of scenario file.
  static let maximumBytesPerByte = 8

  /// The most members a small value (a field that is not messages or parts) may hold.
  static let maximumSmallMembers = 1_000

  /// The root fields kept; the others are skipped.
  static let rootKeys: Set<String> = [
    "name", "viewport", "policies", "scrollCache", "stickerFrames", "prefetch",
  ]
  /// The step fields kept (besides `"parts"`); the others are skipped.
  static let stepKeys: Set<String> = [
    "op", "message", "offset", "length", "position", "dy", "text", "key", "repeat", "sticker", "width", "height",
    "seconds", "policies", "name", "counter", "equals", "atMost", "atLeast", "view", "scene", "day", "split", "from",
    "backward", "velocity", "friction", "query",
  ]

  /// The members of `"transcript"`.
  struct TranscriptFields {
    /// Whether `"transcript"` is an object at all.
    var isObject = true
    var file: JSONValue?
    var generate: JSONValue?
    /// `"history"`: a chat store's path.
    var history: JSONValue?
    /// The inline messages, when `"messages"` is an array.
    var messages: [ChatMessage]?
  }

  /// One step object, as read.
  struct Step {
    /// Its known members but an array `"parts"`.
    var fields: [String: JSONValue] = [:]
    /// The `"parts"` array, read by the transcript codec (strings in a row joined).
    var parts: [ChatMessage.Part]?
  }

  /// Turns a step as read (`nil`: not an object) and its index into a step, or says why it cannot.
  typealias StepMaker = (Step?, Int) throws(ScenarioError) -> (step: ScenarioStep, view: Int)

  /// What is being read, so that a transcript error names its place.
  private enum Context {
    case document
    case transcript
    case parts(step: Int, op: String?)
  }

  /// The known top-level members other than `"transcript"` and `"steps"`.
  private(set) var root: [String: JSONValue] = [:]
  /// The transcript's members, or `nil` when the file has no `"transcript"`.
  private(set) var transcript: TranscriptFields?
  /// The steps, or `nil` when `"steps"` is missing or not an array.
  private(set) var steps: [ScenarioStep]?
  /// The view (0 or 1) each step targets, parallel to ``steps``.
  private(set) var stepViews: [Int] = []
  /// The first step that could not be made; the steps after it are skipped. It is reported after
  /// the document's own fields are checked.
  private(set) var stepError: ScenarioError?

  /// Reads scenario JSON.
  /// - Parameters:
  ///   - jsonData: The file's bytes.
  ///   - makeStep: Checks each step as it is read.
  /// - Throws: ``ScenarioError``: malformed JSON with its line and column, or a bad inline transcript
  ///   or `"parts"` naming the message or step.
  init(jsonData: Data, makeStep: StepMaker) throws(ScenarioError) {
    var context = Context.document
    let result = jsonData.withUnsafeBytes { raw -> Result<ScenarioDocument, JSONError> in
      do throws(JSONError) {
        return .success(
          try JSONReader.read(raw) { reader throws(JSONError) in
            try Self(reading: &reader, context: &context, makeStep: makeStep)
          })
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

  private init(reading reader: inout JSONReader, context: inout Context, makeStep: StepMaker) throws(JSONError) {
    guard try reader.peek() == .object else { throw reader.error("expected a JSON object") }
    try reader.beginObject()
    while let key = try reader.nextKey() {
      switch key {
      case "transcript":
        context = .transcript
        transcript = try Self.readTranscript(&reader)
        context = .document
      case "steps":
        try readSteps(&reader, context: &context, makeStep: makeStep)
      case _ where Self.rootKeys.contains(key):
        root[key] = try Self.readSmallValue(&reader, key: key)
      default:
        try reader.skipValue()
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
      case "file": fields.file = try readSmallValue(&reader, key: key)
      case "generate": fields.generate = try readSmallValue(&reader, key: key)
      case "history": fields.history = try readSmallValue(&reader, key: key)
      case "messages" where try reader.peek() == .array: fields.messages = try TranscriptCodec.readMessages(&reader)
      default: try reader.skipValue()
      }
    }
    return fields
  }

  private mutating func readSteps(_ reader: inout JSONReader, context: inout Context, makeStep: StepMaker)
    throws(JSONError)
  {
    guard try reader.peek() == .array else {
      try reader.skipValue()
      steps = nil
      return
    }
    var steps: [ScenarioStep] = []
    var index = 0
    try reader.beginArray()
    while try reader.nextElement() {
      defer { index += 1 }
      guard stepError == nil else {
        try reader.skipValue()
        continue
      }
      var step: Step?
      if try reader.peek() == .object {
        step = try Self.readStep(&reader, index: index, context: &context)
      } else {
        try reader.skipValue()
      }
      do {
        let made = try makeStep(step, index)
        steps.append(made.step)
        stepViews.append(made.view)
      } catch {
        stepError = error
      }
    }
    self.steps = steps
  }

  private static func readStep(_ reader: inout JSONReader, index: Int, context: inout Context) throws(JSONError)
    -> Step
  {
    var step = Step()
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == "parts", try reader.peek() == .array {
        context = .parts(step: index, op: step.fields["op"]?.string)
        step.parts = try TranscriptCodec.readParts(&reader, in: nil, joiningText: true)
        context = .document
      } else if stepKeys.contains(key) {
        step.fields[key] = try readSmallValue(&reader, key: key)
      } else {
        try reader.skipValue()
      }
    }
    return step
  }

  /// A field's value, kept small: a scalar as it is; an array or an object one level deep with
  /// at most ``maximumSmallMembers`` members, whose own arrays and objects are skipped and kept
  /// empty (their kind still shows in errors).
  /// - Throws: ``JSONError`` for malformed JSON or too many members.
  static func readSmallValue(_ reader: inout JSONReader, key: String, depth: Int = 0) throws(JSONError)
    -> JSONValue
  {
    let start = reader.offset
    switch try reader.peek() {
    case .array:
      guard depth == 0 else {
        try reader.skipValue()
        return .array([])
      }
      var elements: [JSONValue] = []
      try reader.beginArray()
      while try reader.nextElement() {
        guard elements.count < maximumSmallMembers else {
          throw reader.error("\"\(key)\" has more than \(maximumSmallMembers) elements", at: start)
        }
        elements.append(try readSmallValue(&reader, key: key, depth: 1))
      }
      return .array(elements)
    case .object:
      guard depth == 0 else {
        try reader.skipValue()
        return .object([:])
      }
      var members: [String: JSONValue] = [:]
      try reader.beginObject()
      while let member = try reader.nextKey() {
        guard members.count < maximumSmallMembers else {
          throw reader.error("\"\(key)\" has more than \(maximumSmallMembers) members", at: start)
        }
        members[member] = try readSmallValue(&reader, key: key, depth: 1)
      }
      return .object(members)
    default:
      return try reader.readValue()
    }
  }
}
