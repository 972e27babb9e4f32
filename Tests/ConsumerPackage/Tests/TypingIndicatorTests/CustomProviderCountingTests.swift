import ReuseKitTesting
import Testing
import TypingIndicator

/// A custom attachment's provider, counted by ReuseKit's products alone: the provider reports
/// nothing, yet its creations, animation states and resets are counted.
@Suite struct CustomProviderCountingTests {
  /// 200 messages; every tenth holds a typing indicator (0 to 60 are near the viewport at first).
  func host(policy: TextAttachmentViewProviderReusePolicy) -> ReuseTestHost {
    ReuseTestHost(
      messages: 200, attachmentEvery: 10, provider: TypingIndicatorProvider.self, policy: policy,
      attachment: { _ in TypingIndicatorAttachment() })
  }

  func indicatorView(in host: ReuseTestHost, message: Int) -> TypingIndicatorView? {
    let attachment = host.storage.paragraph(at: message)?.attributedString.attachments.first
    return attachment.flatMap { host.textView.viewProvider(for: $0)?.view as? TypingIndicatorView }
  }

  @Test func resetsOfACustomProviderAreCountedWithoutItsHelp() throws {
    let host = host(policy: [])
    let delta = try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("abc")
    }
    // Each keystroke re-lays the paragraph out: without the edit policy its indicator starts over.
    expectCounts(
      delta.reuse,
      equal: Counters(
        providersCreated: 3, providersDiscarded: 3, viewsLoaded: 3, viewsDiscarded: 3, animationStatesCreated: 3,
        animationResets: 3))
  }

  @Test func theEditPolicyKeepsTheStateRunning() throws {
    let host = host(policy: .onEditingInlineParagraphs)
    try host.advance(seconds: 0.5)
    let before = try #require(indicatorView(in: host, message: 10))
    let delta = try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("abc")
    }
    expectCounts(delta.reuse, equal: Counters(providersReusedOnEdit: 3))
    let after = try #require(indicatorView(in: host, message: 10))
    #expect(after === before)
    #expect(after.animationState.frameIndex == 4)  // 0.5 s at 8 frames per second
  }

  @Test func aProviderWithoutAnimationCountsNoAnimationState() throws {
    let host = ReuseTestHost(
      messages: 50, attachmentEvery: 10, provider: ReadMarkProvider.self, policy: [])
    let delta = try host.measure {
      try host.select(message: 10, offset: .end)
      try host.type("ab")
    }
    expectCounts(
      delta.reuse, equal: Counters(providersCreated: 2, providersDiscarded: 2, viewsLoaded: 2, viewsDiscarded: 2))
  }

  @Test(arguments: TextAttachmentViewProviderReusePolicy.allCombinations)
  func twoProviderTypesAreCountedApart(policy: TextAttachmentViewProviderReusePolicy) throws {
    let paragraphs = ReuseTestHost.chatParagraphs(messages: 60, attachmentEvery: 5) { index in
      index % 10 == 0
        ? TypingIndicatorAttachment() : ReuseTestHost.attachment(drawnBy: ReadMarkProvider.self)
    }
    let host = ReuseTestHost(
      paragraphs: paragraphs,
      registering: [.init(TypingIndicatorProvider.self, policy: policy), .init(ReadMarkProvider.self, policy: policy)])
    let delta = try host.measureBreakdown {
      try host.select(message: 10, offset: .end)
      try host.type("hi")
      try host.select(message: 15, offset: .end)
      try host.type("hi")
    }
    let typing = delta[TypingIndicatorProvider.self]
    let marks = delta[ReadMarkProvider.self]
    let resets = PerPolicy(none: 2, edit: 0, scroll: 2, both: 0)[policy]
    #expect(typing.animationResets == resets)
    #expect(typing.providersCreated == resets)
    #expect(marks.providersCreated == resets)  // the same edits, the same providers
    #expect(marks.animationStatesCreated == 0)
    #expect(delta.totals.providersCreated == typing.providersCreated + marks.providersCreated)
  }

  @Test func resetKeepsTheAnimationHistory() throws {
    let host = host(policy: [])
    host.instrumentation.reset()
    #expect(host.instrumentation.totals.isZero)
    try host.select(message: 10, offset: .end)
    try host.type("a")
    // The indicator had a state before the reset: its new one is a reset, not a first state.
    #expect(host.instrumentation.totals.animationResets == 1)
    #expect(host.invariantViolations().isEmpty)
  }

  @Test func aScrolledOutIndicatorPausesAndComesBackWhereItWas() throws {
    let host = host(policy: .onScrollingOutOfViewport)
    try host.advance(seconds: 0.25)
    let view = try #require(indicatorView(in: host, message: 0))
    let delta = try host.measure {
      try host.scrollToBottom()
      try host.advance(seconds: 1)
      try host.scrollToTop()
    }
    #expect(indicatorView(in: host, message: 0) === view)
    #expect(view.animationState.frameIndex == 2)  // paused for the second it was away
    #expect(delta.animationResets == 0)
    // The 7 indicators near the top wait in the scroll cache and come back; the 6 met at the
    // bottom wait there now.
    #expect(delta.surfacesCachedOnScrollOut == 13)
    #expect(delta.surfacesRestoredOnScrollIn == 7)
    #expect(delta.viewsLoaded == 6)
  }

  @Test func collapseKeepsProvidersAndSplitCountsApart() throws {
    let host = host(policy: [.onEditingInlineParagraphs, .onScrollingOutOfViewport])
    let first = try #require(indicatorView(in: host, message: 10))
    let collapsed = try host.measure {
      try host.collapse(messages: 0..<15)
      try host.expand(messages: 0..<15)
    }
    // Hiding counts as scrolling out: the two indicators' views wait in the scroll cache, and message
    // 70 comes near the viewport. Expanding keeps message 15 where it was (the viewport moves down by
    // the height shown above it), so message 10 comes back and message 0 stays cached above.
    #expect(indicatorView(in: host, message: 10) === first)
    expectCounts(
      collapsed.reuse,
      equal: Counters(
        providersCreated: 1, viewsLoaded: 1, surfacesCachedOnScrollOut: 2, surfacesRestoredOnScrollIn: 1,
        animationStatesCreated: 1))
    let before = host.instrumentation.totals
    try host.split(true)
    let second = try #require(host.secondaryView)
    #expect(second.instrumentation.totals.providersCreated == 7)  // its own providers, 0 to 60
    #expect(host.instrumentation.totals == before)  // view 0 counts nothing for it
    try host.split(false)
    #expect(host.secondaryView == nil)
  }

  @Test func badOperationsThrowAndChangeNothing() throws {
    let host = host(policy: [])
    let text = host.storage.paragraph(at: 10)?.attributedString.string
    #expect(throws: ReuseTestHost.OperationError.self) { try host.select(message: 200) }
    #expect(throws: ReuseTestHost.OperationError.self) { try host.select(message: 10, offset: .at(999)) }
    #expect(throws: ReuseTestHost.OperationError.self) { try host.scroll(toMessage: -1) }
    #expect(throws: ReuseTestHost.OperationError.self) { try host.resize(width: 0, height: 10) }
    #expect(throws: ReuseTestHost.OperationError.self) { try host.collapse(messages: 190..<210) }
    #expect(throws: ReuseTestHost.OperationError.self) { try host.advance(seconds: .infinity) }
    #expect(host.storage.paragraph(at: 10)?.attributedString.string == text)
    #expect(host.instrumentation.errorCount == 0)
  }
}
