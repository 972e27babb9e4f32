import AnimationRuntime
import SDLSupport

/// The live clock drives sticker animations and the chat view's timed effects.
extension SDLClock: AnimationClock {}
