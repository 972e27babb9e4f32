/// Where the frame a ``FrameSurface`` last returned came from: what the view layer counts as a
/// blank or late sticker, and as frame-cache traffic.
public enum FrameOrigin: Sendable, Equatable {
  /// The surface does not say (a surface that renders its own frames every time).
  case unknown
  /// The frame the animation is at, rendered for this request (a frame-cache miss).
  case decoded
  /// The frame the animation is at, found in the frame cache (a hit).
  case cached
  /// The frame the animation is at, found in the frame cache where a prefetch put it; `firstUse` is
  /// `true` the first time any view shows that prefetched frame.
  case prefetched(firstUse: Bool)
  /// An older frame of the same sticker standing in while the right one is being decoded.
  case stale
  /// The sticker's first frame standing in for a view that has shown none yet, while its own frame
  /// is decoded; `prefetchedFirstUse` is `true` when that first frame was prefetched and this is
  /// the first time any view shows it.
  case firstFrame(prefetchedFirstUse: Bool)
  /// No decoded frame yet: the view layer draws the pending-sticker skeleton, which a person sees as
  /// a blank sticker.
  case pending

  /// Whether the frame shown is not the one the animation is at (``stale``, ``firstFrame(prefetchedFirstUse:)``
  /// or ``pending``).
  public var isLate: Bool {
    switch self {
    case .stale, .pending, .firstFrame: true
    case .unknown, .decoded, .cached, .prefetched: false
    }
  }
}
