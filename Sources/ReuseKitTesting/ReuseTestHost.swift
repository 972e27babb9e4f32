import Foundation
import ReuseKit
import ReuseKitSDL
import Testing

/// A text view ready for reuse tests after one call: a document, a deterministic glyph measurer,
/// a manual clock and a viewport, with your providers registered and the first viewport pass run.
///
/// ```swift
/// let host = ReuseTestHost(messages: 200, attachmentEvery: 10, provider: TypingIndicatorProvider.self,
///                          policy: policy)
/// let delta = try host.measure {
///   try host.select(message: 10, offset: .end)
///   try host.type("hi")
/// }
/// #expect(delta.reuse == Counters(providersReusedOnEdit: 1))
/// ```
///
/// The operations (``select(message:offset:length:)``, ``type(_:)``, ``key(_:repeat:)``,
/// ``scroll(toMessage:position:)``, ``scroll(by:)``, ``resize(width:height:)``,
/// ``advance(seconds:)``, ``setPolicies(_:)``, ``collapse(messages:)``, ``split(_:)`` and more) are
/// the JSON scenario ops of `chat-demo --scenario`, by the same names (``Operation``); a "message"
/// is a paragraph. Headless, the glyph measurer gives every character the same advance, so counts
/// do not depend on installed fonts; ``offscreen(paragraphs:registering:width:height:scrollCache:)`` makes the
/// same host on SDL's software renderer when a test wants pixels.
///
/// Each host has its own clock and counters, so tests run in parallel. It is not thread-safe: use
/// it from one test at a time (an SDL host from the main actor).
public final class ReuseTestHost {
  /// The default viewport: 480 × 800 points, as in the demo's scenarios.
  public static let defaultViewportSize = CGSize(width: 480, height: 800)

  /// The document.
  public let storage: TextContentManager
  /// View 0: the view every operation acts on (an `SDLTextView` for an offscreen host).
  public let textView: TextView
  /// The clock the attachments' animations follow; ``advance(seconds:)`` moves it.
  public let clock: ManualClock
  /// View 0's counters.
  public var instrumentation: Instrumentation { textView.instrumentation }
  /// The second view on the same storage while ``split(_:)`` is on, with its own providers and
  /// counters; `nil` otherwise.
  public internal(set) var secondaryView: TextView?
  /// The provider types registered, with the policy each was registered with.
  public internal(set) var registrations: [ProviderRegistration]
  /// The events view 0 logged during the last ``measure(includingFirstPass:sourceLocation:_:)`` or
  /// ``measureBreakdown(includingFirstPass:sourceLocation:_:)``, oldest first (empty before any).
  /// ``expectCounts(_:equal:_:sourceLocation:)`` attaches them to a failing test.
  public internal(set) var lastMeasuredEvents: [InstrumentationEvent] = []
  /// What view 0 did during the last ``measure(includingFirstPass:sourceLocation:_:)`` or
  /// ``measureBreakdown(includingFirstPass:sourceLocation:_:)``, as a timeline (`nil` before any,
  /// or when tracing is off); ``expectCounts(_:equal:_:sourceLocation:)`` attaches it to a failing
  /// test as a Chrome trace.
  public internal(set) var lastMeasuredTimeline: ReuseTimeline?
  /// View 0's counters just before its first viewport pass (zero unless registering counted).
  var beforeFirstPass = InstrumentationSnapshot()
  /// The sequence number of view 0's newest event just before its first pass (`nil`: none yet).
  var lastEventBeforeFirstPass: Int?
  /// Paragraphs hidden by ``collapse(messages:)``, by element identifier.
  let hider = ParagraphHider()
  /// Runs at the start of each frame an offscreen host draws, before the drawing: where a test
  /// delivers the frames its surfaces asked for (a sticker runtime's `beginFrame()`, with
  /// `StickerRuntime.FrameDelivery.nextFrame`), as the demo's frame does.
  public var frameWillBegin: (() -> Void)?
  /// Draws a frame after each operation, for an offscreen host; `nil` headless.
  let frameRenderer: (() throws -> Void)?
  /// Hands an offscreen host's view an input event (`SDLTextView.handle(_:)`); `nil` headless.
  let inputHandler: ((TextInputEvent) -> Void)?
  /// Resizes an offscreen host's view (a new surface); `nil` headless.
  let offscreenResizer: ((Int, Int) throws -> Void)?
  /// Makes the second view of a split.
  let secondaryViewMaker: (TextContentManager, ManualClock) throws -> TextView
  /// What an offscreen host keeps alive (SDL's context, the fonts).
  let resources: [AnyObject]

