import AnimationRuntime
import Glibc
import ReuseKitSupport
import SDLSupport

/// A small pool of sandboxed `sticker-worker` processes that decode and render untrusted stickers,
/// with a watchdog: a request that overruns its budget, or a worker that dies, is killed and
/// replaced, and only the sticker it was decoding fails.
///
/// Single-threaded: use it from the rendering thread, as its ``StickerRuntime`` is. Nothing blocks
/// unless asked to: ``StickerRuntime`` waits for a frame only when
/// ``StickerRuntime/waitsForWorkerFrames`` is set, and for a load (once per file) up to
/// ``Configuration/loadTimeBudget``.
///
/// A worker that is replaced takes nothing with it that a view owns: animation states live in the
/// app, so a restart resets no animation. The stickers it had loaded are loaded again by the
/// replacement from bytes the pool keeps (counted in ``Statistics/reloads``).
public final class StickerWorkerPool {
  /// How the pool starts its workers.
  public struct Configuration: Equatable, Sendable {
    /// The `sticker-worker` executable.
    public var executable: String
    /// How many workers may run at once (stickers are spread over them).
    public var workerCount: Int
    /// How far a worker's address space may grow after its set-up (`RLIMIT_AS`).
    public var memoryBytes: Int
    /// A worker's CPU time for its whole life (`RLIMIT_CPU`); the pool retires a worker at half of it.
    public var cpuSeconds: Int
    /// The longest a load (parse and checks) may take, in seconds; renders have
    /// `StickerLimits.renderTimeBudget`.
    public var loadTimeBudget: Double
    /// Whether workers honour test-only faults (`StickerRuntime.armWorkerFault(_:forSticker:)`, SPI).
    public var testHooks: Bool
    /// How the budgets grow on a slow machine (default ``BudgetScale/measured``).
    public var budgetScale: BudgetScale

    /// A configuration; every parameter but the executable defaults to the documented default.
    /// - Parameters:
    ///   - executable: The `sticker-worker` executable.
    ///   - workerCount: Workers at once (default 2).
    ///   - memoryBytes: Address-space growth allowed after set-up (default 512 MiB).
    ///   - cpuSeconds: CPU seconds a worker may use in its life (default 600).
    ///   - loadTimeBudget: Seconds a load may take (default 2).
    ///   - testHooks: Whether test-only faults are honoured (default `false`).
    ///   - budgetScale: How the budgets grow on a slow machine (default ``BudgetScale/measured``).
    public init(
      executable: String, workerCount: Int = 2, memoryBytes: Int = 512 << 20, cpuSeconds: Int = 600,
      loadTimeBudget: Double = 2, testHooks: Bool = false, budgetScale: BudgetScale = .measured
    ) {
      self.budgetScale = budgetScale
      self.executable = executable
      self.workerCount = max(1, workerCount)
      self.memoryBytes = memoryBytes
      self.cpuSeconds = max(2, cpuSeconds)
      self.loadTimeBudget = loadTimeBudget
      self.testHooks = testHooks
    }

    /// The `sticker-worker` beside the running executable (or named by `REUSEKIT_STICKER_WORKER`).
    /// - Returns: Its path, or `nil` when there is none.
    public static func locateExecutable() -> String? {
      if let named = getenv("REUSEKIT_STICKER_WORKER").map({ String(cString: $0) }), !named.isEmpty {
        return access(named, X_OK) == 0 ? named : nil
      }
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard let slash = path.lastIndex(of: "/") else { return nil }
      let candidate = String(path[..<slash]) + "/sticker-worker"
      return access(candidate, X_OK) == 0 ? candidate : nil
    }
  }

  /// What the pool has done, for reports and tests.
  public struct Statistics: Equatable, Sendable {
    /// Worker processes started.
    public var workersStarted = 0
    /// Workers started to replace one that died, was killed or was retired.
    public var workerRestarts = 0
    /// Workers killed because a request overran its budget.
    public var killedOverBudget = 0
    /// Workers that died on their own (a crash, the memory limit, the sandbox).
    public var crashes = 0
    /// Workers retired after using half their CPU time.
    public var retirements = 0
    /// Stickers loaded for the first time.
    public var loads = 0
    /// Stickers loaded again by a replacement worker.
    public var reloads = 0
    /// Frames rendered by workers.
    public var renders = 0
  }

  /// How the pool starts its workers.
  public let configuration: Configuration
  /// What the pool has done.
  public internal(set) var statistics = Statistics()
  let maxPixelSize: Int
  /// The clock the watchdog times requests with.
  let clock: any AnimationClock
  var stickers: [UInt32: PooledSticker] = [:]
  var slots: [WorkerSlot]
  var nextID: UInt32 = 1
  /// The budget factors in force, once fixed or measured (see ``budgetScale``).
  var scales: BudgetScales?
  /// CPU seconds the reference sticker's load and renders took, when this pool measured them.
  package internal(set) var measuredReferenceCost: (load: Double, render: Double)?
  /// CPU seconds the last answered request took in its worker.
  var lastJobCPUSeconds = 0.0

