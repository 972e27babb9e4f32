import ChatKit
import ChatModel
import ChatStore
import Foundation
import TextEngine

/// A scripted session: a transcript, a viewport, reuse policies and steps.
public struct Scenario: Equatable, Sendable {
  /// Where the transcript comes from.
  public enum TranscriptSource: Equatable, Sendable {
    case inline(Transcript)
    /// A file, resolved relative to the scenario file.
    case file(URL)
    case generate(TranscriptGenerator)
    /// A chat store (SQLite history), resolved relative to the scenario file.
    case history(URL)
  }

  public var name: String
  public var viewportWidth: Int
  public var viewportHeight: Int
  /// The scenario's policies; `nil` when the file does not say (the default is both).
  public var policies: TextAttachmentViewProviderReusePolicy?
  public var transcript: TranscriptSource
  public var steps: [ScenarioStep]
  /// The view each step targets (its `"view"` field: 0, or 1 for the split's second view); empty
  /// means view 0 for every step.
  public var stepViews: [Int] = []

  /// The view step `index` targets.
  public func view(ofStep index: Int) -> Int { stepViews.indices.contains(index) ? stepViews[index] : 0 }

  public init(
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
  public func loadTranscript() throws(ScenarioError) -> Transcript {
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
public struct ScenarioError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The 0-based step index, when a step is at fault.
  public var step: Int?
  public var op: String?
  public var reason: String

  public init(step: Int?, op: String? = nil, reason: String) {
    self.step = step
    self.op = op
    self.reason = reason
  }

  public var description: String {
    guard let step else { return reason }
    return "step \(step)\(op.map { " (\($0))" } ?? ""): \(reason)"
  }
}
