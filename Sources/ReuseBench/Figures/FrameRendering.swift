import ChatKit
import ReuseKitSDL
import TextEngine

/// Draws one whole frame of a text view in software: the hook P2's whole-frame figure uses.
@MainActor
protocol FrameRendering {
  /// What draws the frame, for the table.
  var name: String { get }
  /// Draws the view's current viewport.
  func renderFrame(of view: TextView) throws
  /// Whether frames draw only what changed (damage tracking), or everything (the `.whole` figures).
  var tracksDamage: Bool { get nonmutating set }
}

/// The SDL chat view's own frame: bubbles, names, text through the run-texture cache and every
/// visible sticker, drawn by SDL's software renderer into the 480×800 offscreen surface.
@MainActor
struct ChatFrameRenderer: FrameRendering {
  let chatView: ChatTextView
  var name: String { chatView.rendererSummary.map { "ChatTextView, \($0)" } ?? "ChatTextView" }

  func renderFrame(of view: TextView) throws {
    guard view === chatView else { throw BenchFailure("the frame renderer draws another view") }
    try chatView.renderFrame()
  }

  var tracksDamage: Bool {
    get { chatView.tracksDamage }
    nonmutating set { chatView.tracksDamage = newValue }
  }
}
