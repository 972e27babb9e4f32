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
  /// SDL (no video), kept alive for the fonts; `nil` when fonts could not be opened.
  let context: SDLContext?
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
  /// - Throws: ``BenchFailure`` when the sticker library cannot be found or read.
  init() throws(BenchFailure) {
    if getenv("SDL_VIDEODRIVER") == nil { setenv("SDL_VIDEODRIVER", "dummy", 1) }
    if getenv("SDL_AUDIODRIVER") == nil { setenv("SDL_AUDIODRIVER", "dummy", 1) }
    var context: SDLContext?
    var fonts: SDLFontSet?
    do {
      let opened = try SDLContext()
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
