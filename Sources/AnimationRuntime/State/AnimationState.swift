import ReuseKitSupport

/// The playback state of one loaded sticker view: its own time, frame, loop count and pause flag.
///
/// A state is created when its view is loaded and nowhere else; it starts at its own time 0 on
/// frame 0. A text view counts each state made while a provider loads its view
/// (`animationStatesCreated`, and `animationResets` when the attachment's place had shown one), so a
/// provider makes its states in `loadView()` and reports nothing itself; ``still(clock:)`` makes
/// one that is not counted. Its time advances with the injected clock while it is not paused, so a sticker
/// that is paused while scrolled out resumes exactly where it was.
public final class AnimationState {
  /// The number of frames in one loop (at least 1).
  public let frameCount: Int
  /// The nominal frame rate in frames per second (for variable delays, frames per loop over the loop's duration).
  public let frameRate: Double
  /// The length of one loop, in seconds.
  public let loopDuration: Double

  let clock: any AnimationClock
  /// The end of each frame within a loop, in seconds; `nil` when every frame lasts `1 / frameRate`.
  let frameEnds: [Double]?
  private var accumulated: Double = 0
  private var resumedAt: Double?

  /// Tolerance for floating-point time sums (a microsecond), so `n` steps of `1 / rate` land on frame `n`.
  static let epsilon = 1e-6

  /// Creates a running state with frames of equal length.
  /// - Parameters:
  ///   - clock: The clock the state's own time follows.
  ///   - frameCount: Frames per loop; values below 1 are treated as 1.
  ///   - frameRate: Frames per second; non-positive or non-finite values are treated as 30.
  public init(clock: any AnimationClock, frameCount: Int, frameRate: Double) {
    self.clock = clock
    self.frameCount = max(1, frameCount)
    self.frameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 30
    self.loopDuration = Double(self.frameCount) / self.frameRate
    self.frameEnds = nil
    self.resumedAt = clock.now
    countCreation()
  }

  /// A one-frame state for ``still(clock:)``, not counted.
  init(uncountedClock clock: any AnimationClock) {
    self.clock = clock
    self.frameCount = 1
    self.frameRate = 1
    self.loopDuration = 1
    self.frameEnds = nil
    self.resumedAt = clock.now
  }

  /// Creates a running state whose frames have their own durations (GIF delays, for example).
  /// - Parameters:
  ///   - clock: The clock the state's own time follows.
  ///   - frameDurations: Each frame's duration in seconds; non-positive values count as 0.1 s, as browsers do.
  public init(clock: any AnimationClock, frameDurations: [Double]) {
    let durations = frameDurations.isEmpty ? [0.1] : frameDurations.map { $0.isFinite && $0 > 0 ? $0 : 0.1 }
    var ends: [Double] = []
    ends.reserveCapacity(durations.count)
    var total = 0.0
    for duration in durations {
      total += duration
      ends.append(total)
    }
    self.clock = clock
    self.frameCount = durations.count
    self.loopDuration = total
    self.frameRate = Double(durations.count) / total
    self.frameEnds = ends
    self.resumedAt = clock.now
    countCreation()
  }

  /// The state's own time in seconds: clock time elapsed while not paused.
  public var time: Double {
    guard let resumedAt else { return accumulated }
    return accumulated + max(0, clock.now - resumedAt)
  }

  /// Whether the state's time is stopped.
  public var isPaused: Bool { resumedAt == nil }

  /// The frame that matches the state's own time, looping.
  /// - Complexity: O(1) for equal frames, O(log n) for per-frame durations.
  public var frameIndex: Int { position.frame }

  /// How many complete loops the state's own time has covered.
  public var loopCount: Int { position.loop }

  /// Stops the state's time; does nothing when already paused.
  public func pause() {
    guard let resumedAt else { return }
    accumulated += max(0, clock.now - resumedAt)
    self.resumedAt = nil
  }

  /// Restarts the state's time from where it stopped; does nothing when running.
  public func resume() {
    guard resumedAt == nil else { return }
    resumedAt = clock.now
  }

  private var position: (loop: Int, frame: Int) {
    let time = self.time
    guard time.isFinite, time > 0 else { return (0, 0) }
    guard let frameEnds else {
      let ticks = Int(min((time * frameRate + Self.epsilon).rounded(.down), Double(Int.max / 2)))
      return (ticks / frameCount, ticks % frameCount)
    }
    let loops = ((time + Self.epsilon) / loopDuration).rounded(.down)
    let within = time - loops * loopDuration + Self.epsilon
    let frame = min(frameEnds.partitioningIndex { $0 > within }, max(0, frameEnds.count - 1))
    return (Int(min(loops, Double(Int.max / 2))), frame)
  }
}
