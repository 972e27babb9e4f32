/// One entry of the ordered event log.
public struct InstrumentationEvent: Equatable, Codable, Sendable {
  /// What happened.
  public enum Kind: String, Codable, Sendable, CaseIterable {
    /// A provider was created (counts ``Counter/providersCreated``).
    case providerCreated
    /// A new fragment adopted a provider across an edit (counts ``Counter/providersReusedOnEdit``).
    case providerReusedOnEdit
    /// A provider was discarded (counts ``Counter/providersDiscarded``).
    case providerDiscarded
    /// A provider's view was loaded (counts ``Counter/viewsLoaded``).
    case viewLoaded
    /// A provider's view was released (counts ``Counter/viewsDiscarded``).
    case viewDiscarded
    /// A view left the viewport into the scroll cache (counts ``Counter/surfacesCachedOnScrollOut``).
    case surfaceCachedOnScrollOut
    /// A cached view was shown again (counts ``Counter/surfacesRestoredOnScrollIn``).
    case surfaceRestoredOnScrollIn
    /// A cached view was evicted from the scroll cache (counts ``Counter/surfacesEvicted``).
    case surfaceEvicted
    /// A provider's `loadView()` made an animation state (counts ``Counter/animationStatesCreated``).
    case animationStateCreated
    /// That state restarted an animation: the attachment's place had shown one before (counts
    /// ``Counter/animationResets``). The text view records it right after its
    /// ``animationStateCreated``.
    case animationReset
    /// A new layout fragment object was made (counts ``Counter/layoutFragmentsCreated``).
    case layoutFragmentCreated
    /// A viewport layout pass ran (counts ``Counter/viewportLayoutPasses``).
    case viewportLayoutPass
    /// A fragment released for memory, far from the viewport.
    case layoutFragmentReleased
    /// A fragment got a new rendering surface in a viewport pass.
    case surfaceCreated
    /// A fragment kept its rendering surface from the previous pass.
    case surfaceReused
    /// The layout manager asked its delegate for a cached provider before creating one.
    case providerCacheRequest
    /// The delegate answered a provider cache request with a provider.
    case providerCacheHit
    /// The viewport controller asked its delegate for a cached rendering surface.
    case surfaceCacheRequest
    /// The delegate answered a surface cache request with a surface.
    case surfaceCacheHit
    /// One query to fontconfig while choosing a fallback font.
    case fontconfigCall
    /// One character drawn as a missing-glyph box (no installed font covers it).
    case missingGlyph
    /// A provider factory or `loadView()` failed, or an asset could not be decoded.
    case error
    /// Something loaded with a caveat, for example a sticker played without features its renderer lacks.
    case warning

    /// The counter this kind of event increments, if any.
    public var counter: Counter? {
      switch self {
      case .providerCreated: .providersCreated
      case .providerReusedOnEdit: .providersReusedOnEdit
      case .providerDiscarded: .providersDiscarded
      case .viewLoaded: .viewsLoaded
      case .viewDiscarded: .viewsDiscarded
      case .surfaceCachedOnScrollOut: .surfacesCachedOnScrollOut
      case .surfaceRestoredOnScrollIn: .surfacesRestoredOnScrollIn
      case .surfaceEvicted: .surfacesEvicted
      case .animationStateCreated: .animationStatesCreated
      case .animationReset: .animationResets
      case .layoutFragmentCreated: .layoutFragmentsCreated
      case .viewportLayoutPass: .viewportLayoutPasses
      case .layoutFragmentReleased: .layoutFragmentsReleased
      case .surfaceCreated: .surfacesCreated
      case .surfaceReused: .surfacesReused
      case .providerCacheRequest: .providerCacheRequests
      case .providerCacheHit: .providerCacheHits
      case .surfaceCacheRequest: .surfaceCacheRequests
      case .surfaceCacheHit: .surfaceCacheHits
      case .fontconfigCall: .fontconfigCalls
      case .missingGlyph: .missingGlyphs
      case .error, .warning: nil
      }
    }

    /// Whether the kind is a layout event: fragments created and released, passes, surfaces, the
    /// cache hooks' calls (provider and surface), fontconfig calls and missing glyphs. They are always
    /// counted, and logged only while ``Instrumentation/logsLayoutEvents`` is on.
    public var isLayoutEvent: Bool {
      switch self {
      case .layoutFragmentCreated, .viewportLayoutPass, .layoutFragmentReleased, .surfaceCreated, .surfaceReused,
        .providerCacheRequest, .providerCacheHit, .surfaceCacheRequest, .surfaceCacheHit, .fontconfigCall,
        .missingGlyph:
        true
      default:
        false
      }
    }
  }

  /// Position in the log since the instrumentation was created, starting at 0.
  public var sequence: Int
  /// What happened.
  public var kind: Kind
  /// The attachment's stable identifier (`TextAttachment.id` in TextEngine), if the event concerns one.
  public var attachmentID: Int?
  /// The provider's type name, if the event concerns a provider.
  public var providerType: String?
  /// The index of the paragraph involved, if known.
  public var paragraphIndex: Int?
  /// The injected clock's time, in seconds.
  public var time: Double
  /// A human-readable message: what went wrong, for ``Kind/error`` and ``Kind/warning`` events;
  /// why, for a ``Kind/viewDiscarded`` or ``Kind/providerDiscarded`` event of the reuse machinery
  /// (for example "it left the viewport and onScrollingOutOfViewport is off").
  public var message: String?
}
