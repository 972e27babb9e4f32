import Foundation
import Instrumentation
import Stickers

/// What a scenario run did, as written by `--report`.
public struct ScenarioReport: Codable, Equatable, Sendable {
  /// Counters for one attachment, with where it is now.
  public struct AttachmentEntry: Codable, Equatable, Sendable {
    /// The message (paragraph) holding the attachment now, or `nil` if it left the document.
    public var message: Int?
    public var sticker: String?
    public var counters: Counters
  }

  /// The outcome of one `expect` step.
  public struct Expectation: Codable, Equatable, Sendable {
    public var step: Int
    public var counter: String
    public var comparison: String
    public var expected: Int
    public var actual: Int
    public var passed: Bool
  }

  /// One view's counters (view 0, then view 1 once a `split` step made it).
  public struct ViewCounters: Codable, Equatable, Sendable {
    public var view: Int
    public var counters: Counters
  }

  public var scenario: String
  public var policies: [String]
  public var counters: Counters
  public var perProviderType: [String: Counters]
  public var perAttachment: [AttachmentEntry]
  public var expectations: [Expectation]
  public var framesRendered: Int
  public var screenshots: [String]
  /// Error events (bad sticker files, failed views), in order.
  public var errors: [String]
  /// Per-view counters: view 0's (the same as ``counters``), then view 1's once split.
  public var views: [ViewCounters] = []
  /// Every sticker the run loaded (and, with `--stickers DIR`, every sticker of DIR): name, kind,
  /// `ok` / `rejected`, the reason and the warnings.
  public var stickers: [StickerLoadStatus] = []

  /// Whether every expectation held.
  public var passed: Bool { expectations.allSatisfy(\.passed) }

  /// Pretty JSON with sorted keys.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}
