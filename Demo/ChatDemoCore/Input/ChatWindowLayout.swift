import Foundation

/// Where the chat window's parts sit for one window size: the transcript on top, then the composer,
/// then the sticker palette.
struct ChatWindowLayout: Equatable, Sendable {
  /// The composer's height, in pixels.
  static let composerHeight = 58.0
  /// The palette's height, in pixels.
  static let paletteHeight = 52.0

  /// The window's width, in pixels.
  let width: Double
  /// The window's height, in pixels.
  let height: Double
  /// Whether a second view of the transcript sits beside it (F5): the transcript keeps 58% of the width.
  var isSplit = false

  /// Lays out a `width × height` window.
  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The transcript (at least 100 pixels tall).
  var chatRect: CGRect {
    CGRect(
      x: 0, y: 0, width: isSplit ? (width * 0.58).rounded() : width,
      height: max(100, height - Self.composerHeight - Self.paletteHeight))
  }

  /// The second view of the transcript while split, right of it (2 pixels apart).
  var secondaryRect: CGRect {
    let main = chatRect
    return CGRect(x: main.maxX + 2, y: 0, width: max(1, width - main.maxX - 2), height: main.height)
  }

  /// The composer's strip, under the transcript.
  var composerFrame: CGRect {
    CGRect(x: 0, y: chatRect.maxY, width: width, height: Self.composerHeight)
  }

  /// Where the composer's text view draws, inside its rounded field.
  var composerTextRect: CGRect { composerFrame.insetBy(dx: 18, dy: 14) }

  /// The width of the search bar's label ("3 of 1,204"), right of its field.
  static let searchLabelWidth = 150.0

  /// Where the search bar's field draws while the bar is open: the composer's place, less the label.
  var searchTextRect: CGRect {
    let text = composerTextRect
    return CGRect(x: text.minX, y: text.minY, width: max(20, text.width - Self.searchLabelWidth), height: text.height)
  }

  /// Where the search bar's label draws, right of its field.
  var searchLabelRect: CGRect {
    let field = searchTextRect
    return CGRect(x: field.maxX, y: field.minY, width: max(0, composerTextRect.maxX - field.maxX), height: field.height)
  }

  /// The sticker palette's strip, at the bottom.
  var paletteRect: CGRect {
    CGRect(x: 0, y: composerFrame.maxY, width: width, height: Self.paletteHeight)
  }
}
