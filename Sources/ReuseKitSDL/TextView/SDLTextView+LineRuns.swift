import Foundation
import TextEngine

extension SDLTextView {
  /// A line of a fragment, by the fragment's identity and the line's index.
  struct LineRunKey: Hashable {
    let fragment: ObjectIdentifier
    let line: Int
  }

  /// A line's text runs as drawn (attachment runs left out), with each run's width, kept for the
  /// layout of the fragment they were made from.
  struct CachedLineRuns {
    /// The fragment, held so that its identity stays its own while the entry is kept.
    let fragment: TextLayoutFragment
    /// The fragment's ``TextLayoutFragment/relayoutCount`` when the runs were made.
    let layoutCount: Int
    let runs: [(run: RenderableLine.Run, width: Double)]
  }

  /// Lines kept in ``lineRunCache`` before it is emptied.
  static let lineRunCacheLimit = 1024

  /// The text runs of line `index` of `fragment` (attachment runs left out), each with its width:
  /// made once per layout of the fragment, so a part of the line drawn frame after frame (a
  /// sticker's damage) slices no characters. A fragment's content never changes (an edit makes a
  /// new fragment); a new layout of it (``TextLayoutFragment/relayoutCount``) makes the runs anew.
  /// - Complexity: O(1) when kept, else O(characters of the line).
  @MainActor
  func textRuns(ofLine index: Int, in fragment: TextLayoutFragment) -> [(run: RenderableLine.Run, width: Double)] {
    let key = LineRunKey(fragment: ObjectIdentifier(fragment), line: index)
    if let cached = lineRunCache[key], cached.fragment === fragment, cached.layoutCount == fragment.relayoutCount {
      return cached.runs
    }
    var runs: [(run: RenderableLine.Run, width: Double)] = []
    for run in fragment.textLineFragments[index].runs where run.attributes.attachment == nil {
      runs.append(
        (
          RenderableLine.Run(
            text: String(run.string), attributes: run.attributes, x: run.x, isRightToLeft: run.isRightToLeft), run.width
        ))
    }
    if lineRunCache.count >= Self.lineRunCacheLimit { lineRunCache.removeAll(keepingCapacity: true) }
    lineRunCache[key] = CachedLineRuns(fragment: fragment, layoutCount: fragment.relayoutCount, runs: runs)
    return runs
  }
}
