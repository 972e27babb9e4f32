import CSDL2

/// Swift versions of SDL's function-like C macros, which Swift cannot import.
public enum SDLMacros {
  /// `SDL_WINDOWPOS_CENTERED_MASK`.
  public static let windowPositionCenteredMask: UInt32 = 0x2FFF_0000
  /// `SDL_WINDOWPOS_UNDEFINED_MASK`.
  public static let windowPositionUndefinedMask: UInt32 = 0x1FFF_0000

  /// `SDL_WINDOWPOS_CENTERED_DISPLAY(display)`.
  /// - Parameter display: The display index.
  /// - Returns: The position value that centres a window on that display.
  public static func windowPositionCentered(display: UInt32 = 0) -> Int32 {
    Int32(bitPattern: windowPositionCenteredMask | display)
  }

  /// `SDL_WINDOWPOS_UNDEFINED_DISPLAY(display)`.
  /// - Parameter display: The display index.
  /// - Returns: The position value that lets the window manager choose.
  public static func windowPositionUndefined(display: UInt32 = 0) -> Int32 {
    Int32(bitPattern: windowPositionUndefinedMask | display)
  }

  /// `SDL_WINDOWPOS_ISCENTERED(position)`.
  public static func isWindowPositionCentered(_ position: Int32) -> Bool {
    UInt32(bitPattern: position) & 0xFFFF_0000 == windowPositionCenteredMask
  }

  /// `SDL_MUSTLOCK(surface)`: whether the surface must be locked before touching its pixels.
  /// - Parameter surface: A live surface.
  /// - Returns: `true` when the surface is RLE-accelerated.
  public static func mustLock(_ surface: UnsafePointer<SDL_Surface>) -> Bool {
    surface.pointee.flags & UInt32(SDL_RLEACCEL) != 0
  }

  /// `SDL_BUTTON(button)`: the bit of `button` in a mouse-state mask.
  /// - Parameter button: `SDL_BUTTON_LEFT` (1), `SDL_BUTTON_MIDDLE` (2), `SDL_BUTTON_RIGHT` (3), ...
  /// - Returns: `1 << (button - 1)`.
  public static func buttonMask(_ button: Int32) -> UInt32 {
    1 << UInt32(button - 1)
  }

  /// `SDL_BUTTON_LMASK`.
  public static var leftButtonMask: UInt32 { buttonMask(Int32(SDL_BUTTON_LEFT)) }
  /// `SDL_BUTTON_MMASK`.
  public static var middleButtonMask: UInt32 { buttonMask(Int32(SDL_BUTTON_MIDDLE)) }
  /// `SDL_BUTTON_RMASK`.
  public static var rightButtonMask: UInt32 { buttonMask(Int32(SDL_BUTTON_RIGHT)) }
}
