import CSDL2

/// The system clipboard, through `SDL_SetClipboardText` / `SDL_GetClipboardText`.
///
/// SDL's clipboard needs the video subsystem; ``SDLTextView`` uses a ``MemoryClipboard`` when it
/// was not initialised (see ``isAvailable``).
@MainActor
public final class SDLClipboard: TextClipboard {
  /// Creates the system clipboard accessor.
  public init() {}

  /// Whether SDL's video subsystem, which owns the clipboard, is running.
  public static var isAvailable: Bool { SDL_WasInit(SDL_INIT_VIDEO) != 0 }

  /// The clipboard's UTF-8 text; `nil` when it is empty or SDL cannot read it.
  public var text: String? {
    get {
      guard SDL_HasClipboardText() == SDL_TRUE, let pointer = SDL_GetClipboardText() else { return nil }
      defer { SDL_free(pointer) }
      let text = String(cString: pointer)
      return text.isEmpty ? nil : text
    }
    set {
      if SDL_SetClipboardText(newValue ?? "") < 0 { SDL_ClearError() }
    }
  }
}
