import AnimationRuntime
import Foundation
import TextEngine

/// A transcript opened in a 480×800 headless text view, bottom-anchored like a chat.
@MainActor
final class BenchFixture {
  /// The viewport every figure uses.
  static let viewportSize = CGSize(width: 480, height: 800)

  let generator: TranscriptGenerator
  let storage: TextContentStorage
  let view: TextView

  /// Builds storage from `messages`, opens a view on it and shows the latest message.
  /// - Complexity: O(n) to build the storage and the height index; the first pass is O(log n + visible).
  init(environment: BenchEnvironment, generator: TranscriptGenerator, messages: [(AttributedText, [String: String])]) {
    self.generator = generator
    storage = TextContentStorage(paragraphs: messages)
    view = TextView(storage: storage, viewportSize: Self.viewportSize, glyphMeasurer: environment.measurer)
    view.textLayoutManager.delegate = environment.layoutDelegate
    view.wantsBottomAnchoring = true
    view.scrollToBottom()
  }
}
