import CSDL2

/// An error from SDL, SDL2_ttf or SDL2_image, or from the view layer's own checks.
///
/// It carries what the view layer was doing (``context``) and, for library failures,
/// the text of `SDL_GetError()` at the time of the failure (``detail``).
public struct SDLError: Error, CustomStringConvertible, Equatable, Sendable {
  /// What the view layer was doing, for example `"SDL_CreateRGBSurfaceWithFormat(480x800)"`.
  public let context: String
  /// The library's message (`SDL_GetError()`), or the view layer's explanation.
  public let detail: String

  /// Creates an error with an explicit explanation.
  /// - Parameters:
  ///   - context: What was being done.
  ///   - detail: Why it failed.
  public init(context: String, detail: String) {
    self.context = context
    self.detail = detail
  }

  /// Creates an error from the current `SDL_GetError()` text, then clears it.
  /// - Parameter context: The call that failed.
  /// - Returns: An error whose detail is SDL's message (or a note that SDL gave none).
  public static func fromSDL(_ context: String) -> SDLError {
    let message = String(cString: SDL_GetError())
    SDL_ClearError()
    return SDLError(context: context, detail: message.isEmpty ? "SDL reported no error text" : message)
  }

  public var description: String { "\(context) failed: \(detail)" }
}

extension SDLError {
  /// Throws ``fromSDL(_:)`` when an SDL status code is negative.
  /// - Parameters:
  ///   - status: The C return value (`0` success, negative failure).
  ///   - context: The call that returned it.
  public static func check(_ status: Int32, _ context: @autoclosure () -> String) throws(SDLError) {
    if status < 0 { throw fromSDL(context()) }
  }
}
