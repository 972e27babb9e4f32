import Foundation
import Instrumentation
import ReuseKitTestSupport
import ScenarioVocabulary
import Testing

@testable import TextEngine

/// The standard scenario from the reuse issue: 20 keystrokes in a paragraph with 3 stickers,
/// then scrolling 10 screens away and back. Its counts are the table in the closing note.
@Suite struct StandardScenarioTests {
  static let table = PerPolicy<[Counter: Int]>(
    none: [
      .providersCreated: 60, .providersDiscarded: 60, .viewsLoaded: 64, .viewsDiscarded: 64,
      .animationStatesCreated: 64, .animationResets: 64,
    ],
    edit: [
      .providersReusedOnEdit: 60, .viewsLoaded: 4, .viewsDiscarded: 4, .animationStatesCreated: 4, .animationResets: 4,
    ],
    scroll: [
      .providersCreated: 60, .providersDiscarded: 60, .viewsLoaded: 60, .viewsDiscarded: 60,
      .animationStatesCreated: 60, .animationResets: 60, .surfacesCachedOnScrollOut: 4, .surfacesRestoredOnScrollIn: 4,
    ],
    both: [.providersReusedOnEdit: 60, .surfacesCachedOnScrollOut: 4, .surfacesRestoredOnScrollIn: 4]
  )

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func twentyKeystrokesThenTenScreensAwayAndBack(policy: TextAttachmentViewProviderReusePolicy) throws {
    let scenario = ReuseScenario(policy: policy, paragraphs: 1_000)
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    let (counters, violations) = try scenario.measure {
      try scenario.view.setSelectedRange((start + 3)..<(start + 3))
      for _ in 0..<20 { scenario.view.insertText("a") }
      for screen in 1...10 { scenario.view.scroll(toY: Double(screen) * 800) }
      for screen in (0..<10).reversed() { scenario.view.scroll(toY: Double(screen) * 800) }
    }
    #expect(Self.table.mismatches(counters, policy: policy) == [])
    #expect(violations == [])
  }
}
