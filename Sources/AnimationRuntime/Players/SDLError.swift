import CSDL2

/// An SDL or SDL2_image failure, carrying `SDL_GetError()` at the time it happened.
struct SDLError: Error, CustomStringConvertible {
  let message: String

  /// Captures SDL's current error message, prefixed with what was being done.
  init(_ operation: String) {
    let detail = SDL_GetError().map { String(cString: $0) } ?? ""
    message = detail.isEmpty ? operation : "\(operation): \(detail)"
  }

  var description: String { message }
}
