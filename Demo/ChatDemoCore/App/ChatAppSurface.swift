import Foundation
import SDLSupport

/// Where a ``ChatApp`` draws: the window, or offscreen for a headless run. The only difference
/// between the two is here: what each view draws into and whether a frame is presented.
@MainActor
enum ChatAppSurface {
  /// The window: every view draws into its part of the window's renderer, and each frame is presented.
  case window(SDLWindow, SDLRenderer)
  /// No window (headless scenarios, tests): each view draws into its own offscreen surface of its
  /// size, and `size` stands for the window's size (a `resize` step changes it).
  case offscreen(width: Int, height: Int)

  /// An offscreen run's window size; a window's in whole points (see ``size``).
  var outputSize: (width: Int, height: Int) {
    switch self {
    case .window(_, let renderer): (Int(renderer.size.width), Int(renderer.size.height))
    case .offscreen(let width, let height): (width, height)
    }
  }

  /// The window's size in points: its pixels over the renderer's scale (offscreen, 1 pixel a point).
  var size: CGSize {
    switch self {
    case .window(_, let renderer): renderer.size
    case .offscreen(let width, let height): CGSize(width: width, height: height)
    }
  }

  /// What mouse coordinates are divided by to be points: the window's screen coordinates per
  /// point (1 offscreen, whose synthetic events are in points).
  var screenCoordinatesPerPoint: Double {
    switch self {
    case .window(_, let renderer): renderer.screenCoordinatesPerPoint
    case .offscreen: 1
    }
  }

  /// The renderer a view that sits at `rect` draws with.
  /// - Throws: ``SDLError`` when an offscreen surface cannot be made.
  func renderer(for rect: CGRect) throws(SDLError) -> SDLRenderer {
    switch self {
    case .window(_, let renderer): renderer
    case .offscreen: try SDLRenderer.offscreen(width: max(1, Int(rect.width)), height: max(1, Int(rect.height)))
    }
  }

  /// Where a view at `rect` draws on its renderer: its part of the window, or its whole surface.
  func targetRect(for rect: CGRect) -> CGRect? {
    switch self {
    case .window: rect
    case .offscreen: nil
    }
  }

  /// The window's renderer, which the window's own parts (composer field, palette, banner) draw on.
  var windowRenderer: SDLRenderer? {
    switch self {
    case .window(_, let renderer): renderer
    case .offscreen: nil
    }
  }
}
