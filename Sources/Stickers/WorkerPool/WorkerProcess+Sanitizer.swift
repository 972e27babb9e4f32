import Glibc

// What changes for a worker in a sanitizer build (`make sanitize` compiles with
// `-D REUSEKIT_SANITIZED`); in every other build the worker starts with no sanitizer option and
// its standard error stays the app's to read.
extension WorkerProcess {
  #if REUSEKIT_SANITIZED
    /// The sanitizer runtime's options for a worker, after those the app itself runs with (a later
    /// option wins), so the instrumented worker behaves as a normal one inside the same sandbox:
    /// - `detect_leaks=0`: LeakSanitizer's check at exit stops the process with `ptrace` from a
    ///   new thread and reads `/proc/self/maps`, which the sandbox forbids; leaks are checked
    ///   where the decoders run in process instead.
    /// - `allocator_may_return_null=1`: an allocation the `RLIMIT_AS` cap refuses returns null, as
    ///   glibc's `malloc` does, instead of an out-of-memory report about the cap itself.
    /// - `handle_segv=0`, `handle_sigbus=0`, `handle_sigfpe=0`: a crash ends the worker with the
    ///   kernel's signal, which the app reports, as in a normal build.
    /// - `abort_on_error=1`, `halt_on_error=1`: any report ends the worker with SIGABRT, so it is
    ///   seen as a crash.
    /// - `color=never`, `symbolize=0`: a report asks no terminal (`ioctl`) and starts no
    ///   symbolizer (`execve`); its frames are printed as module and offset.
    static var sanitizerEnvironment: [String] {
      let worker =
        "detect_leaks=0:allocator_may_return_null=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0"
        + ":abort_on_error=1:halt_on_error=1:color=never:symbolize=0"
      return ["ASAN_OPTIONS", "TSAN_OPTIONS"].map { name in
        let inherited = getenv(name).map { String(cString: $0) + ":" } ?? ""
        return "\(name)=\(inherited)\(worker)"
      }
    }

    /// Copies what the worker wrote to standard error to the app's, so a sanitizer report from
    /// inside the worker reaches the run's output, where `make sanitize` looks for reports.
    static func forwardSanitizerReports(_ bytes: ArraySlice<UInt8>) {
      _ = PipeWriter.writeAll(2, Array(bytes))
    }
  #else
    /// No sanitizer option in a normal build.
    static var sanitizerEnvironment: [String] { [] }

    /// Nothing to forward in a normal build: the worker's messages stay in ``errorTail``.
    static func forwardSanitizerReports(_ bytes: ArraySlice<UInt8>) {}
  #endif
}
