import AnimationRuntime
import ChatKit
import Foundation
import Instrumentation
import ReuseKitTestSupport
import SDLSupport
import SDLTestSupport
import Stickers
import Testing
import TextEngine

@testable import ReuseKitSDL

/// Two chat views on one storage (the seed session's third example): each has its own layout
/// manager, viewport, providers, scroll cache and counters; an edit in one shows in both.
@Suite @MainActor struct ChatSplitViewTests {
  nonisolated static let policies = TextAttachmentViewProviderReusePolicy.allCombinations

  private func makeViews(_ fixture: ChatFixture, policy: TextAttachmentViewProviderReusePolicy) throws
    -> (ChatTextView, ChatTextView)
  {
    let storage = fixture.stickerTranscript(count: 6)
    let wide = try fixture.view(storage, width: 360, height: 700)
    let narrow = try fixture.view(storage, width: 220, height: 700)
    for view in [wide, narrow] {
      view.setStickerPolicy(policy)
      try view.renderFrame()
    }
    return (wide, narrow)
  }

  @Test func aStickerVisibleInBothViewsHasTwoProvidersAndTwoAnimationStates() throws {
    let fixture = try ChatFixture()
    let (wide, narrow) = try makeViews(fixture, policy: [.onEditingInlineParagraphs])
    #expect(wide.textLayoutManager !== narrow.textLayoutManager)
    #expect(wide.instrumentation !== narrow.instrumentation)
    let sticker = try #require(wide.textContentManager.paragraph(at: 5)?.attributedString.attachments.first)
    let first = try #require(wide.viewProvider(for: sticker))
    let second = try #require(narrow.viewProvider(for: sticker))
    #expect(first !== second)
    let firstView = try #require(first.view as? StickerView)
    let secondView = try #require(second.view as? StickerView)
    #expect(firstView !== secondView && firstView.animationState !== secondView.animationState)
    #expect(wide.daySections === narrow.daySections)
  }

  @Test(arguments: policies)
  func typingInOneViewUpdatesBothWithPerViewCounts(policy: TextAttachmentViewProviderReusePolicy) throws {
    let fixture = try ChatFixture()
    let (wide, narrow) = try makeViews(fixture, policy: policy)
    let storage = wide.textContentManager
    let start = try storage.startOffset(ofParagraphAt: 5)
    try wide.setSelectedRange((start + 2)..<(start + 2))
    let sticker = try #require(storage.paragraph(at: 5)?.attributedString.attachments.first)
    let states = [wide, narrow].map { ($0.viewProvider(for: sticker)?.view as? StickerView)?.animationState }
    let before = (wide.instrumentation.totals, narrow.instrumentation.totals)
    wide.insertText("x")
    try narrow.renderFrame()  // the other view lays out on its own next pass, its next frame
    let deltas = [wide.instrumentation.totals - before.0, narrow.instrumentation.totals - before.1]
    let keeps = policy.contains(.onEditingInlineParagraphs)
    let expected: [Counter: Int] =
      keeps
      ? [.providersReusedOnEdit: 1]
      : [
        .providersCreated: 1, .providersDiscarded: 1, .viewsLoaded: 1, .viewsDiscarded: 1,
        .animationStatesCreated: 1, .animationResets: 1,
      ]
    for (index, delta) in deltas.enumerated() {
      #expect(delta.reuseMismatches(expecting: expected) == [], "view \(index)")
      #expect(delta.viewportLayoutPasses == 1, "view \(index)")
      #expect(delta.layoutFragmentsCreated == 1, "view \(index)")
    }
    // Both views show the edit at once.
    for view in [wide, narrow] {
      let fragment = try #require(
        view.textViewportLayoutController.configuredFragments.first { $0.paragraphIndex == 5 })
      #expect(fragment.fragment.textParagraph.attributedString.string.hasPrefix("mexssage 5"))
      let state = (view.viewProvider(for: sticker)?.view as? StickerView)?.animationState
      #expect((state === states[view === wide ? 0 : 1]) == keeps)
    }
    // Typing in the second view is counted there, and seen by the first.
    let narrowStart = try storage.startOffset(ofParagraphAt: 4)
    try narrow.setSelectedRange(narrowStart..<narrowStart)
    let wideBefore = wide.instrumentation.totals.layoutFragmentsCreated
    narrow.insertText("y")
    try wide.renderFrame()
    #expect(wide.instrumentation.totals.layoutFragmentsCreated == wideBefore + 1)
    #expect(storage.paragraph(at: 4)?.attributedString.string.hasPrefix("ymessage 4") == true)
  }

  @Test func theSplitView() throws {
    let fixture = try ChatFixture()
    // Both views draw into one 580-pixel-wide target, side by side.
    let renderer = try SDLRenderer.offscreen(width: 580, height: 400)
    let storage = fixture.stickerTranscript(count: 6)
    let views = try [(0.0, 360.0), (360.0, 220.0)].map { x, width in
      let view = try ChatTextView(
        storage: storage, renderer: renderer, fonts: fixture.environment.fonts, clock: fixture.clock)
      view.presentsFrames = false
      view.targetRect = CGRect(x: x, y: 0, width: width, height: 400)
      view.setViewportSize(CGSize(width: width, height: 400))
      view.scrollToBottom()
      return view
    }
    for view in views { try view.renderFrame() }
    renderer.present()
    let verifier = GoldenImageVerifier(directory: SDLTestEnvironment.goldensDirectory())
    let outcome = verifier.verify(try renderer.readPixels(), named: "chat-split-view")
    #expect(outcome.passed, "\(outcome.message)")
  }
}
