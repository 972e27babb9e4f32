import Foundation
import ReuseKit
import ReuseKitSDL

/// The same host on SDL: an `SDLTextView` drawing with SDL's software renderer into an offscreen
/// surface, measuring with the fonts it draws with (DejaVu Sans, 15 px). Every operation draws a
/// frame, as a window would; typing and keys go through `SDLTextView.handle(_:)`.
extension ReuseTestHost {
  /// An offscreen SDL host over `paragraphs`, with `registrations` in force and one pass run.
  ///
  /// No display is needed (SDL runs without video). Counts can differ from a headless host's:
  /// the real fonts break lines elsewhere, so other messages fit in the viewport.
  /// - Parameters:
  ///   - paragraphs: The document, one paragraph per element.
  ///   - registrations: The provider types to register, each with its policy.
  ///   - width: The surface width in pixels (default 480).
  ///   - height: The surface height in pixels (default 800).
  ///   - scrollCache: The scroll cache's bounds (default `.unbounded`: a view scrolled out is kept
  ///     for as long as the text view exists, as Apple documents).
  /// - Returns: The host.
  /// - Throws: `SDLError` when SDL, SDL2_ttf or the fonts cannot be set up (the error names the
  ///   library's message).
  @MainActor
  public static func offscreen(
    paragraphs: [AttributedText], registering registrations: [ProviderRegistration], width: Int = 480,
    height: Int = 800, scrollCache: ReuseCacheConfiguration = .unbounded
  ) throws -> ReuseTestHost {
    let context = try SDLContext()
    let fonts = try SDLFontSet(context: context)
    let storage = TextContentStorage(paragraphs: paragraphs.map { ($0, [:]) })
    let clock = ManualClock()
    let view = SDLTextView(
      storage: storage, renderer: try SDLRenderer.offscreen(width: width, height: height), fonts: fonts, clock: clock,
      clipboard: MemoryClipboard())
    view.reuseCacheConfiguration = scrollCache
    let makeSecondary: (TextContentManager, ManualClock) throws -> TextView = { storage, clock in
      // The host's operations run on the main actor for an offscreen host (it is made there).
      nonisolated(unsafe) var made: SDLTextView?
      try MainActor.assumeIsolated {
        made = SDLTextView(
          storage: storage, renderer: try SDLRenderer.offscreen(width: width, height: height), fonts: fonts,
          clock: clock, clipboard: MemoryClipboard())
        made?.reuseCacheConfiguration = scrollCache
      }
      return made!
    }
    let host = ReuseTestHost(
      storage: storage, textView: view, clock: clock, registrations: registrations,
      secondaryViewMaker: makeSecondary,
      frameRenderer: { try MainActor.assumeIsolated { try view.renderFrame() } },
      inputHandler: { event in MainActor.assumeIsolated { _ = view.handle(event) } },
      offscreenResizer: { width, height in
        try MainActor.assumeIsolated { try view.resize(width: width, height: height) }
      },
      resources: [context, fonts])
    try view.renderFrame()
    return host
  }

  /// An offscreen SDL host like ``init(messages:attachmentEvery:provider:policy:attachment:viewportSize:scrollCache:)``.
  /// - Parameters:
  ///   - messages: The number of paragraphs.
  ///   - attachmentEvery: The spacing of the paragraphs with an attachment (0: none).
  ///   - provider: The provider class the attachments use, registered with `policy`.
  ///   - policy: The reuse policy to register.
  ///   - attachment: Makes the attachment of message `N` (by default a 24 × 24 one drawn by
  ///     `provider`).
  ///   - width: The surface width in pixels (default 480).
  ///   - height: The surface height in pixels (default 800).
  ///   - scrollCache: The scroll cache's bounds (default `.unbounded`).
  /// - Returns: The host.
  /// - Throws: `SDLError` when SDL, SDL2_ttf or the fonts cannot be set up.
  @MainActor
  public static func offscreen<Provider: TextAttachmentViewProvider>(
    messages: Int, attachmentEvery: Int, provider: Provider.Type, policy: TextAttachmentViewProviderReusePolicy,
    attachment: ((Int) -> TextAttachment)? = nil, width: Int = 480, height: Int = 800,
    scrollCache: ReuseCacheConfiguration = .unbounded
  ) throws -> ReuseTestHost {
    try offscreen(
      paragraphs: chatParagraphs(messages: messages, attachmentEvery: attachmentEvery) { index in
        attachment?(index) ?? Self.attachment(drawnBy: provider)
      }, registering: [ProviderRegistration(provider, policy: policy)], width: width, height: height,
      scrollCache: scrollCache)
  }

  /// The pixels of view 0's current frame (drawn again first): the `screenshot` op.
  /// - Returns: The frame, straight-alpha RGBA.
  /// - Throws: ``OperationError`` for a headless host, which draws nothing, or when SDL cannot draw.
  @MainActor
  public func image() throws(OperationError) -> RGBAImage {
    guard let view = textView as? SDLTextView else {
      throw OperationError(operation: .screenshot, reason: "a headless host draws nothing: use ReuseTestHost.offscreen")
    }
    do {
      try view.renderFrame()
      return try view.screenshot()
    } catch {
      throw OperationError(operation: .screenshot, reason: "\(error)")
    }
  }
}
