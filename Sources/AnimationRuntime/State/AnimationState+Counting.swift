extension AnimationState {
  /// The states made while ``counting(_:)`` runs on this thread, or `nil` outside it.
  @TaskLocal private static var tally: Tally?

  /// A count of states made, bound to one thread by ``counting(_:)``.
  ///
  /// `@unchecked Sendable`: a task-local value must be `Sendable`, and this one is only read and
  /// written by the thread that bound it, inside the synchronous body of ``counting(_:)``.
  private final class Tally: @unchecked Sendable {
    var count = 0
  }

  /// Counts the new state, when a ``counting(_:)`` runs on this thread (a view loading).
  func countCreation() {
    Self.tally?.count += 1
  }

  /// Runs `body` and returns how many animation states it made (on this thread, with any
  /// initializer but ``still(clock:)``): how the text view counts the states a provider's
  /// `loadView()` makes, with no call from the provider.
  /// - Parameter body: The work to watch; states made on other threads meanwhile are not counted.
  /// - Returns: The number of states made.
  /// - Complexity: O(1) besides `body`.
  package static func counting(_ body: () throws -> Void) rethrows -> Int {
    let tally = Tally()
    try $tally.withValue(tally) { try body() }
    return tally.count
  }

  /// A paused one-frame state that stands for no animation (a placeholder's): unlike the other
  /// initializers, it is not counted as an animation state by the text view loading the view.
  /// - Parameter clock: The clock the state's own time would follow.
  /// - Returns: The state, paused on frame 0.
  public static func still(clock: any AnimationClock) -> AnimationState {
    let state = AnimationState(uncountedClock: clock)
    state.pause()
    return state
  }
}