  /// A pool that starts workers when first needed.
  /// - Parameters:
  ///   - configuration: How workers start.
  ///   - maxPixelSize: The largest render size (the frame memory's size).
  ///   - clock: The watchdog's clock (`nil`: SDL's performance counter, `SDLClock`).
  public init(
    configuration: Configuration, maxPixelSize: Int = StickerLimits.default.maxRenderPixelSize,
    clock: (any AnimationClock)? = nil
  ) {
    self.configuration = configuration
    self.clock = clock ?? PerformanceClock()
    self.maxPixelSize = maxPixelSize
    slots = (0..<configuration.workerCount).map { _ in WorkerSlot() }
    signal(SIGPIPE, SIG_IGN)  // a dead worker's pipe is an error to handle, not a signal
  }

  deinit {
    for slot in slots { slot.process?.shutDown(timeout: 0.05) }
  }

  /// Whether a request is in flight or waiting: a loop that sleeps polls soon, so its frame shows.
  public var hasPendingRequests: Bool { slots.contains { $0.inFlight != nil || !$0.queue.isEmpty } }

  /// The process ids of the workers running now.
  public var workerProcessIDs: [Int32] { slots.compactMap { $0.process?.pid } }

  /// The resident memory of every running worker together, in bytes.
  public var workersResidentBytes: Int { slots.compactMap { $0.process?.residentBytes }.reduce(0, +) }

  /// The CPU seconds every running worker has used, together (summed over their threads).
  public var workersCPUSeconds: Double { slots.compactMap { $0.process?.cpuSeconds }.reduce(0, +) }

  /// The factors the pool's budgets are multiplied by, measured or fixed by
  /// ``Configuration/budgetScale`` (measured before the first load; ``BudgetScales/one`` until then).
  public var budgetScale: BudgetScales { scales ?? .one }

  /// Whether some request is waiting for a worker.
  public var hasPendingWork: Bool { slots.contains { $0.inFlight != nil || !$0.queue.isEmpty } }
}

/// A sticker the pool keeps the bytes of, so a replacement worker can load it again.
struct PooledSticker {
  let name: String
  let kind: StickerAsset.Kind
  let strip: StickerAsset.StripLayout?
  let limits: StickerLimits
  let bytes: [UInt8]
  let slot: Int
  var loaded: WorkerResponse.Loaded?
  var failure: StickerError.Reason?
}

/// What a finished job gives back.
enum WorkerJobResult {
  case loaded(WorkerResponse.Loaded)
  case image(RGBAImage)
}

/// One request on its way to a worker, with what to do with the answer.
struct WorkerJob {
  let id: UInt32
  let request: WorkerRequest
  /// The budget before scaling (`StickerLimits.renderTimeBudget`, ``Configuration/loadTimeBudget``).
  let baseBudget: Double
  /// The factor the machine's speed gives it (``BudgetScales``).
  let scale: Double
  let completion: (Result<WorkerJobResult, StickerError.Reason>) -> Void
  /// Whether it renders a frame ahead of the scroll: such jobs wait behind every other.
  var isPrefetch = false

  init(
    id: UInt32, request: WorkerRequest, baseBudget: Double, scale: Double, isPrefetch: Bool = false,
    completion: @escaping (Result<WorkerJobResult, StickerError.Reason>) -> Void
  ) {
    self.isPrefetch = isPrefetch
    self.id = id
    self.request = request
    self.baseBudget = baseBudget
    self.scale = scale
    self.completion = completion
  }

  /// The budget in force: CPU seconds.
  var budget: Double { baseBudget * scale }

  var isLoad: Bool {
    if case .load = request { return true }
    return false
  }
}

/// One place for a worker: the process (when running), what it has loaded, and its requests.
final class WorkerSlot {
  var process: WorkerProcess?
  var loaded: Set<UInt32> = []
  /// The request the worker is on: when it was sent (or last made progress), the worker's schedule
  /// then, and when it was first sent.
  var inFlight: (job: WorkerJob, sentAt: Double, scheduleAtSend: WorkerSchedule, startedAt: Double)?
  /// Whether the worker said it read the job in flight (a death before that is not the job's).
  var accepted = false
  /// Workers in a row that died before reading their job; after two the job is blamed.
  var deathsBeforeAccepting = 0
  var queue: [WorkerJob] = []
  var armed: WorkerFault?
  var hadProcess = false
}

/// Where a worker's time went since it started (seconds), from the kernel's scheduler statistics.
///
/// The watchdog judges a request by it: time on a CPU is the decoder's work, time waiting for a CPU
/// is the machine's load, and the rest of the wall-clock time, while no thread can run, is the
/// worker blocked (stalled).
struct WorkerSchedule {
  /// Seconds on a CPU.
  var computing: Double
  /// Seconds ready to run but waiting for a CPU (the run queue), as far as the kernel has added up.
  var waitingForCPU: Double
  /// Whether a thread is running or in the run queue now.
  var runnable = false

  static let zero = WorkerSchedule(computing: 0, waitingForCPU: 0)
}

/// SDL's performance counter as an animation clock: the watchdog's default.
final class PerformanceClock: AnimationClock {
  private let counter = SDLClock()
  var now: Double { counter.now }
}
