import AnimationRuntime
import ChatKit
import Foundation
import ReuseKitSDL
import SDLSupport
import Stickers
import TextEngine

/// What every figure of one run shares: SDL fonts (or the headless fallback's measurer and layout),
/// the sticker library, the manual animation clock and the sticker runtime.
@MainActor
final class BenchEnvironment {
  /// SDL (no video, or video on ``windowDisplay``), kept alive for the fonts; `nil` when fonts
  /// could not be opened.
  let context: SDLContext?
  /// The X display the chat view draws in a real window on, or `nil` for offscreen.
  let windowDisplay: String?
  /// The fonts the chat view draws with; `nil` when they could not be opened (headless fallback).
  let fonts: SDLFontSet?
  /// The headless fallback's measurer (the chat view measures with its own SDL2_ttf measurer).
  let measurer = FixedAdvanceGlyphMeasurer()
  /// What layout measures with: `"SDL2_ttf"` (the chat view's) or `"fixed advance"` (headless).
  var measurerName: String { fonts == nil ? "fixed advance" : "SDL2_ttf" }
  let library: StickerLibrary
  /// The clock sticker animations follow; figures advance it by 1/60 s per frame.
  let clock = ManualClock()
  let runtime: StickerRuntime
  /// The chat view's layout rules, measured with ``measurer``, for the headless view.
  let headlessLayout: ChatLayout

  /// Opens fonts (falling back to fixed advances) and loads the sticker library.
  /// - Parameter windowDisplay: An X display for the chat view's window, or `nil` for offscreen.
  /// - Throws: ``BenchFailure`` when the sticker library cannot be found or read.
  init(windowDisplay: String? = nil) throws(BenchFailure) {
    if let windowDisplay {
      setenv("SDL_VIDEODRIVER", "x11", 1)
      setenv("DISPLAY", windowDisplay, 1)
    }
    if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
    if getenv("SDL_AUDIODRIVER") == nil { setenv("SDL_AUDIODRIVER", "dummy", 1) }
    self.windowDisplay = windowDisplay
    var context: SDLContext?
    var fonts: SDLFontSet?
    do {
      let opened = try SDLContext(video: windowDisplay != nil)
      fonts = try SDLFontSet(context: opened)
      context = opened
    } catch {
      FileHandle.standardError.write(Data("reuse-bench: fonts unavailable (\(error)); using fixed advances\n".utf8))
    }
    self.context = context
    self.fonts = fonts
    do {
      library = try StickerLibrary(directory: try BenchAssets.stickerDirectory())
    } catch let error as BenchFailure {
      throw error
    } catch {
      throw BenchFailure("sticker library: \(error)")
    }
    runtime = StickerRuntime(clock: clock, library: library)
    headlessLayout = ChatLayout(localSender: ChatTextView.defaultLocalSender, style: ChatStyle(), measurer: measurer)
  }

  /// A generator for a transcript of `count` messages using this environment's stickers.
  func generator(count: Int) -> BenchTranscript {
    BenchTranscript(count: count, stickerNames: library.names, runtime: runtime)
  }
}