  /// One provider type and the policy it is registered with.
  public struct ProviderRegistration {
    /// The provider class (its subclasses are covered too, as with `TextView.register`).
    public var providerType: TextAttachmentViewProvider.Type
    /// The policy registered for it.
    public var policy: TextAttachmentViewProviderReusePolicy
    /// `TextView.register` for the static provider type (registration is generic: it covers the
    /// subclasses of the type named at the call).
    let registerer: (TextView, TextAttachmentViewProviderReusePolicy) -> Void

    /// Pairs a provider type with a policy.
    /// - Parameters:
    ///   - providerType: The provider class.
    ///   - policy: Its reuse policy.
    public init<Provider: TextAttachmentViewProvider>(
      _ providerType: Provider.Type, policy: TextAttachmentViewProviderReusePolicy
    ) {
      self.providerType = providerType
      self.policy = policy
      self.registerer = { view, policy in view.register(policy, forTextAttachmentViewProviderType: Provider.self) }
    }

    /// Registers the policy for the provider type in `view`.
    func register(in view: TextView) { registerer(view, policy) }
  }

  /// A headless host over `paragraphs` (one message each), with `registrations` in force and one
  /// viewport pass run.
  /// - Parameters:
  ///   - paragraphs: The document, one paragraph per element (no line breaks needed).
  ///   - registrations: The provider types to register, each with its policy.
  ///   - viewportSize: The visible size (default ``defaultViewportSize``).
  ///   - scrollCache: The scroll cache's bounds (default `.unbounded`: a view scrolled out is kept
  ///     for as long as the text view exists, as Apple documents).
  public convenience init(
    paragraphs: [AttributedText], registering registrations: [ProviderRegistration],
    viewportSize: CGSize = ReuseTestHost.defaultViewportSize, scrollCache: ReuseCacheConfiguration = .unbounded
  ) {
    let storage = TextContentStorage(paragraphs: paragraphs.map { ($0, [:]) })
    self.init(storage: storage, registering: registrations, viewportSize: viewportSize, scrollCache: scrollCache)
  }

  /// A headless host over `storage` (in memory, or any content manager), with `registrations` in
  /// force and one viewport pass run.
  /// - Parameters:
  ///   - storage: The document.
  ///   - registrations: The provider types to register, each with its policy.
  ///   - viewportSize: The visible size (default ``defaultViewportSize``).
  ///   - scrollCache: The scroll cache's bounds (default `.unbounded`).
  public convenience init(
    storage: TextContentManager, registering registrations: [ProviderRegistration],
    viewportSize: CGSize = ReuseTestHost.defaultViewportSize, scrollCache: ReuseCacheConfiguration = .unbounded
  ) {
    let clock = ManualClock()
    let makeView: (TextContentManager, ManualClock) -> TextView = { storage, clock in
      let view = TextView(
        storage: storage, viewportSize: viewportSize, glyphMeasurer: FixedAdvanceGlyphMeasurer(),
        animationClock: clock)
      view.reuseCacheConfiguration = scrollCache
      return view
    }
    self.init(
      storage: storage, textView: makeView(storage, clock), clock: clock, registrations: registrations,
      secondaryViewMaker: makeView, frameRenderer: nil, inputHandler: nil, offscreenResizer: nil, resources: [])
  }

