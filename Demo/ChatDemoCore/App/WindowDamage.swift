import Foundation

/// What the window's own parts (the composer's field, the rule of a split, the palette, the
/// banner) showed in the last frame drawn, so a frame redraws them only when they change.
struct WindowDamage {
  /// The renderer's content generation the chrome was drawn for; another means a lost frame.
  var drawnGeneration = -1
  /// The layout the chrome was drawn for.
  var layout: ChatWindowLayout?
  /// The palette's content keys (its page's, then each button's) when it was last drawn.
  var paletteKeys: [Int] = []
  /// The banner's text as last drawn, or `nil` when none was.
  var banner: String?
  /// The view that showed the transcript (the chat, or the editor scene's).
  var transcript: ObjectIdentifier?
  /// Whether the strip's field (the composer, or the search bar's) showed its hint.
  var composerHint = false
  /// The view in the composer's strip: the composer, or the search bar's field.
  var field: ObjectIdentifier?
  /// The search bar's label as last drawn, or `nil` while the bar was closed.
  var searchLabel: String?
}
