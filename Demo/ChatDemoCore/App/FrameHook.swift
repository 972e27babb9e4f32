/// Work another part of the program runs with every frame of a ``ChatApp`` (its accessibility
/// tree): after each frame is presented, and on every wake of the window's loop that draws none.
@MainActor
package struct FrameHook {
  /// The longest the window's loop sleeps while the hook is attached: the hook's work (a client's
  /// call answered) waits no longer.
  package var wake: Double
  /// The work.
  package var run: @MainActor () -> Void

  /// A hook running `run`, at least every `wake` seconds while the window's loop runs.
  package init(wake: Double, run: @escaping @MainActor () -> Void) {
    self.wake = wake
    self.run = run
  }
}
