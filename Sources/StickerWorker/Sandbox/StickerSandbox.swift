import CSeccomp
import Glibc

/// The kernel-enforced limits a sticker worker puts on itself before it reads a byte of a sticker.
///
/// In order: every inherited descriptor above 3 is closed; resource limits are set (`RLIMIT_AS`,
/// `RLIMIT_CPU`, `RLIMIT_NOFILE`, `RLIMIT_FSIZE`, `RLIMIT_CORE`); `PR_SET_NO_NEW_PRIVS` and
/// `PR_SET_DUMPABLE` 0 are set; then a seccomp-bpf filter is loaded that allows only
/// ``allowedSystemCalls`` and kills the process on any other call.
///
/// | system call | why decoding needs it |
/// |---|---|
/// | `read` (descriptor 0 only) | requests from the app |
/// | `write` (descriptors 1 and 2 only) | answers; the decoders' messages on standard error |
/// | `mmap`, `munmap`, `mremap`, `mprotect`, `brk`, `madvise` | memory for decoding (capped by `RLIMIT_AS`) |
/// | `futex` | the locks of the allocator, the Swift runtime and rlottie's model cache |
/// | `fstat` (`newfstatat` on a descriptor only), `close` | standard error's buffering; closing what a decoder may close |
/// | `clock_gettime`, `getrandom`, `sched_yield`, `sched_getaffinity` | timing, hashing seeds, spinning locks, thread counts asked but not used |
/// | `rt_sigaction`, `rt_sigprocmask`, `rt_sigreturn`, `getpid`, `gettid`, `tgkill` | `abort()`, so a failed check ends the worker with its signal |
/// | `exit`, `exit_group` | ending |
/// | `nanosleep`, `clock_nanosleep` | a decoder's pause (and the tests' slow-render fault) |
///
/// Not allowed, so fatal: `open`/`openat` (no file), `socket`/`connect` (no network), `execve`
/// (no other program), `clone` (no thread or process), `ptrace`, `setrlimit`/`prlimit64` (limits stay).
public enum StickerSandbox {
  /// The system calls the filter allows, by name.
  public static let allowedSystemCalls = [
    "read", "write", "mmap", "munmap", "mremap", "mprotect", "brk", "madvise", "futex", "fstat", "newfstatat",
    "close", "clock_gettime", "getrandom", "sched_yield", "sched_getaffinity", "rt_sigaction", "rt_sigprocmask",
    "rt_sigreturn", "getpid", "gettid", "tgkill", "exit", "exit_group", "nanosleep", "clock_nanosleep",
  ]

  #if REUSEKIT_SANITIZED
    /// What a sanitizer's runtime needs on top of ``allowedSystemCalls``, in sanitizer builds only:
    /// `make sanitize` compiles with `-D REUSEKIT_SANITIZED`, and no other build has this code.
    ///
    /// `sigaltstack`, only to ask (its first argument null): AddressSanitizer asks which signal
    /// stack is set before every `longjmp` and C++ `throw` (libpng's and rlottie's error paths), to
    /// unpoison the stack being left. Without it an instrumented worker is killed on a decoder's
    /// ordinary error path. The runtime's other calls happen before the filter (its shadow memory,
    /// its threads) or are kept out by the options the app starts it with (`WorkerProcess`).
    static let sanitizerSystemCalls = ["sigaltstack"]
    private static let filteredCalls = allowedSystemCalls + sanitizerSystemCalls
  #else
    private static let filteredCalls = allowedSystemCalls
  #endif

  /// The first descriptor above those the worker keeps (0 requests, 1 answers, 2 errors, 3 frames).
  static let keptDescriptors: Int32 = 4

  /// Why the sandbox could not be set up; the worker exits with it rather than decode unprotected.
  struct SetupError: Error, CustomStringConvertible {
    let description: String
  }

