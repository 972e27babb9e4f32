import Foundation

/// Whether this test process runs under a sanitizer (`swift test --sanitize=…`, as `make sanitize`
/// runs it): found by the runtime's own entry point, so it needs no flag. Tests that measure
/// memory or time skip themselves there: a sanitizer's shadow memory and bookkeeping are not the
/// program's.
public enum Sanitizers {
  /// "address" or "thread" when that sanitizer's runtime is in the process, else `nil`.
  public static let active: String? = {
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    if dlsym(handle, "__asan_init") != nil { return "address" }
    if dlsym(handle, "__tsan_init") != nil { return "thread" }
    return ProcessInfo.processInfo.environment["REUSEKIT_SANITIZER"]
  }()

  /// Whether no sanitizer runs: the condition of a test that measures memory.
  public static var areOff: Bool { active == nil }
}
