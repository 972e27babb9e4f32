import Foundation
import ReuseKitSupport
import ReuseKitTestSupport
import Testing

@testable import TextEngine

/// Measured entries fold back into gaps once their fragments are long released, so the height
/// index holds what is retained, not everything a scroll ever measured (issue 21: a trip through a
/// store's million messages left a node per paragraph).
@Suite struct HeightIndexFoldTests {
  /// Paragraphs of one to five lines, so that measured heights differ from a gap's average.
  private static func varied(_ count: Int, stickerEvery: Int = 3) -> TextContentStorage {
    TextContentStorage(
      paragraphs: (0..<count).map { index in
        let words = String(repeating: "word ", count: 1 + (index * 7) % 40)
        let text =
          index % stickerEvery == 0
          ? Fixtures.text(["\(index) \(words)", " end"]) : AttributedText("\(index) \(words)")
        return (text, [:])
      })
  }

  private static func view(_ storage: TextContentManager, retained: Int, measured: Int) -> CountingTextView {
    let view = Fixtures.view(storage)
    view.textLayoutManager.fragmentRetentionLimit = retained
    view.textLayoutManager.measuredHeightRetentionLimit = measured
    return view
  }

  @Test(arguments: Backend.allCases)
  func aTripDownAndBackLeavesTheIndexBoundedAndEveryProviderOnce(backend: Backend) throws {
    let storage = Fixtures.chat(paragraphs: 20_000, stickerEvery: 3, backend: backend)
    let view = Self.view(storage, retained: 100, measured: 200)
    let layout = view.textLayoutManager
    var seen: Set<Int> = []
    var most = 0
    var step = 0
    func pass(_ delta: Double) {
      view.scroll(by: delta)
      for provider in view.visibleAttachmentViewProviders { seen.insert(provider.attachmentID) }
      most = max(most, layout.heightIndexNodeCount)
      step += 1
      if step % 97 == 0 { #expect(layout.checkInvariants() == []) }
    }
    while view.textViewportLayoutController.configuredFragments.last?.paragraphIndex != 19_999 { pass(800) }
    while view.scrollOffset > 0 { pass(-800) }
    // Retained fragments (100 + slack 25), a pass's own (about 75), the 200 released entries not
    // folded yet, and at most one gap beside each of them: far below a node per paragraph.
    #expect(most <= 2 * (125 + 100 + 200) + 1, "\(most) nodes")
    #expect(layout.entriesFolded > 15_000)
    #expect(layout.checkInvariants() == [])
    #expect(view.textViewportLayoutController.configuredFragments.first?.paragraphIndex == 0)
    // Folding forgets heights, never providers: one per sticker seen, none made on the way back.
    let totals = view.instrumentation.totals
    #expect(seen.count == 20_000 / 3 + 1)
    #expect(totals.providersCreated == seen.count)
    #expect(totals.providersDiscarded == 0)
  }

  @Test func foldingMovesNothingAtOrBelowTheFoldAndKeepsTheTotal() throws {
    let storage = Self.varied(6_000)
    let view = Self.view(storage, retained: 100, measured: .max)
    let layout = view.textLayoutManager
    while view.textViewportLayoutController.configuredFragments.last?.paragraphIndex != 5_999 { view.scroll(by: 800) }
    let height = layout.documentHeight
    let shown = view.textViewportLayoutController.configuredFragments
    let tops = shown.map { layout.yOffset(ofParagraphAt: $0.paragraphIndex) }
    let frames = shown.map(\.fragment.layoutFragmentFrame)
    let nodes = layout.heightIndexNodeCount
    #expect(nodes > 5_000)
    // Everything released folds now: the measured heights above the retained fragments go.
    layout.measuredHeightRetentionLimit = 0
    #expect(layout.entriesFolded > 5_000)
    #expect(layout.heightIndexNodeCount < 2 * (125 + 100) + 1)
    #expect(layout.checkInvariants() == [])
    #expect(abs(layout.documentHeight - height) < 1e-6)
    for (index, entry) in shown.enumerated() {
      let top = try #require(layout.yOffset(ofParagraphAt: entry.paragraphIndex))
      #expect(abs(top - (tops[index] ?? -1)) < 1e-6)
      #expect(layout.ensureLayout(forParagraphAt: entry.paragraphIndex) === entry.fragment)
      #expect(entry.fragment.layoutFragmentFrame == frames[index])
    }
    // A pass now moves nothing on screen and makes no fragment.
    let created = view.instrumentation.totals.layoutFragmentsCreated
    view.layoutViewport()
    #expect(view.instrumentation.totals.layoutFragmentsCreated == created)
    #expect(view.textViewportLayoutController.configuredFragments.map(\.paragraphIndex) == shown.map(\.paragraphIndex))
  }

  @Test func withinTheLimitAReleasedParagraphKeepsItsMeasuredHeight() throws {
    let storage = Self.varied(3_000)
    let view = Self.view(storage, retained: 100, measured: 10_000)
    let layout = view.textLayoutManager
    let measured = try #require(layout.ensureLayout(forParagraphAt: 10)?.layoutFragmentFrame.height)
    while view.textViewportLayoutController.configuredFragments.last?.paragraphIndex != 2_999 { view.scroll(by: 800) }
    #expect(layout.entriesFolded == 0)
    #expect(layout.height(ofParagraphAt: 10) == Double(measured))
    layout.measuredHeightRetentionLimit = 0
    #expect(layout.height(ofParagraphAt: 10) != Double(measured))
  }

  /// Random jumps, scrolls and edits (inserting, deleting and changing paragraphs, some of them in
  /// released runs waiting to be folded) with small limits: the index stays sound and matches the
  /// document at every step.
  @Test(arguments: [0x41, 0x42, 0x43] as [UInt64])
  func randomEditsJumpsAndScrollsKeepTheIndexSound(seed: UInt64) throws {
    let storage = Self.varied(3_000)
    let view = Self.view(storage, retained: 20, measured: 30)
    let layout = view.textLayoutManager
    var random = SplitMix64(seed: seed)
    for step in 0..<300 {
      let count = storage.paragraphCount
      switch random.next(below: 4) {
      case 0: try view.scroll(toParagraphAt: random.next(below: count), position: .center)
      case 1: view.scroll(by: Double(random.next(below: 3_000)) - 1_500)
      default:
        let index = random.next(below: count)
        let paragraph = try #require(storage.paragraph(at: index))
        let start = try storage.startOffset(ofParagraphAt: index)
        // Sometimes the separator too: the next paragraph joins this one.
        let end = start + paragraph.length + (random.next(below: 2) == 0 && index + 1 < count ? 1 : 0)
        let text: AttributedText =
          switch random.next(below: 3) {
          case 0: AttributedText("")
          case 1: AttributedText("edited \(step)\nand split")
          default: AttributedText(String(repeating: "long ", count: random.next(below: 60)))
          }
        try storage.replaceCharacters(in: start..<end, with: text)
        view.layoutViewport()
      }
      #expect(layout.checkInvariants() == [], "step \(step)")
      #expect(view.reuseInvariantViolations() == [], "step \(step)")
    }
    #expect(layout.entriesFolded > 0)
  }
}
