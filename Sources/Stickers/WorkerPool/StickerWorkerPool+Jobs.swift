import Glibc
import ReuseKitSupport

extension StickerWorkerPool {
  /// Asks for a frame; `completion` gets it (or why it failed) from a later ``poll()``. A prefetch
  /// waits behind every request a view made, which goes before any prefetch in its worker's queue.
  func requestRender(
    id: UInt32, frame: Int, pixelSize: Int, prefetch: Bool = false,
    completion: @escaping (Result<RGBAImage, StickerError.Reason>) -> Void
  ) {
    guard let sticker = stickers[id] else { return completion(.failure(.decoderFailed("sticker is not loaded"))) }
    if let failure = sticker.failure { return completion(.failure(failure)) }
    let job = WorkerJob(
      id: id, request: .render(id: id, frame: frame, pixelSize: pixelSize), baseBudget: sticker.limits.renderTimeBudget,
      scale: budgetScale.render, isPrefetch: prefetch
    ) {
      result in
      switch result {
      case .success(.image(let image)): completion(.success(image))
      case .success(.loaded): completion(.failure(.decoderCrashed("the worker answered a render with a load")))
      case .failure(let reason): completion(.failure(reason))
      }
    }
    submit(job, to: sticker.slot)
  }

  /// Renders a frame, waiting for it (bounded by the render budget and the watchdog).
  func renderNow(id: UInt32, frame: Int, pixelSize: Int) -> Result<RGBAImage, StickerError.Reason> {
    var outcome: Result<RGBAImage, StickerError.Reason>?
    requestRender(id: id, frame: frame, pixelSize: pixelSize) { outcome = $0 }
    wait { outcome != nil }
    return outcome ?? .failure(.decoderCrashed("the worker did not answer"))
  }

  /// Arms a test-only fault for the next render of sticker `id` (honoured by workers started with
  /// ``Configuration/testHooks``).
  func arm(_ fault: WorkerFault, forSticker id: UInt32) {
    guard let sticker = stickers[id] else { return }
    slots[sticker.slot].armed = fault
  }

  /// Takes every answer that has arrived, runs the watchdog, and sends what waits; never blocks.
  public func poll() {
    for index in slots.indices { service(index, timeout: 0) }
  }

  /// Polls until `done` holds; each step waits a little on the busy workers.
  func wait(until done: () -> Bool) {
    while !done() {
      guard let busy = slots.indices.first(where: { slots[$0].inFlight != nil }) else {
        if !slots.contains(where: { !$0.queue.isEmpty }) { return }
        for index in slots.indices { pump(index) }
        continue
      }
      service(busy, timeout: 0.005)
      for index in slots.indices where index != busy { service(index, timeout: 0) }
    }
  }

  func loadJob(
    _ id: UInt32, completion: @escaping (Result<WorkerJobResult, StickerError.Reason>) -> Void
  ) -> WorkerJob {
    let sticker = stickers[id]!
    return WorkerJob(
      id: id,
      request: .load(id: id, kind: sticker.kind, strip: sticker.strip, limits: sticker.limits, bytes: sticker.bytes),
      baseBudget: configuration.loadTimeBudget, scale: budgetScale.load, completion: completion)
  }

  func submit(_ job: WorkerJob, to index: Int) {
    let queue = slots[index].queue
    if !job.isPrefetch, let firstPrefetch = queue.firstIndex(where: \.isPrefetch) {
      slots[index].queue.insert(job, at: firstPrefetch)
    } else {
      slots[index].queue.append(job)
    }
    pump(index)
  }

  /// Waits until every request sent so far is answered (bounded by the watchdog): what a
  /// ``StickerRuntime/FrameDelivery/nextFrame`` runtime does at the start of a frame.
  func waitForAll() {
    wait { !hasPendingWork }
  }

  /// Requests waiting or in flight that are prefetches.
  var prefetchesOutstanding: Int {
    slots.reduce(0) { sum, slot in
      sum + slot.queue.count(where: \.isPrefetch) + (slot.inFlight?.job.isPrefetch == true ? 1 : 0)
    }
  }

