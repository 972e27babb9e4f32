import Foundation
import Instrumentation
import Stickers

/// What a scenario run did, as written by `--report`.
public struct ScenarioReport: Codable, Equatable, Sendable {
  /// Counters for one attachment, with where it is now.
  public struct AttachmentEntry: Codable, Equatable, Sendable {
    /// The message (paragraph) holding the attachment now, or `nil` if it left the document.
    public var message: Int?
    /// The attachment's sticker name (or its file type when it is not a sticker), when known.
    public var sticker: String?
    /// The attachment's counters since the start.
    public var counters: Counters
  }

  /// The outcome of one `expect` step.
  public struct Expectation: Codable, Equatable, Sendable {
    /// The 0-based index of the `expect` step.
    public var step: Int
    /// The counter's name, as in the scenario file.
    public var counter: String
    /// The comparison: `equals`, `atMost` or `atLeast`.
    public var comparison: String
    /// The value the step gave.
    public var expected: Int
    /// The counter's total when the step ran.
    public var actual: Int
    /// Whether the comparison held.
    public var passed: Bool
  }

  /// One view's counters (view 0, then view 1 once a `split` step made it).
  public struct ViewCounters: Codable, Equatable, Sendable {
    /// The view: 0, or 1 for the split's second view.
    public var view: Int
    /// The view's counter totals.
    public var counters: Counters
  }

  /// The scenario's name.
  public var scenario: String
  /// The option names of the policies in force at the start.
  public var policies: [String]
  /// View 0's counter totals since the start.
  public var counters: Counters
  /// View 0's counters per provider type.
  public var perProviderType: [String: Counters]
  /// View 0's counters per attachment, in document order (attachments no longer in the document last).
  public var perAttachment: [AttachmentEntry]
  /// The outcomes of the `expect` steps, in order.
  public var expectations: [Expectation]
  /// How many frames were rendered (screenshots included).
  public var framesRendered: Int
  /// The paths of the screenshots written, in order.
  public var screenshots: [String]
  /// Error events (bad sticker files, failed views), in order.
  public var errors: [String]
  /// Per-view counters: view 0's (the same as ``counters``), then view 1's once split.
  public var views: [ViewCounters] = []
  /// Every sticker the run loaded (and, with `--stickers DIR`, every sticker of DIR): name, kind,
  /// `ok` / `rejected`, the reason and the warnings.
  public var stickers: [StickerLoadStatus] = []

  /// The edits the run could not make, in order (a full disk, a store that failed): each is in
  /// ``errors`` too, and any of them fails the run (exit status 1).
  public var editsNotSaved: [String] = []

  /// Whether every expectation held.
  public var expectationsPassed: Bool { expectations.allSatisfy(\.passed) }

  /// Whether every expectation held and every edit was made.
  public var passed: Bool { expectationsPassed && editsNotSaved.isEmpty }

  /// Pretty JSON with sorted keys.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}