  /// Closes inherited descriptors, sets the limits and loads the filter.
  /// - Parameters:
  ///   - memoryBytes: How far the worker's address space may grow past what it maps now.
  ///   - cpuSeconds: The worker's CPU time for its whole life (the pool retires it well before).
  static func enter(memoryBytes: Int, cpuSeconds: Int) throws(SetupError) {
    notifySanitizer()
    var limit = rlimit()
    getrlimit(openFilesLimit, &limit)
    let highest = Int32(clamping: min(limit.rlim_cur, 65_536))
    if highest > keptDescriptors { for descriptor in keptDescriptors..<highest { close(descriptor) } }
    let mapped = currentAddressSpace()
    try set(addressSpaceLimit, to: UInt(mapped) + UInt(max(0, memoryBytes)))
    try set(cpuLimit, to: UInt(max(1, cpuSeconds)))
    try set(fileSizeLimit, to: 0)
    try set(coreLimit, to: 0)
    try set(openFilesLimit, to: UInt(keptDescriptors))
    guard reusekit_set_no_new_privs() == 0, reusekit_set_not_dumpable() == 0 else {
      throw SetupError(description: "prctl failed: \(String(cString: strerror(errno)))")
    }
    try loadFilter()
  }

  /// Sanitizer builds only: tells the sanitizer's runtime the process is about to enter a sandbox
  /// (`__sanitizer_sandbox_on_notify`), so it reads what it needs from `/proc` now and stops
  /// ThreadSanitizer's background thread. Found at run time: the runtime is in the process then.
  private static func notifySanitizer() {
    #if REUSEKIT_SANITIZED
      typealias Notify = @convention(c) (UnsafeMutableRawPointer?) -> Void
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__sanitizer_sandbox_on_notify") else { return }
      unsafeBitCast(symbol, to: Notify.self)(nil)
    #endif
  }

  /// Bytes of address space mapped now (`/proc/self/statm`'s first field), read before descriptors are capped.
  private static func currentAddressSpace() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 256 << 20 }
    defer { fclose(file) }
    var pages = 0
    var buffer = [CChar](repeating: 0, count: 128)
    if fgets(&buffer, 128, file) != nil {
      let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      pages = Int(text.split(separator: " ").first ?? "") ?? 0
    }
    return max(pages, 1) * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  private static func set(_ resource: __rlimit_resource_t, to value: UInt) throws(SetupError) {
    var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
    guard setrlimit(resource, &limit) == 0 else {
      throw SetupError(description: "setrlimit(\(resource)) failed: \(String(cString: strerror(errno)))")
    }
  }

  private static func loadFilter() throws(SetupError) {
    guard let context = seccomp_init(UInt32(SCMP_ACT_KILL_PROCESS)) else {
      throw SetupError(description: "seccomp_init failed")
    }
    defer { seccomp_release(context) }
    let allow = UInt32(SCMP_ACT_ALLOW)
    for name in filteredCalls {
      let number = seccomp_syscall_resolve_name(name)
      guard number != __NR_SCMP_ERROR else { continue }  // not on this architecture (fstat on arm64)
      var conditions: [scmp_arg_cmp] = []
      switch name {
      case "read": conditions = [scmp_arg_cmp(arg: 0, op: SCMP_CMP_EQ, datum_a: 0, datum_b: 0)]
      case "newfstatat":  // fstat(fd) only: an empty path with AT_EMPTY_PATH (0x1000)
        conditions = [scmp_arg_cmp(arg: 3, op: SCMP_CMP_EQ, datum_a: 0x1000, datum_b: 0)]
      case "sigaltstack":  // asking only: no new stack (sanitizer builds)
        conditions = [scmp_arg_cmp(arg: 0, op: SCMP_CMP_EQ, datum_a: 0, datum_b: 0)]
      default: break
      }
      if name == "write" {
        for descriptor: UInt64 in [1, 2] {
          var condition = [scmp_arg_cmp(arg: 0, op: SCMP_CMP_EQ, datum_a: descriptor, datum_b: 0)]
          try check(seccomp_rule_add_array(context, allow, number, 1, &condition), "write")
        }
        continue
      }
      try check(seccomp_rule_add_array(context, allow, number, UInt32(conditions.count), &conditions), name)
    }
    try check(seccomp_load(context), "seccomp_load")
  }

  private static func check(_ result: Int32, _ what: String) throws(SetupError) {
    guard result == 0 else {
      throw SetupError(description: "seccomp (\(what)) failed: \(String(cString: strerror(-result)))")
    }
  }
}

// The resource numbers as setrlimit takes them.
private let addressSpaceLimit = __rlimit_resource_t(RLIMIT_AS.rawValue)
private let cpuLimit = __rlimit_resource_t(RLIMIT_CPU.rawValue)
private let fileSizeLimit = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
private let coreLimit = __rlimit_resource_t(RLIMIT_CORE.rawValue)
private let openFilesLimit = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
