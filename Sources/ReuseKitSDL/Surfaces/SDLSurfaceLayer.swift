/// The layers of a frame, drawn bottom to top; ``SDLTextView`` walks the pass's rendering surfaces
/// once per layer and each surface draws its part of that layer.
public enum SDLSurfaceLayer: Int, CaseIterable, Sendable {
  /// Behind the text: the chat's bubbles.
  case background
  /// The selection highlight.
  case selection
  /// The text lines.
  case text
  /// Over the text: the chat's names and times.
  case decorations
  /// Attachment views (stickers, placeholders) and their overlays.
  case attachments
  /// The margin beside the text: line numbers.
  case gutter
}
