import CSDL2

/// The real clock: seconds since the clock was created, from SDL's high-resolution counter.
///
/// This is the only place in ReuseKit that reads wall time; the animation runtime receives it
/// through its clock protocol, and tests inject a manual clock instead.
/// `SDL_GetPerformanceCounter` is thread-safe and needs no `SDL_Init`, so, unlike the other SDL
/// types, the clock is not bound to the main actor.
public final class SDLClock {
  private let counter: () -> UInt64
  private let frequency: Double
  private let start: UInt64

  /// Creates a clock reading SDL's performance counter.
  public convenience init() {
    self.init(counter: { SDL_GetPerformanceCounter() }, frequency: SDL_GetPerformanceFrequency())
  }

  /// Creates a clock over any monotonic counter (tests pass a scripted one).
  /// - Parameters:
  ///   - counter: Returns the current tick count; must never go backwards.
  ///   - frequency: Ticks per second; must be positive.
  package init(counter: @escaping () -> UInt64, frequency: UInt64) {
    precondition(frequency > 0, "SDLClock needs a positive counter frequency")
    self.counter = counter
    self.frequency = Double(frequency)
    self.start = counter()
  }

  /// Seconds elapsed since the clock was created.
  public var now: Double {
    let ticks = counter()
    return ticks >= start ? Double(ticks - start) / frequency : 0
  }
}
