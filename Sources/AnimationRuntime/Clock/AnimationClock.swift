/// A monotonic time source, in seconds, that drives every animation.
///
/// The runtime never reads wall time: the view layer supplies a clock on SDL's performance
/// counter and tests supply a ``ManualClock``. Only differences between readings matter.
public protocol AnimationClock: AnyObject {
  /// The current time in seconds; never decreases.
  var now: Double { get }
}
