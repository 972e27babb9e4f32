import Foundation

/// What a window's presents pushed to the screen: the figures that show whether a frame cost the
/// pixels that changed or the whole window.
package struct SDLPresentStatistics: Equatable, Sendable {
  /// Presents so far.
  package var presents = 0
  /// Pixels pushed to the screen by all of them (overlapping rectangles count twice: both are pushed).
  package var pixels = 0
  /// The rectangles the last present pushed, in window pixels.
  package var lastRects: [CGRect] = []

  /// Pixels the last present pushed.
  package var lastPixels: Int { lastRects.reduce(0) { $0 + Int($1.width * $1.height) } }

  /// Counts a present of `rects`.
  /// - Parameter rects: What it pushed, in window pixels.
  mutating func record(_ rects: [CGRect]) {
    presents += 1
    lastRects = rects
    pixels += lastPixels
  }
}
