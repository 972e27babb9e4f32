import Foundation

/// A fling: a scroll that starts at a velocity and slows by friction, as a flicked list does.
///
/// The velocity decays exponentially, `v(t) = v₀·e^(−k·t)` with `k` the ``friction`` per second, so
/// the distance travelled by time `t` is `v₀/k·(1 − e^(−k·t))` (`v₀·t` without friction) and a fling
/// travels `v₀/k` in all. With the default friction of 2 per second a fling keeps 13.5 % of its
/// speed after a second, and one at 5,000 points per second travels 2,500 points. It ends when its
/// speed falls below ``stoppingSpeed``. Positive velocities scroll toward later messages, as a
/// positive `scrollBy` does.
public struct FlingMotion: Equatable, Sendable {
  /// The default friction, per second.
  public static let defaultFriction = 2.0
  /// The speed (points per second) below which a fling has ended.
  public static let stoppingSpeed = 20.0

  /// The velocity at the start, points per second.
  public let velocity: Double
  /// The rate at which the velocity decays, per second (0: constant speed).
  public let friction: Double
  /// When the fling started, on the app's clock.
  public let start: Double

  /// A fling starting at `start` with `velocity`.
  /// - Parameters:
  ///   - velocity: Points per second; positive scrolls toward later messages.
  ///   - friction: The decay rate per second (negative or non-finite values count as 0).
  ///   - start: The clock time at which it starts.
  public init(velocity: Double, friction: Double = FlingMotion.defaultFriction, start: Double) {
    self.velocity = velocity.isFinite ? velocity : 0
    self.friction = friction.isFinite && friction > 0 ? friction : 0
    self.start = start
  }

  /// How far the fling has scrolled by clock time `time`, in points.
  /// - Parameter time: A clock time.
  /// - Returns: The distance, signed like ``velocity``.
  /// - Complexity: O(1).
  public func offset(at time: Double) -> Double {
    let elapsed = max(0, time - start)
    guard friction > 0 else { return velocity * elapsed }
    return velocity / friction * (1 - exp(-friction * elapsed))
  }

  /// The velocity at clock time `time`, points per second.
  /// - Parameter time: A clock time.
  /// - Returns: The velocity.
  public func velocity(at time: Double) -> Double {
    friction > 0 ? velocity * exp(-friction * max(0, time - start)) : velocity
  }

  /// Whether the fling has slowed to a stop by clock time `time`.
  /// - Parameter time: A clock time.
  public func hasEnded(at time: Double) -> Bool { abs(velocity(at: time)) < Self.stoppingSpeed }
}
