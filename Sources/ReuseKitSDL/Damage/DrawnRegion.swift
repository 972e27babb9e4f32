import Foundation

/// One thing a frame draws, as damage tracking sees it: where it is and what it shows.
///
/// A view lists a region per rendering surface, attachment view, caret and overlay each frame; a
/// region whose rectangle or key differs from the last frame's (or that appears or goes) is damage.
public struct DrawnRegion: Equatable {
  /// Where the region draws, in view pixels, including anything it paints outside its frame
  /// (a shadow, an outline).
  public var rect: CGRect
  /// A value that changes whenever the region's pixels would: equal keys at an equal place mean
  /// equal pixels.
  public var key: Int
  /// Whether the region moves with the document when the view scrolls (text, attachments, the
  /// caret), or stays put in the view (a scroll bar, a button, a HUD).
  public var scrollsWithContent: Bool

  /// A region at `rect` whose pixels are named by `key`.
  /// - Parameters:
  ///   - rect: Where it draws, in view pixels.
  ///   - key: A value that changes whenever its pixels do.
  ///   - scrollsWithContent: Whether it moves with the document when the view scrolls.
  public init(rect: CGRect, key: Int, scrollsWithContent: Bool) {
    self.rect = rect
    self.key = key
    self.scrollsWithContent = scrollsWithContent
  }
}