  /// Sends the next job if the worker is free, starting a worker when none runs.
  private func pump(_ index: Int) {
    let slot = slots[index]
    while slot.inFlight == nil, !slot.queue.isEmpty {
      // A worker that died while idle is nobody's fault: drop it, and its replacement takes the job.
      if slot.process?.checkEnded() != nil || slot.process?.reachedEnd == true { diedIdle(index) }
      if slot.process == nil {
        do throws(StickerError.Reason) {
          try start(index)
        } catch {
          let jobs = slot.queue
          slot.queue = []
          for job in jobs { job.completion(.failure(error)) }
          return
        }
      }
      var job = slot.queue.removeFirst()
      if case .render(let id, _, _) = job.request, !slot.loaded.contains(id) {
        guard stickers[id] != nil else {
          job.completion(.failure(.decoderFailed("sticker is not loaded")))
          continue
        }
        // A replacement worker: load the sticker again first, then render.
        slot.queue.insert(job, at: 0)
        statistics.reloads += 1
        job = loadJob(id) { [weak self] result in
          if case .failure(let reason) = result { self?.fail(sticker: id, reason) }
        }
      }
      if case .render = job.request, let fault = slot.armed {
        slot.armed = nil
        _ = slot.process?.send(WorkerRequest.arm(fault).message())
      }
      slot.inFlight = (job, clock.now, slot.process?.schedule ?? .zero, clock.now)
      slot.accepted = false
      guard slot.process?.send(job.request.message()) == true else {
        ended(index)
        return
      }
    }
  }

  /// Worker `index` died between requests: counted, reaped and dropped; no sticker is blamed.
  private func diedIdle(_ index: Int) {
    slots[index].process?.reap()
    statistics.crashes += 1
    slots[index].process = nil
    slots[index].loaded = []
  }

  private func start(_ index: Int) throws(StickerError.Reason) {
    var arguments = [
      "--memory-bytes", String(configuration.memoryBytes), "--cpu-seconds", String(configuration.cpuSeconds),
    ]
    if configuration.testHooks { arguments.append("--test-hooks") }
    let process = try WorkerProcess(
      executable: configuration.executable, arguments: arguments, maxPixelSize: maxPixelSize)
    let slot = slots[index]
    slot.process = process
    slot.loaded = []
    statistics.workersStarted += 1
    if slot.hadProcess { statistics.workerRestarts += 1 }
    slot.hadProcess = true
  }

  /// Reads what worker `index` sent, completes its job, and runs the watchdog.
  private func service(_ index: Int, timeout: Double) {
    let slot = slots[index]
    guard let process = slot.process, let inFlight = slot.inFlight else {
      pump(index)
      return
    }
    let body: [UInt8]?
    do {
      body = try process.receive(timeout: timeout)
    } catch {
      process.kill()
      ended(index, because: "sent an unreadable answer (\(error.reason))")
      return
    }
    if let body {
      if body == WorkerResponse.acceptedBody {
        slot.accepted = true
        slot.deathsBeforeAccepting = 0
        service(index, timeout: 0)
        return
      }
      if body == WorkerResponse.progressBody {
        // One more frame done: the budget is per frame decoded, within a cap for the whole request.
        if clock.now - inFlight.startedAt < inFlight.job.budget * Self.progressAllowance {
          slot.inFlight = (inFlight.job, clock.now, process.schedule ?? inFlight.scheduleAtSend, inFlight.startedAt)
        }
        service(index, timeout: 0)
        return
      }
      lastJobCPUSeconds = max(0, (process.schedule?.computing ?? 0) - inFlight.scheduleAtSend.computing)
      complete(index, inFlight.job, with: body, frames: process.frames)
      pump(index)
      return
    }
    if process.reachedEnd || process.checkEnded() != nil {
      ended(index)
      return
    }
    let elapsed = clock.now - inFlight.sentAt
    guard elapsed > inFlight.job.budget, let schedule = process.schedule else { return }
    // The budget is the decoder's own time: CPU time, not the machine's load. Time the worker spent
    // waiting for a CPU counts for nothing; time it spent neither running nor waiting is a stall,
    // unless a thread is in the run queue now (the kernel counts a wait only once it ends).
    let computing = schedule.computing - inFlight.scheduleAtSend.computing
    let waiting = schedule.waitingForCPU - inFlight.scheduleAtSend.waitingForCPU
    let stalled = schedule.runnable ? 0 : elapsed - computing - waiting
    let verdict = Self.watchdogVerdict(budget: inFlight.job.budget, computing: computing, stalled: stalled)
    guard let verdict else { return }
    process.kill()
    statistics.killedOverBudget += 1
    var budgetMS = "\(Int((inFlight.job.budget * 1000).rounded())) ms"
    if inFlight.job.scale > 1 {
      let factor = Double(Int((inFlight.job.scale * 10).rounded())) / 10
      budgetMS += " (\(Int((inFlight.job.baseBudget * 1000).rounded())) ms × \(factor) for this machine's speed)"
    }
    let (what, which): (String, String)
    switch inFlight.job.request {
    case .render(_, let frame, let pixelSize): (what, which) = ("render", "frame \(frame) at \(pixelSize) px; ")
    default: (what, which) = ("loading", "")
    }
    let detail: String
    switch verdict {
    case .overBudget:
      let spent = Int(computing * 1000)
      detail = "\(what) took longer than \(budgetMS) (\(which)the decoder was stopped after \(spent) ms of CPU time)"
    case .stalled:
      let (idle, factor) = (Int(stalled * 1000), Int(Self.stallFactor))
      detail =
        "\(what) stalled (\(which)the decoder did nothing for \(idle) ms, over \(factor) times its \(budgetMS) budget)"
    }
    retire(index, failing: inFlight.job, with: .renderBudgetExceeded(detail))
  }

