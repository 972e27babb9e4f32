import ChatKit
import ChatModel
import ChatStore
import Foundation
import Stickers
import TextEngine

/// A scripted session: a transcript, a viewport, reuse policies and steps.
package struct Scenario: Equatable, Sendable {
  /// Where the transcript comes from.
  package enum TranscriptSource: Equatable, Sendable {
    /// The messages written in the scenario file (`{"messages": […]}`).
    case inline(Transcript)
    /// A file, resolved relative to the scenario file.
    case file(URL)
    /// A deterministic generated transcript (`{"generate": {…}}`).
    case generate(TranscriptGenerator)
    /// A chat store (SQLite history), resolved relative to the scenario file.
    case history(URL)
  }

  /// The scenario's name (its `"name"`), as reported.
  package var name: String
  /// The width of the transcript view.
  package var viewportWidth: Int
  /// The height of the transcript view (the window adds the composer and palette under it).
  package var viewportHeight: Int
  /// The scenario's policies; `nil` when the file does not say (the default is both).
  package var policies: TextAttachmentViewProviderReusePolicy?
  /// The policies the scenario is written for: ``policies``, or both when the file does not say.
  /// Its `expect` steps are written for these.
  package var intendedPolicies: TextAttachmentViewProviderReusePolicy {
    policies ?? [.onEditingInlineParagraphs, .onScrollingOutOfViewport]
  }
  /// The bound of the chat views' scroll cache (its `"scrollCache"`): TextKit's own, unbounded,
  /// unless the file sets one.
  package var scrollCache: ReuseCacheConfiguration = .unbounded
  /// How sticker frames reach the views (`"stickerFrames"`): `"waiting"` (the default: every frame
  /// at once, nothing blank) or `"nextFrame"` (a frame not decoded shows one frame late, the
  /// pending skeleton before a sticker's first: blanks counted the same on every machine).
  package var stickerFrames: StickerRuntime.FrameDelivery = .waiting
  /// Whether stickers ahead of the scroll are prefetched (`"prefetch"`, default `true`; it only
  /// acts with `"stickerFrames": "nextFrame"`).
  package var prefetches = true
  /// Where the transcript comes from.
  package var transcript: TranscriptSource
  /// The steps, in the order they run.
  package var steps: [ScenarioStep]
  /// The view each step targets (its `"view"` field: 0, or 1 for the split's second view); empty
  /// means view 0 for every step.
  package var stepViews: [Int] = []

  /// The view step `index` targets.
  package func view(ofStep index: Int) -> Int { stepViews.indices.contains(index) ? stepViews[index] : 0 }

  /// Makes a scenario whose steps all target view 0.
  /// - Parameters:
  ///   - name: The scenario's name.
  ///   - viewportWidth: The width of the transcript view.
  ///   - viewportHeight: The height of the transcript view.
  ///   - policies: The reuse policies; `nil` for the default (both).
  ///   - transcript: Where the transcript comes from.
  ///   - steps: The steps, in the order they run.
  package init(
    name: String, viewportWidth: Int = 480, viewportHeight: Int = 800,
    policies: TextAttachmentViewProviderReusePolicy? = nil, transcript: TranscriptSource, steps: [ScenarioStep]
  ) {
    self.name = name
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.policies = policies
    self.transcript = transcript
    self.steps = steps
  }

  /// The transcript, loading or generating it.
  package func loadTranscript() throws(ScenarioError) -> Transcript {
    switch transcript {
    case .inline(let transcript): return transcript
    case .generate(let generator): return generator.generate()
    case .file(let url):
      do {
        return try TranscriptFile.load(url)
      } catch {
        throw ScenarioError(step: nil, reason: "transcript: \(error)")
      }
    case .history(let url):
      do {
        let messages = try ChatStore(contentsOf: url, access: .readOnly).messages()
        let transcript = Transcript(messages: Array(messages))
        if let error = messages.error { throw error }
        return transcript
      } catch {
        throw ScenarioError(step: nil, reason: "transcript: \(error)")
      }
    }
  }
}

/// Why a scenario could not run: bad input. The runner exits with status 2.
package struct ScenarioError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The 0-based step index, when a step is at fault.
  package var step: Int?
  /// The op of the step at fault, when known.
  package var op: String?
  /// What is wrong.
  package var reason: String

  /// Makes an error.
  /// - Parameters:
  ///   - step: The 0-based index of the step at fault; `nil` when no step is.
  ///   - op: The op of the step at fault, when known.
  ///   - reason: What is wrong.
  package init(step: Int?, op: String? = nil, reason: String) {
    self.step = step
    self.op = op
    self.reason = reason
  }

  /// The reason, after `step N (op): ` when a step is at fault.
  package var description: String {
    guard let step else { return reason }
    return "step \(step)\(op.map { " (\($0))" } ?? ""): \(reason)"
  }
}
