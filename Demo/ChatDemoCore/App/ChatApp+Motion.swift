import ChatKit
import Foundation
import ReuseKitSDL
import ScenarioVocabulary
import Stickers

/// What moves by itself between events: a fling's steps, and the stickers prefetched ahead of it.
extension ChatApp {
  /// Starts a frame: the sticker frames due (``StickerRuntime/beginFrame()``), then a fling's step
  /// to where its motion is at the clock's time, handed to the transcript as a wheel turn (the
  /// wheel's own path). A fling that has slowed to a stop, or that the transcript's end stopped,
  /// ends.
  func beginFrame() {
    stickers.runtime.beginFrame()
    updateSearch()
    guard let fling = state.fling else { return }
    let now = clock.now
    let target = fling.motion.offset(at: now)
    let view = editorView ?? chatView
    let before = view.scrollOffset
    let dy = target - fling.scrolled
    if dy != 0 { perform(.input(.wheel(dy: dy), to: .transcript)) }
    let stuck = dy != 0 && view.scrollOffset == before
    let ended = stuck || fling.motion.hasEnded(at: now)
    update { $0.fling = ended ? nil : ChatAppState.Fling(motion: fling.motion, scrolled: target) }
  }

  /// Ends a frame: in the time left before the next frame's deadline, the chat view's prefetcher
  /// asks for the stickers ahead of the scroll (``StickerPrefetcher``).
  /// - Parameter deadline: When the next frame starts, on the app's clock.
  func endFrame(deadline: Double) {
    guard let prefetcher = stickerPrefetcher, editorView == nil else { return }
    prefetcher.prefetch(for: chatView, now: clock.now, deadline: deadline)
  }

  /// Whether the stickers are seen: the window is shown (not hidden or minimized) and, when the
  /// app pauses unfocused windows, focused. Unseen, no sticker frame is decoded (counted in
  /// `framesDecodedWhileUnseen` if one is) and nothing is prefetched.
  /// - Parameter seen: Whether a person can see the stickers now.
  package func setStickersSeen(_ seen: Bool) {
    guard stickers.runtime.isUnseen == seen else { return }
    stickers.runtime.isUnseen = !seen
    stickerPrefetcher?.record(into: chatView.instrumentation)
  }

  /// Whether stickers show their first frame only (`--reduce-motion`, or the desktop's setting).
  package var reducesMotion: Bool {
    get { stickers.runtime.reducesMotion }
    set {
      stickers.runtime.reducesMotion = newValue
      for view in [chatView, secondaryView].compactMap({ $0 }) { view.setNeedsDisplay() }
    }
  }

  /// Counts the prefetcher's frames into the chat view's counters now (a report reads them).
  package func recordFrameWork() {
    stickerPrefetcher?.record(into: chatView.instrumentation)
  }
}