  /// Why the watchdog stops a request.
  package enum WatchdogVerdict: Equatable, Sendable {
    /// The decoder computed for longer than the budget.
    case overBudget
    /// The decoder was blocked (neither running nor waiting for a CPU) for over ``stallFactor`` budgets.
    case stalled
  }

  /// How many budgets of blocked time make a stall: a decoder never blocks while it works.
  package static let stallFactor = 4.0

  /// The watchdog's rule, given what a request has cost so far (seconds).
  /// - Parameters:
  ///   - budget: The request's budget.
  ///   - computing: CPU time since the request was sent.
  ///   - stalled: Wall-clock time neither on a CPU nor waiting for one.
  /// - Returns: Why to stop it, or `nil` to let it go on (however long the machine's load makes it wait).
  package static func watchdogVerdict(budget: Double, computing: Double, stalled: Double)
    -> WatchdogVerdict?
  {
    if computing > budget { return .overBudget }
    if stalled > budget * stallFactor { return .stalled }
    return nil
  }

  private func complete(_ index: Int, _ job: WorkerJob, with body: [UInt8], frames: SharedFrameMemory) {
    let slot = slots[index]
    slot.inFlight = nil
    let response: WorkerResponse
    do {
      response = try WorkerResponse(body)
    } catch {
      slot.process?.kill()
      retire(index, failing: job, with: .decoderCrashed("the decoder sent an unreadable answer (\(error.reason))"))
      return
    }
    switch response {
    case .loaded(let id, let loaded) where id == job.id:
      if let known = stickers[id]?.loaded, known != loaded {
        fail(sticker: id, .decoderCrashed("the decoder read the sticker differently after a restart"))
      }
      slot.loaded.insert(id)
      job.completion(.success(.loaded(loaded)))
    case .rendered(let id, let width, let height) where id == job.id:
      let (count, overflow) = width.multipliedReportingOverflow(by: height * 4)
      guard !overflow, count <= frames.byteCount else {
        job.completion(.failure(.decoderCrashed("the decoder sent a frame larger than the shared memory")))
        return
      }
      statistics.renders += 1
      job.completion(.success(.image(RGBAImage(width: width, height: height, pixels: frames.bytes(count: count)))))
      retireIfTired(index)
    case .failed(let id, let reason) where id == job.id:
      if job.isLoad { slot.loaded.remove(id) }
      job.completion(.failure(reason))
    default:
      slot.process?.kill()
      retire(index, failing: job, with: .decoderCrashed("the decoder answered another request"))
    }
  }

