import ChatKit
import ChatModel
import Foundation
import Instrumentation
import ReuseKitSupport
import ScenarioVocabulary
import Stickers
import TextEngine

extension Scenario {
  /// The largest scenario file read (16 MiB); big transcripts belong in `{"file": …}` or `{"generate": …}`.
  /// Parsing holds at most about 8 bytes per byte of it (about 130 MiB at the limit), besides the file.
  package static let maximumFileBytes = 16 << 20

  /// Reads a scenario file; a `{"file": …}` transcript is resolved relative to it.
  /// - Throws: ``ScenarioError`` naming the step and the problem.
  package init(contentsOf url: URL) throws(ScenarioError) {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
      throw ScenarioError(step: nil, reason: "scenario file \(url.path) is not a regular file (\(type.rawValue))")
    }
    let size = attributes?[.size] as? Int
    if let size, size > Self.maximumFileBytes {
      throw ScenarioError(
        step: nil, reason: "scenario file \(url.path) is \(size) bytes, over the \(Self.maximumFileBytes)-byte limit")
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ScenarioError(step: nil, reason: "cannot read scenario file \(url.path)")
    }
    try self.init(jsonData: data, baseDirectory: url.deletingLastPathComponent())
  }

  /// Parses scenario JSON in one pass with `JSONReader`: the inline transcript's messages and a
  /// `send` step's parts go through `TranscriptCodec`, the other known fields are read as small
  /// trees, unknown ones are skipped, and each step is checked as soon as it is read. The memory
  /// held stays under about 8 bytes per byte of JSON (`ScenarioDocument.maximumBytesPerByte`).
  /// - Throws: ``ScenarioError`` naming the step and the problem, or the line and column of bad JSON.
  package init(jsonData: Data, baseDirectory: URL) throws(ScenarioError) {
    let document = try ScenarioDocument(jsonData: jsonData, makeStep: Self.makeStep)
    let object = document.root
    guard let name = object["name"]?.string else {
      throw ScenarioError(step: nil, reason: "missing \"name\" string")
    }
    var width = 480
    var height = 800
    if let viewport = object["viewport"] {
      guard let w = viewport["width"]?.int, let h = viewport["height"]?.int,
        (100...8_000).contains(w), (100...8_000).contains(h)
      else { throw ScenarioError(step: nil, reason: "\"viewport\" needs integer width and height in 100...8000") }
      width = w
      height = h
    }
    var policies: TextAttachmentViewProviderReusePolicy?
    if let value = object["policies"] { policies = try Self.parsePolicies(value, step: nil) }
    var scrollCache = ReuseCacheConfiguration.unbounded
    if let value = object["scrollCache"] { scrollCache = try Self.parseScrollCache(value) }
    var stickerFrames = StickerRuntime.FrameDelivery.waiting
    if let value = object["stickerFrames"] {
      switch value.string {
      case "waiting": stickerFrames = .waiting
      case "nextFrame": stickerFrames = .nextFrame
      default: throw ScenarioError(step: nil, reason: "\"stickerFrames\" must be \"waiting\" or \"nextFrame\"")
      }
    }
    var prefetches = true
    if let value = object["prefetch"] {
      guard let flag = value.bool else { throw ScenarioError(step: nil, reason: "\"prefetch\" must be true or false") }
      prefetches = flag
    }
    let transcript = try Self.parseTranscript(document.transcript, baseDirectory: baseDirectory)
    guard let steps = document.steps else {
      throw ScenarioError(step: nil, reason: "missing \"steps\" array")
    }
    if let error = document.stepError { throw error }
    self.init(
      name: name, viewportWidth: width, viewportHeight: height, policies: policies, transcript: transcript,
      steps: steps)
    stepViews = document.stepViews
    self.scrollCache = scrollCache
    self.stickerFrames = stickerFrames
    self.prefetches = prefetches
  }

  /// Checks one step as it is read: the step and the view it targets.
  private static func makeStep(_ step: ScenarioDocument.Step?, index: Int) throws(ScenarioError)
    -> (step: ScenarioStep, view: Int)
  {
    (try parseStep(step, index: index), try parseView(step, index: index))
  }

  /// A step's `"view"` field: 0 (the default) or 1.
  private static func parseView(_ step: ScenarioDocument.Step?, index: Int) throws(ScenarioError) -> Int {
    guard let value = step?.fields["view"] else { return 0 }
    guard let view = value.int, (0...1).contains(view) else {
      throw ScenarioError(step: index, op: step?.fields["op"]?.string, reason: "\"view\" must be 0 or 1")
    }
    return view
  }

  /// A `collapse` or `expand` step's day: `"day"` (0 the oldest) or `"message"` (a paragraph index).
  private static func parseDayTarget(_ fields: StepFields) throws(ScenarioError) -> ScenarioStep.DayTarget {
    let hasDay = fields.object["day"] != nil
    guard hasDay != (fields.object["message"] != nil) else {
      throw fields.error("needs exactly one of \"day\", \"message\"")
    }
    return hasDay
      ? .day(try fields.int("day", in: 0...Int.max)) : .message(try fields.int("message", in: 0...Int.max))
  }

  static func parsePolicies(_ value: JSONValue, step: Int?) throws(ScenarioError)
    -> TextAttachmentViewProviderReusePolicy
  {
    guard let names = value.array else {
      throw ScenarioError(step: step, op: step == nil ? nil : "setPolicies", reason: "\"policies\" must be an array")
    }
    var policy: TextAttachmentViewProviderReusePolicy = []
    for name in names {
      guard let known = name.string.flatMap(TextAttachmentViewProviderReusePolicy.init(optionName:)) else {
        throw ScenarioError(
          step: step, op: step == nil ? nil : "setPolicies",
          reason:
            "unknown policy \(name.string.map { "\"\($0)\"" } ?? name.kindName); use onEditingInlineParagraphs or onScrollingOutOfViewport"
        )
      }
      policy.insert(known)
    }
    return policy
  }

  /// The `"scrollCache"` bound: `{"views": N, "bytes": B}`, each a positive integer; a field left
  /// out bounds nothing in that dimension.
  static func parseScrollCache(_ value: JSONValue) throws(ScenarioError) -> ReuseCacheConfiguration {
    let form = "{\"views\": N, \"bytes\": B} (positive integers, either may be left out)"
    guard let fields = value.object else {
      throw ScenarioError(step: nil, reason: "\"scrollCache\" must be an object \(form), found \(value.kindName)")
    }
    if let unknown = fields.keys.sorted().first(where: { $0 != "views" && $0 != "bytes" }) {
      throw ScenarioError(step: nil, reason: "\"scrollCache\" has an unknown field \"\(unknown)\"; use \(form)")
    }
    guard !fields.isEmpty else {
      throw ScenarioError(
        step: nil, reason: "\"scrollCache\" needs \"views\" or \"bytes\"; leave it out for TextKit's unbounded cache")
    }
    func limit(_ key: String) throws(ScenarioError) -> Int {
      guard let raw = fields[key] else { return .max }
      guard let number = raw.int, number > 0 else {
        throw ScenarioError(step: nil, reason: "\"scrollCache\" \"\(key)\" must be a positive integer")
      }
      return number
    }
    return ReuseCacheConfiguration(countLimit: try limit("views"), byteLimit: try limit("bytes"))
  }

  private static func parseTranscript(_ fields: ScenarioDocument.TranscriptFields?, baseDirectory: URL)
    throws(ScenarioError) -> TranscriptSource
  {
    guard let fields else { throw ScenarioError(step: nil, reason: "missing \"transcript\"") }
    guard fields.isObject else { throw ScenarioError(step: nil, reason: "\"transcript\" must be an object") }
    if let file = fields.file {
      guard let path = file.string else {
        throw ScenarioError(step: nil, reason: "transcript \"file\" must be a string")
      }
      return .file(URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL)
    }
    if let history = fields.history {
      guard let path = history.string else {
        throw ScenarioError(step: nil, reason: "transcript \"history\" must be a string (a chat store's path)")
      }
      return .history(URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL)
    }
    if let options = fields.generate {
      guard let messages = options["messages"]?.int, (1...5_000_000).contains(messages) else {
        throw ScenarioError(step: nil, reason: "transcript \"generate\" needs \"messages\" in 1...5000000")
      }
      let seed = options["seed"]?.int ?? 1
      let every = options["stickerEvery"]?.int ?? 3
      guard every >= 0 else { throw ScenarioError(step: nil, reason: "\"stickerEvery\" must be 0 or more") }
      var generator = TranscriptGenerator(
        messages: messages, seed: UInt64(truncatingIfNeeded: seed), stickerEvery: every)
      if let days = options["days"] {
        guard let count = days.int, (0...100_000).contains(count) else {
          throw ScenarioError(step: nil, reason: "\"days\" must be an integer in 0...100000")
        }
        generator.days = count
      }
      return .generate(generator)
    }
    guard let messages = fields.messages else {
      throw ScenarioError(step: nil, reason: "transcript: expected an object with a \"messages\" array")
    }
    return .inline(Transcript(messages: messages))
  }

  // MARK: Steps

  private static func parseStep(_ step: ScenarioDocument.Step?, index: Int) throws(ScenarioError) -> ScenarioStep {
    guard let step else { throw ScenarioError(step: index, reason: "a step must be an object") }
    let object = step.fields
    guard let op = object["op"]?.string else { throw ScenarioError(step: index, reason: "missing \"op\"") }
    let fields = StepFields(object: object, index: index, op: op)
    guard let operation = ScenarioOperation(rawValue: op) else { throw fields.error("unknown op \"\(op)\"") }
    // Exhaustive over the vocabulary: an operation added there does not compile until it parses here.
    switch operation {
    case .select:
      let offset: ScenarioStep.Offset
      if object["offset"]?.string == "end" {
        offset = .end
      } else {
        offset = .at(try fields.int("offset", in: 0...Int.max))
      }
      return .select(
        message: try fields.int("message", in: 0...Int.max), offset: offset,
        length: try fields.int("length", in: 0...Int.max, default: 0))
    case .scrollTo:
      let positionName = object["position"]?.string ?? "top"
      guard let position = TextView.ScrollPosition(rawValue: positionName) else {
        throw fields.error("\"position\" must be top, center or bottom")
      }
      return .scrollTo(message: try fields.int("message", in: 0...Int.max), position: position)
    case .scrollBy: return .scrollBy(dy: try fields.double("dy"))
    case .scrollToTop: return .scrollToTop
    case .scrollToBottom: return .scrollToBottom
    case .type: return .type(try fields.string("text"))
    case .key:
      let name = try fields.string("key")
      guard let key = ScenarioStep.Key(rawValue: name) else {
        throw fields.error(
          "unknown key \"\(name)\"; use one of \(ScenarioStep.Key.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .key(key, repeat: try fields.int("repeat", in: 1...100_000, default: 1))
    case .insertSticker: return .insertSticker(try fields.string("sticker"))
    case .send:
      if let text = object["text"]?.string { return .send([.text(text)]) }
      if let parts = step.parts { return .send(parts) }
      guard let parts = object["parts"] else { throw fields.error("needs \"text\" or \"parts\"") }
      throw fields.error("bad \"parts\": expected an array, found \(parts.kindName)")
    case .receive:
      guard let from = object["from"]?.string, !from.isEmpty else { throw fields.error("needs a \"from\" string") }
      if let text = object["text"]?.string { return .receive(ChatMessage(from: from, text: text)) }
      if let parts = step.parts { return .receive(ChatMessage(from: from, parts: parts)) }
      throw fields.error("needs \"text\" or \"parts\"")
    case .undo: return .undo(repeat: try fields.int("repeat", in: 1...100_000, default: 1))
    case .redo: return .redo(repeat: try fields.int("repeat", in: 1...100_000, default: 1))
    case .cut: return .cut
    case .copy: return .copy
    case .paste: return .paste
    case .resize:
      return .resize(width: try fields.int("width", in: 100...8_000), height: try fields.int("height", in: 100...8_000))
    case .fling:
      let velocity = try fields.double("velocity")
      guard abs(velocity) <= 1_000_000 else { throw fields.error("\"velocity\" must be in -1000000...1000000") }
      let seconds = try fields.double("seconds")
      guard seconds > 0, seconds <= 600 else { throw fields.error("\"seconds\" must be in 0...600, above 0") }
      var friction = FlingMotion.defaultFriction
      if fields.object["friction"] != nil {
        friction = try fields.double("friction")
        guard (0...100).contains(friction) else { throw fields.error("\"friction\" must be in 0...100") }
      }
      return .fling(velocity: velocity, seconds: seconds, friction: friction)
    case .advance:
      let seconds = try fields.double("seconds")
      guard seconds >= 0, seconds <= 3_600 else { throw fields.error("\"seconds\" must be in 0...3600") }
      return .advance(seconds: seconds)
    case .setPolicies:
      guard let value = object["policies"] else { throw fields.error("missing \"policies\"") }
      return .setPolicies(try parsePolicies(value, step: index))
    case .screenshot:
      let name = try fields.string("name")
      guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
        throw fields.error("\"name\" must be a plain file name")
      }
      return .screenshot(name: name)
    case .expect:
      let counterName = try fields.string("counter")
      guard let counter = Counter(rawValue: counterName) else {
        throw fields.error("unknown counter \"\(counterName)\"")
      }
      let given = ScenarioStep.Comparison.allCases.filter { object[$0.rawValue] != nil }
      guard given.count == 1, let comparison = given.first else {
        throw fields.error("needs exactly one of \"equals\", \"atMost\", \"atLeast\"")
      }
      return .expect(
        counter: counter, comparison: comparison, value: try fields.int(comparison.rawValue, in: 0...Int.max))
    case .scene:
      let name = try fields.string("scene")
      guard let scene = ScenarioStep.Scene(rawValue: name) else {
        throw fields.error("unknown scene \"\(name)\"; use chat or editor")
      }
      return .scene(scene)
    case .collapse: return .collapse(try parseDayTarget(fields))
    case .expand: return .expand(try parseDayTarget(fields))
    case .tab:
      switch object["backward"] {
      case nil: return .tab(backward: false)
      case .bool(let backward)?: return .tab(backward: backward)
      default: throw fields.error("\"backward\" must be true or false")
      }
    case .search:
      let query = try fields.string("query")
      guard query.count <= 1_000 else { throw fields.error("\"query\" must be at most 1000 characters") }
      guard !query.contains("\n") else { throw fields.error("\"query\" must be one line") }
      return .search(query)
    case .nextHit:
      switch object["backward"] {
      case nil: return .nextHit(backward: false)
      case .bool(let backward)?: return .nextHit(backward: backward)
      default: throw fields.error("\"backward\" must be true or false")
      }
    case .split:
      switch object["split"]?.string {
      case "on": return .split(true)
      case "off": return .split(false)
      default: throw fields.error("\"split\" must be \"on\" or \"off\"")
      }
    }
  }
}

/// Typed access to a step's fields with errors that name the step.
private struct StepFields {
  let object: [String: JSONValue]
  let index: Int
  let op: String

  func error(_ reason: String) -> ScenarioError { ScenarioError(step: index, op: op, reason: reason) }

  func string(_ key: String) throws(ScenarioError) -> String {
    guard let value = object[key]?.string else { throw error("missing \"\(key)\" string") }
    return value
  }

  func int(_ key: String, in range: ClosedRange<Int>, default fallback: Int? = nil) throws(ScenarioError) -> Int {
    guard let raw = object[key] else {
      guard let fallback else { throw error("missing \"\(key)\"") }
      return fallback
    }
    guard let value = raw.int, range.contains(value) else {
      throw error(
        "\"\(key)\" must be an integer in \(range.lowerBound)...\(range.upperBound == Int.max ? "" : "\(range.upperBound)")"
      )
    }
    return value
  }

  func double(_ key: String) throws(ScenarioError) -> Double {
    guard let number = object[key]?.double, number.isFinite else { throw error("missing number \"\(key)\"") }
    return number
  }
}
