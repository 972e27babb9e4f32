import ReuseKitTesting
import Testing

/// The host's lookups by message and slot, its scroll-cache bound and `measure(includingFirstPass:)`.
@Suite struct HostLookupTests {
  /// A provider with the default view (a placeholder surface of the attachment's size).
  final class Still: TextAttachmentViewProvider {}

  /// Two attachments in one message, the second 40 points wide.
  static func twoAttachmentMessages() -> [AttributedText] {
    var text = AttributedText("first ")
    text.append(AttributedText(attachment: ReuseTestHost.attachment(drawnBy: Still.self)))
    text.append(AttributedText(" second "))
    text.append(
      AttributedText(
        attachment: TextAttachment(
          fileType: "wide", bounds: CGRect(x: 0, y: 0, width: 40, height: 10), viewProviderType: Still.self)))
    return [text] + (1..<100).map { AttributedText("message \($0)") }
  }

  /// Checks the lookups on `host`, whichever view it draws with.
  static func checkLookups(_ host: ReuseTestHost) {
    #expect(host.attachments(inMessage: 0).map(\.bounds.width) == [24, 40])
    #expect(host.attachments(inMessage: 1).isEmpty)
    #expect(host.attachments(inMessage: 100).isEmpty)
    let visible = host.textView.visibleAttachmentViewProviders
    #expect(visible.count == 2)
    #expect(host.provider(inMessage: 0) === visible.first)
    #expect(host.provider(inMessage: 0, slot: 1) === visible.last)
    #expect(host.provider(inMessage: 0, slot: 2) == nil)
    #expect(host.provider(inMessage: 1) == nil)
    #expect(host.view(inMessage: 0, slot: 1) === visible.last?.view)
    #expect(host.view(inMessage: 0, slot: 1) != nil)
  }

  @Test func lookupsFindTheNthAttachmentOfAMessageHeadless() {
    let host = ReuseTestHost(
      paragraphs: Self.twoAttachmentMessages(),
      registering: [.init(Still.self, policy: .onScrollingOutOfViewport)])
    Self.checkLookups(host)
  }

  @Test @MainActor func lookupsFindTheNthAttachmentOfAMessageOffscreen() throws {
    let host = try ReuseTestHost.offscreen(
      paragraphs: Self.twoAttachmentMessages(),
      registering: [.init(Still.self, policy: .onScrollingOutOfViewport)])
    Self.checkLookups(host)
  }

  @Test func aViewScrolledOutWithoutScrollReuseIsNotFound() throws {
    let host = ReuseTestHost(messages: 200, attachmentEvery: 10, provider: Still.self, policy: [])
    #expect(host.view(inMessage: 0) != nil)
    #expect(host.provider(inMessage: 150) == nil)
    try host.scroll(toMessage: 150)
    #expect(host.provider(inMessage: 0) != nil)  // a provider lives as long as its attachment
    #expect(host.view(inMessage: 0) == nil)
    #expect(host.view(inMessage: 150) != nil)
  }

  @Test @MainActor func theOffscreenHostTakesAnAttachmentMaker() throws {
    let host = try ReuseTestHost.offscreen(
      messages: 20, attachmentEvery: 10, provider: Still.self, policy: .onEditingInlineParagraphs,
      attachment: { index in
        TextAttachment(
          fileType: "m\(index)", bounds: CGRect(x: 0, y: 0, width: 30 + Double(index), height: 12),
          viewProviderType: Still.self)
      })
    #expect(host.attachments(inMessage: 10).map(\.bounds.width) == [40])
    #expect(host.view(inMessage: 0) != nil)
  }

  @Test func theScrollCacheIsUnboundedUnlessTheTestBoundsIt() throws {
    let unbounded = ReuseTestHost(
      messages: 200, attachmentEvery: 10, provider: Still.self, policy: .onScrollingOutOfViewport)
    let bounded = ReuseTestHost(
      messages: 200, attachmentEvery: 10, provider: Still.self, policy: .onScrollingOutOfViewport,
      scrollCache: ReuseCacheConfiguration(countLimit: 1))
    #expect(unbounded.textView.reuseCacheConfiguration == .unbounded)
    #expect(bounded.textView.reuseCacheConfiguration.countLimit == 1)
    let firstPassViews = unbounded.textView.visibleAttachmentViewProviders.count
    for host in [unbounded, bounded] { try host.scroll(toMessage: 150) }
    #expect(firstPassViews > 1)
    #expect(unbounded.textView.cachedViewCount == firstPassViews)
    #expect(bounded.textView.cachedViewCount == 1)
  }

  @Test func measureCanIncludeTheFirstPass() {
    let host = ReuseTestHost(messages: 200, attachmentEvery: 10, provider: Still.self, policy: [])
    let visible = host.textView.visibleAttachmentViewProviders.count
    #expect(visible > 0)
    #expect(host.measure {}.reuse == Counters())
    let withFirstPass = host.measure(includingFirstPass: true) {}
    #expect(withFirstPass.providersCreated == visible)
    #expect(withFirstPass.viewsLoaded == visible)
    #expect(host.lastMeasuredEvents.filter { $0.kind == .providerCreated }.count == visible)
  }
}