  /// Worker `index` ended (EOF, a broken pipe or a signal): its job fails with why, the rest go on.
  private func ended(_ index: Int, because detail: String? = nil) {
    let slot = slots[index]
    guard let process = slot.process else { return }
    process.reap()
    statistics.crashes += 1
    let reason = StickerError.Reason.decoderCrashed(
      detail.map { "the decoder \($0)" }
        ?? Self.describe(process.ending, errors: process.errorTail, limits: configuration))
    guard let inFlight = slot.inFlight else { return retire(index, failing: nil, with: reason) }
    // What it wrote before it ended is read first: an 'accepted' there means it died on the job.
    while !slot.accepted, let body = try? process.receive(timeout: 0) {
      if body == WorkerResponse.acceptedBody { slot.accepted = true }
    }
    if detail == nil, !slot.accepted, slot.deathsBeforeAccepting < Self.maxDeathsBeforeAccepting {
      // It died before it read the job (idle, or noticed late): not the job's fault. A new worker
      // takes the job; a job that two workers in a row die on unread is blamed after all.
      slot.deathsBeforeAccepting += 1
      slot.inFlight = nil
      slot.queue.insert(inFlight.job, at: 0)
      return retire(index, failing: nil, with: reason)
    }
    slot.deathsBeforeAccepting = 0
    retire(index, failing: inFlight.job, with: reason)
  }

  /// How many budgets of wall-clock time a request may keep renewing its budget by progress.
  static let progressAllowance = 16.0

  /// How many workers may die in a row before reading a job before the job is blamed.
  static let maxDeathsBeforeAccepting = 2

  /// Drops worker `index` (already dead or killed), fails `job` and its sticker, and restarts for what waits.
  private func retire(_ index: Int, failing job: WorkerJob?, with reason: StickerError.Reason) {
    let slot = slots[index]
    slot.process?.kill()
    slot.process = nil
    slot.loaded = []
    slot.inFlight = nil
    if let job {
      fail(sticker: job.id, reason)
      job.completion(.failure(reason))
    }
    pump(index)
  }

  /// Marks sticker `id` failed; its queued requests fail with the same reason.
  func fail(sticker id: UInt32, _ reason: StickerError.Reason) {
    guard stickers[id] != nil, stickers[id]?.failure == nil else { return }
    stickers[id]?.failure = reason
    for slot in slots {
      let dropped = slot.queue.filter { $0.id == id }
      slot.queue.removeAll { $0.id == id }
      for job in dropped { job.completion(.failure(reason)) }
    }
  }

  /// Retires an idle worker that has used half its CPU time, before the kernel's limit would end it mid-render.
  private func retireIfTired(_ index: Int) {
    guard statistics.renders % 256 == 0, let process = slots[index].process,
      let cpu = process.cpuSeconds, cpu > Double(configuration.cpuSeconds) / 2
    else { return }
    process.shutDown()
    slots[index].process = nil
    slots[index].loaded = []
    statistics.retirements += 1
    pump(index)
  }

  /// One clear sentence for how a worker ended.
  static func describe(_ ending: WorkerProcess.Ending?, errors: [UInt8], limits: Configuration) -> String {
    let text = String(decoding: errors, as: UTF8.self)
    let lastLine = text.split(separator: "\n").last.map(String.init) ?? ""
    let outOfMemory = ["allocate memory", "bad_alloc", "out of memory", "Out of memory"].contains { text.contains($0) }
    switch ending {
    case .signalled(let signal):
      if outOfMemory { return "decoder ran out of memory (limit \(limits.memoryBytes >> 20) MiB; signal \(signal))" }
      switch signal {
      case SIGSYS: return "decoder was killed by the sandbox for a forbidden system call (signal \(signal), SIGSYS)"
      case SIGXCPU: return "decoder used up its CPU time (signal \(signal), SIGXCPU)"
      case SIGKILL: return "decoder was killed (signal \(signal), SIGKILL)"
      default:
        let name = signalName(signal)
        return "decoder crashed (signal \(signal)\(name.isEmpty ? "" : ", \(name)"))"
      }
    case .exited(let status):
      if outOfMemory { return "decoder ran out of memory (limit \(limits.memoryBytes >> 20) MiB)" }
      return "decoder exited with status \(status)" + (lastLine.isEmpty ? "" : ": \(lastLine)")
    case nil: return "decoder stopped answering"
    }
  }

  private static func signalName(_ signal: Int32) -> String {
    switch signal {
    case SIGSEGV: "SIGSEGV"
    case SIGBUS: "SIGBUS"
    case SIGABRT: "SIGABRT"
    case SIGILL: "SIGILL"
    case SIGFPE: "SIGFPE"
    case SIGTRAP: "SIGTRAP"
    default: ""
    }
  }
}
