import SDLSupport
import TextEngine

/// A rendering surface that draws itself into an ``SDLTextView``.
///
/// The view draws a frame by walking the surfaces of the last viewport pass
/// (`TextViewportLayoutController.enumerateRenderingSurfaces(using:)`) once per
/// ``SDLSurfaceLayer``; a surface whose frame is outside the viewport is skipped. A delegate that
/// assigns surfaces of its own (a line-number gutter) conforms its surfaces to this protocol.
public protocol SDLDrawableSurface: TextViewportRenderingSurface {
  /// Draws this surface's part of `layer`.
  /// - Parameters:
  ///   - layer: The layer being drawn.
  ///   - view: The view drawing the frame (its renderer, canvas, text renderer and scroll offset).
  /// - Throws: `SDLError` when drawing fails.
  @MainActor
  func draw(_ layer: SDLSurfaceLayer, in view: SDLTextView) throws(SDLError)

  /// A value that changes whenever what the surface draws changes, apart from its frame: damage
  /// tracking redraws the surface when it does. A surface whose drawing never changes returns 0
  /// (the default).
  var drawingKey: Int { get }
}

extension SDLDrawableSurface {
  /// 0: the surface draws the same pixels for as long as it lives.
  public var drawingKey: Int { 0 }
}
