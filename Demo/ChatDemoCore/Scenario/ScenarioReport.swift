import Foundation
import Instrumentation
import Stickers
import TextEngine

/// What a scenario run did, as written by `--report`.
package struct ScenarioReport: Codable, Equatable, Sendable {
  /// Counters for one attachment, with where it is now.
  package struct AttachmentEntry: Codable, Equatable, Sendable {
    /// The message (paragraph) holding the attachment now, or `nil` if it left the document.
    package var message: Int?
    /// The attachment's sticker name (or its file type when it is not a sticker), when known.
    package var sticker: String?
    /// The attachment's counters since the start.
    package var counters: Counters
  }

  /// The outcome of one `expect` step.
  package struct Expectation: Codable, Equatable, Sendable {
    /// The 0-based index of the `expect` step.
    package var step: Int
    /// The counter's name, as in the scenario file.
    package var counter: String
    /// The comparison: `equals`, `atMost` or `atLeast`.
    package var comparison: String
    /// The value the step gave.
    package var expected: Int
    /// The counter's total when the step ran.
    package var actual: Int
    /// Whether the comparison held.
    package var passed: Bool
  }

  /// One view's counters (view 0, then view 1 once a `split` step made it).
  package struct ViewCounters: Codable, Equatable, Sendable {
    /// The view: 0, or 1 for the split's second view.
    package var view: Int
    /// The view's counter totals.
    package var counters: Counters
  }

  /// The scenario's name.
  package var scenario: String
  /// The option names of the policies in force at the start.
  package var policies: [String]
  /// The bound of the chat views' scroll cache: `unbounded` (TextKit's, a scenario's default) or
  /// the limits, as `8 views / any size`.
  package var scrollCache = ReuseCacheConfiguration.unbounded.description
  /// The renderer that drew the frames: `software (offscreen)` for a headless run, or the window's
  /// renderer as its HUD shows it.
  package var renderer = ScenarioReport.offscreenRenderer
  /// View 0's counter totals since the start.
  package var counters: Counters
  /// View 0's counters per provider type.
  package var perProviderType: [String: Counters]
  /// View 0's counters per attachment, in document order (attachments no longer in the document last).
  package var perAttachment: [AttachmentEntry]
  /// The outcomes of the `expect` steps, in order.
  package var expectations: [Expectation]
  /// How many frames were rendered (screenshots included).
  package var framesRendered: Int
  /// The paths of the screenshots written, in order.
  package var screenshots: [String]
  /// Error events (bad sticker files, failed views), in order.
  package var errors: [String]
  /// Per-view counters: view 0's (the same as ``counters``), then view 1's once split.
  package var views: [ViewCounters] = []
  /// Every sticker the run loaded (and, with `--stickers DIR`, every sticker of DIR): name, kind,
  /// `ok` / `rejected`, the reason and the warnings.
  package var stickers: [StickerLoadStatus] = []

  /// The edits the run could not make, in order (a full disk, a store that failed): each is in
  /// ``errors`` too, and any of them fails the run (exit status 1).
  package var editsNotSaved: [String] = []

  /// The search bar at the end of a run that searched: its query, its label ("3 of 1,204") and
  /// the current hit.
  package struct SearchState: Codable, Equatable, Sendable {
    /// The query searched.
    package var query: String
    /// What the bar shows right of its field.
    package var label: String
    /// The current hit's paragraph index, UTF-16 offset and length in the message; `nil` with none.
    package var message: Int?
    package var offset: Int?
    package var length: Int?
    /// The paragraphs carrying highlights.
    package var highlightedMessages: Int
  }

  /// The search bar at the end of the run, while it is open; `nil` when closed.
  package var search: SearchState?

  /// The renderer a headless run draws with: SDL's software renderer on an offscreen surface.
  package static let offscreenRenderer = "software (offscreen)"

  /// Whether every expectation held.
  package var expectationsPassed: Bool { expectations.allSatisfy(\.passed) }

  /// Whether every expectation held and every edit was made.
  package var passed: Bool { expectationsPassed && editsNotSaved.isEmpty }

  /// Pretty JSON with sorted keys.
  package func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(self)
  }
}
