import TextEngine

/// Draws one whole frame of a text view in software: the hook P2's whole-frame figure uses.
///
/// The SDL chat view (`ChatTextView.renderFrame()`) is being written; until it lands in main,
/// `reuse-bench` measures the engine part of P2 only and reports the whole frame as pending.
/// When it lands, conform it here (draw text, bubbles and every visible sticker into the
/// 480×800 offscreen target) and pass it to ``ScrollFigure``.
@MainActor
protocol FrameRendering {
  /// What draws the frame, for the table.
  var name: String { get }
  /// Draws the view's current viewport.
  func renderFrame(of view: TextView) throws
}
