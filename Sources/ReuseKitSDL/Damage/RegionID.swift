/// What a ``DrawnRegion`` belongs to, so a frame can match it with the last frame's: hashed and
/// compared without boxing (a frame lists a region per visible surface).
enum RegionID: Hashable {
  /// A rendering surface (a fragment's, or an attachment view), by identity.
  case surface(ObjectIdentifier)
  /// The caret.
  case caret
  /// The input method's composition box.
  case composition
  /// The scroll bar's thumb.
  case scrollBar
  /// The view's overlay at this index (``SDLTextView/overlayRegions()``).
  case overlay(Int)
  /// The rectangle at this index that the view's owner draws over it (``SDLTextView/coveredRects``).
  case covered(Int)
}
