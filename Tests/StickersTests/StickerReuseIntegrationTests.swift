import AnimationRuntime
import Foundation
import Instrumentation
import ReuseKitTestSupport
import Stickers
import Testing
import TextEngine

/// The claim users check: with the policies on, a sticker's animation state survives edits and
/// scrolling; with them off it restarts. Real sticker providers, real animation states.
@Suite struct StickerReuseIntegrationTests {
  private struct Setup {
    let clock = ManualClock()
    let view: TextView
    let sticker: StickerAttachment

    init(policy: TextAttachmentViewProviderReusePolicy) throws {
      let runtime = StickerRuntime(clock: clock, library: try StickerLibrary(directory: RepositoryAssets.stickers))
      sticker = StickerAttachment(stickerName: "party", runtime: runtime)
      var paragraphs: [(AttributedText, [String: String])] = (0..<300).map { (AttributedText("message \($0)"), [:]) }
      var text = AttributedText("Happy birthday ")
      text.append(AttributedText(attachment: sticker))
      text.append(AttributedText(" see you"))
      paragraphs[2] = (text, [:])
      view = TextView(
        storage: TextContentStorage(paragraphs: paragraphs), viewportSize: CGSize(width: 480, height: 800),
        glyphMeasurer: FixedAdvanceGlyphMeasurer())
      view.register(policy, forTextAttachmentViewProviderType: StickerViewProvider.self)
      view.layoutViewport()
    }

    var state: AnimationState? { (view.viewProvider(for: sticker)?.view as? StickerView)?.animationState }
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func animationStateSurvivesTypingOnlyWithTheEditPolicy(policy: TextAttachmentViewProviderReusePolicy) throws {
    let setup = try Setup(policy: policy)
    setup.clock.advance(by: 0.5)  // party: 30 fps → frame 15
    let before = try #require(setup.state)
    #expect(before.frameIndex == 15)
    let start = try setup.view.textContentManager.startOffset(ofParagraphAt: 2)
    try setup.view.setSelectedRange((start + 5)..<(start + 5))
    for _ in 0..<10 { setup.view.insertText("!") }
    let after = try #require(setup.state)
    if policy.contains(.onEditingInlineParagraphs) {
      #expect(after === before && after.frameIndex == 15)
      #expect(setup.view.instrumentation.totals.animationResets == 0)
    } else {
      #expect(after !== before && after.frameIndex == 0)
      #expect(setup.view.instrumentation.totals.animationResets == 10)
    }
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func animationStateSurvivesScrollingOnlyWithTheScrollPolicy(policy: TextAttachmentViewProviderReusePolicy) throws {
    let setup = try Setup(policy: policy)
    setup.clock.advance(by: 0.5)
    let before = try #require(setup.state)
    setup.view.scroll(toY: 2_000)
    setup.clock.advance(by: 0.25)  // paused while cached: no time passes for the sticker
    setup.view.scroll(toY: 0)
    let after = try #require(setup.state)
    if policy.contains(.onScrollingOutOfViewport) {
      #expect(after === before && after.frameIndex == 15)
      #expect(setup.view.instrumentation.totals.surfacesRestoredOnScrollIn == 1)
    } else {
      #expect(after !== before && after.frameIndex == 0)
      #expect(setup.view.instrumentation.totals.animationResets == 1)
    }
  }
}
