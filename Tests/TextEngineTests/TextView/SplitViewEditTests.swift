import Foundation
import Instrumentation
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Two views on one storage (a split): an edit in one is complete and recorded (undo record,
/// selection) before the other hears of it, and the other runs no pass inside the edit. It lays
/// out on its own next pass, with the counters an edit has always given it.
@Suite struct SplitViewEditTests {
  /// Records, in order, what the storage tells its observers and the state of both views then.
  private final class Probe: TextContentObserver {
    let editing: CountingTextView
    let other: CountingTextView
    var log: [String] = []

    init(editing: CountingTextView, other: CountingTextView) {
      self.editing = editing
      self.other = other
    }

    private var state: String {
      "editing passes \(editing.hookLog.count { $0 == "did" }), undo \(editing.canUndo), "
        + "selection \(editing.selectedRange); other passes \(other.hookLog.count { $0 == "did" })"
    }

    func textContentManager(
      _ manager: TextContentManager, didReplaceParagraphsIn range: Range<Int>, removed: [TextParagraph],
      inserted: [TextParagraph]
    ) { log.append("replace: \(state)") }

    func textContentManagerDidEndEditingTransaction(_ manager: TextContentManager) {
      log.append("end: \(state)")
    }
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func theOtherViewHearsOfARecordedEditAndLaysOutOnItsNextPass(policy: TextAttachmentViewProviderReusePolicy) throws {
    let scenario = ReuseScenario(policy: policy)
    let editing = scenario.view
    let other = Fixtures.view(scenario.storage, policy: policy)
    let probe = Probe(editing: editing, other: other)
    scenario.storage.addObserver(probe)  // told last, after both views
    let start = try scenario.start(of: ReuseScenario.stickerParagraph)
    try editing.setSelectedRange((start + 2)..<(start + 2))
    let passes = (editing.hookLog.count { $0 == "did" }, other.hookLog.count { $0 == "did" })
    let otherBefore = other.instrumentation.totals
    let sticker = scenario.attachments(in: ReuseScenario.stickerParagraph)[0]
    let otherProvider = other.viewProvider(for: sticker)

    let (counters, violations) = scenario.measure { editing.insertText("x") }

    // Inside the transaction nobody laid out; at its end the edit was recorded (undo, selection)
    // and still no view had run a pass. The editing view ran its pass after the transaction.
    let caret = start + 3
    #expect(
      probe.log == [
        "replace: editing passes \(passes.0), undo false, selection \(start + 2)..<\(start + 2); other passes \(passes.1)",
        "end: editing passes \(passes.0), undo true, selection \(caret)..<\(caret); other passes \(passes.1)",
      ])
    #expect(editing.hookLog.count { $0 == "did" } == passes.0 + 1)
    #expect(counters.viewportLayoutPasses == 1)
    #expect(violations == [])
    // The other view only marked itself for layout: no pass, no reuse decision beyond the edit's.
    #expect(other.hookLog.count { $0 == "did" } == passes.1)
    #expect(other.needsLayout)
    #expect((other.instrumentation.totals - otherBefore).viewportLayoutPasses == 0)
    #expect(!other.canUndo)

    // Its next pass gives it the counters an edit has always given it.
    other.layoutIfNeeded()
    let delta = other.instrumentation.totals - otherBefore
    let keeps = policy.contains(.onEditingInlineParagraphs)
    let expected: [Counter: Int] =
      keeps
      ? [.providersReusedOnEdit: 3]
      : [
        .providersCreated: 3, .providersDiscarded: 3, .viewsLoaded: 3, .viewsDiscarded: 3,
        .animationStatesCreated: 3, .animationResets: 3,
      ]
    #expect(delta.reuseMismatches(expecting: expected) == [])
    #expect(delta.viewportLayoutPasses == 1 && delta.layoutFragmentsCreated == 1)
    #expect((other.viewProvider(for: sticker) === otherProvider) == keeps)
    #expect(other.reuseInvariantViolations() == [] && other.stateViolations == [])
    #expect(
      other.textViewportLayoutController.configuredFragments.first {
        $0.paragraphIndex == ReuseScenario.stickerParagraph
      }?
      .fragment.textParagraph.attributedString.string.hasPrefix("Haxppy") == true)
    // Undo in the editing view is told to the other the same way.
    editing.undo()
    #expect(other.hookLog.count { $0 == "did" } == passes.1 + 1)
    other.layoutIfNeeded()
    #expect(
      other.textViewportLayoutController.configuredFragments.first {
        $0.paragraphIndex == ReuseScenario.stickerParagraph
      }?
      .fragment.textParagraph.attributedString.string.hasPrefix("Happy") == true)
  }

  @Test func anEditThatFailsTellsNoViewAndRunsNoPass() throws {
    let scenario = ReuseScenario(policy: .onEditingInlineParagraphs)
    let other = Fixtures.view(scenario.storage)
    for view in [scenario.view, other] { view.layoutIfNeeded() }
    let counters = (scenario.view.instrumentation.totals, other.instrumentation.totals)
    #expect(throws: TextEditError.self) {
      try scenario.view.replaceCharacters(in: 0..<(scenario.storage.length + 5), with: "x")
    }
    #expect(!other.needsLayout && !scenario.view.needsLayout)
    #expect((scenario.view.instrumentation.totals - counters.0).viewportLayoutPasses == 0)
    #expect((other.instrumentation.totals - counters.1).viewportLayoutPasses == 0)
  }
}
