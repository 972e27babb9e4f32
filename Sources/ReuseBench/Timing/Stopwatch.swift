import Glibc

/// The benchmark's only wall-clock reader: `CLOCK_MONOTONIC`, in seconds.
enum Stopwatch {
  /// Seconds since an arbitrary fixed point; never goes backwards.
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
  }
}