  /// A headless chat-like host: `messages` paragraphs "message N"; every `attachmentEvery`-th
  /// (0, `attachmentEvery`, …) holds one attachment in the middle ("message N ⧉ end").
  /// - Parameters:
  ///   - messages: The number of paragraphs.
  ///   - attachmentEvery: The spacing of the paragraphs with an attachment (0: none).
  ///   - provider: The provider class the attachments use, registered with `policy`.
  ///   - policy: The reuse policy to register.
  ///   - attachment: Makes the attachment of message `N` (by default a 24 × 24 one drawn by
  ///     `provider`).
  ///   - viewportSize: The visible size (default ``defaultViewportSize``).
  ///   - scrollCache: The scroll cache's bounds (default `.unbounded`).
  public convenience init<Provider: TextAttachmentViewProvider>(
    messages: Int, attachmentEvery: Int, provider: Provider.Type,
    policy: TextAttachmentViewProviderReusePolicy,
    attachment: ((Int) -> TextAttachment)? = nil, viewportSize: CGSize = ReuseTestHost.defaultViewportSize,
    scrollCache: ReuseCacheConfiguration = .unbounded
  ) {
    self.init(
      paragraphs: Self.chatParagraphs(messages: messages, attachmentEvery: attachmentEvery) { index in
        attachment?(index) ?? Self.attachment(drawnBy: provider)
      }, registering: [ProviderRegistration(provider, policy: policy)], viewportSize: viewportSize,
      scrollCache: scrollCache)
  }

  init(
    storage: TextContentManager, textView: TextView, clock: ManualClock, registrations: [ProviderRegistration],
    secondaryViewMaker: @escaping (TextContentManager, ManualClock) throws -> TextView,
    frameRenderer: (() throws -> Void)?, inputHandler: ((TextInputEvent) -> Void)?,
    offscreenResizer: ((Int, Int) throws -> Void)?, resources: [AnyObject]
  ) {
    self.inputHandler = inputHandler
    self.resources = resources
    self.storage = storage
    self.textView = textView
    self.clock = clock
    self.registrations = registrations
    self.secondaryViewMaker = secondaryViewMaker
    self.frameRenderer = frameRenderer
    self.offscreenResizer = offscreenResizer
    for registration in registrations { registration.register(in: textView) }
    textView.instrumentation.trace = ReuseTrace(name: "ReuseTestHost view 0")
    beforeFirstPass = textView.instrumentation.snapshot()
    lastEventBeforeFirstPass = textView.instrumentation.latestEventSequence
    textView.layoutViewport()  // TextView.init runs no pass; the host is ready after one call.
  }

  /// A 24 × 24 attachment drawn by `provider`, 4 points below the baseline.
  /// - Parameter provider: The provider class.
  /// - Returns: A new attachment.
  public static func attachment(drawnBy provider: TextAttachmentViewProvider.Type) -> TextAttachment {
    TextAttachment(
      fileType: "attachment", bounds: CGRect(x: 0, y: -4, width: 24, height: 24), viewProviderType: provider)
  }

  /// The paragraphs of ``init(messages:attachmentEvery:provider:policy:attachment:viewportSize:scrollCache:)``.
  /// - Parameters:
  ///   - messages: The number of paragraphs.
  ///   - attachmentEvery: The spacing of the paragraphs with an attachment (0: none).
  ///   - attachment: Makes the attachment of message `N`.
  /// - Returns: The paragraphs.
  public static func chatParagraphs(
    messages: Int, attachmentEvery: Int, attachment: (Int) -> TextAttachment
  ) -> [AttributedText] {
    (0..<max(0, messages)).map { index in
      guard attachmentEvery > 0, index % attachmentEvery == 0 else { return AttributedText("message \(index)") }
      var text = AttributedText("message \(index) ")
      text.append(AttributedText(attachment: attachment(index)))
      text.append(AttributedText(" end"))
      return text
    }
  }

  /// The bookkeeping invariants that do not hold now, for view 0 and the split's second view:
  /// providers created = live + discarded, views loaded = live + discarded, one live provider per
  /// attachment occurrence. Empty when all hold.
  public func invariantViolations() -> [String] {
    var violations = textView.reuseInvariantViolations()
    if let secondaryView { violations += secondaryView.reuseInvariantViolations().map { "view 1: \($0)" } }
    return violations
  }
}
