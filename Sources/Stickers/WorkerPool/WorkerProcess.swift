import CLinuxCalls
import Glibc

/// One running `sticker-worker`, seen from the app: its pipes, its frame memory, its process id.
///
/// Owns its descriptors and the process: `deinit` closes the pipes, kills the worker if it still
/// runs and reaps it, so no zombie is left.
final class WorkerProcess {
  /// How a worker ended.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  let pid: pid_t
  let frames: SharedFrameMemory
  private var requestFD: Int32
  private let responseFD: Int32
  private let errorFD: Int32
  private var input: [UInt8] = []
  /// The last bytes the worker wrote to standard error (its decoders' messages).
  private(set) var errorTail: [UInt8] = []
  private(set) var ending: Ending?

  /// Starts `executable` with `arguments`.
  /// - Throws: Why it could not start, as a crash reason.
  init(executable: String, arguments: [String], maxPixelSize: Int) throws(StickerError.Reason) {
    frames = try SharedFrameMemory(maxPixelSize: maxPixelSize)
    var request: [Int32] = [-1, -1]
    var response: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    guard reusekit_pipe_cloexec(&request) == 0, reusekit_pipe_cloexec(&response) == 0,
      reusekit_pipe_cloexec(&errors) == 0
    else {
      for fd in request + response + errors where fd >= 0 { close(fd) }
      throw .decoderCrashed("cannot create the worker's pipes: \(SharedFrameMemory.lastError())")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, request[0], 0)
    posix_spawn_file_actions_adddup2(&actions, response[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    posix_spawn_file_actions_adddup2(&actions, frames.descriptor, 3)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    // TZ as a rule, not a file: libzip's localtime() would otherwise stat /etc/localtime each time.
    // No Swift backtracer: on a crash it would start a program, which the sandbox forbids; the
    // signal itself is what the app reports.
    let variables = ["TZ=UTC0", "SWIFT_BACKTRACE=enable=no"] + Self.sanitizerEnvironment
    var environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer { for pointer in environment { free(pointer) } }
    var spawned: pid_t = 0
    let result = posix_spawn(&spawned, executable, &actions, nil, argv + [nil], &environment)
    close(request[0])
    close(response[1])
    close(errors[1])
    guard result == 0 else {
      close(request[1])
      close(response[0])
      close(errors[0])
      throw .decoderCrashed("cannot start \(executable): \(String(cString: strerror(result)))")
    }
    pid = spawned
    requestFD = request[1]
    responseFD = response[0]
    errorFD = errors[0]
    _ = fcntl(responseFD, F_SETFL, O_NONBLOCK)
    _ = fcntl(errorFD, F_SETFL, O_NONBLOCK)
  }

  deinit {
    if requestFD >= 0 { close(requestFD) }
    if ending == nil {
      Glibc.kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
    close(responseFD)
    close(errorFD)
  }

  /// Sends one message; `false` when the worker is gone (the pipe is broken).
  func send(_ message: [UInt8]) -> Bool {
    requestFD >= 0 && PipeWriter.writeAll(requestFD, message)
  }

  /// Waits up to `timeout` seconds (0: not at all) for the worker to answer or end.
  /// - Returns: A complete message body, or `nil` when none arrived yet.
  /// - Throws: ``WorkerWireError`` for a message over the cap or unreadable; the worker is then killed.
  func receive(timeout: Double) throws(WorkerWireError) -> [UInt8]? {
    if let message = try takeMessage() { return message }
    var descriptors = [pollfd(fd: responseFD, events: Int16(POLLIN), revents: 0)]
    let milliseconds = Int32(max(0, min(timeout, 60)) * 1000)
    if poll(&descriptors, 1, milliseconds) > 0 { readAvailable() }
    drainErrors()
    return try takeMessage()
  }

  /// Whether the worker's answer pipe is closed: it ended (or closed its output).
  private(set) var reachedEnd = false

  private func readAvailable() {
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(responseFD, $0.baseAddress!, $0.count) }
      if count > 0 {
        input += chunk[0..<count]
        continue
      }
      if count == 0 { reachedEnd = true }
      if count < 0, errno == EINTR { continue }
      return
    }
  }

  private func takeMessage() throws(WorkerWireError) -> [UInt8]? {
    guard input.count >= 4 else { return nil }
    let length = Int(input[0]) | Int(input[1]) << 8 | Int(input[2]) << 16 | Int(input[3]) << 24
    guard length <= WorkerResponse.maxBytes else {
      throw WorkerWireError(reason: "an answer of \(length) bytes is over the cap")
    }
    guard input.count >= 4 + length else { return nil }
    let body = Array(input[4..<4 + length])
    input.removeFirst(4 + length)
    return body
  }

  /// Keeps the last 4 KiB the worker wrote to standard error, so a crash can be explained.
  func drainErrors() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(errorFD, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      Self.forwardSanitizerReports(chunk[0..<count])
      errorTail += chunk[0..<count]
      if errorTail.count > 4096 { errorTail.removeFirst(errorTail.count - 4096) }
    }
  }

  /// Checks, without waiting, whether the worker has ended, and records how.
  @discardableResult
  func checkEnded() -> Ending? {
    if ending != nil { return ending }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    record(status)
    return ending
  }

  /// Kills the worker (SIGKILL) and reaps it.
  func kill() {
    guard ending == nil else { return }
    Glibc.kill(pid, SIGKILL)
    reap()
  }

  /// Closes the request pipe (the worker then exits), waits up to `timeout` seconds, then kills.
  func shutDown(timeout: Double = 0.5) {
    if requestFD >= 0 {
      close(requestFD)
      requestFD = -1
    }
    for _ in 0..<max(1, Int(timeout * 1000)) where checkEnded() == nil { usleep(1000) }
    kill()
  }

  /// Waits for the worker to end (after EOF or a kill) and records how.
  func reap() {
    guard ending == nil else { return }
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, 0)
      if result == pid { break }
      if result < 0, errno == EINTR { continue }
      ending = .exited(-1)
      return
    }
    record(status)
    drainErrors()
  }

  private func record(_ status: Int32) {
    let signal = status & 0x7F
    ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }

  /// How the worker has spent its life so far, summed over its threads: seconds on a CPU, and
  /// seconds ready to run but waiting for one. `nil` once it has ended.
  ///
  /// Every thread counts: rlottie starts its render threads during the warm-up, before the sandbox
  /// forbids `clone`, and its main thread then waits on them while they draw.
  var schedule: WorkerSchedule? {
    guard ending == nil, let tasks = opendir("/proc/\(pid)/task") else { return nil }
    defer { closedir(tasks) }
    var total = WorkerSchedule.zero
    var threads = 0
    while let entry = readdir(tasks) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name.first?.isNumber == true,
        let text = Self.readSmallFile("/proc/\(pid)/task/\(name)/schedstat")
      else { continue }
      let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(2).compactMap { Double($0) }
      guard fields.count == 2 else { continue }
      total.computing += fields[0] / 1e9
      total.waitingForCPU += fields[1] / 1e9
      threads += 1
      // The kernel adds a wait for a CPU to `schedstat` only once it ends: a thread in the run
      // queue now (state R in `stat`, after the command's closing parenthesis) is not stalled.
      if let stat = Self.readSmallFile("/proc/\(pid)/task/\(name)/stat"), let close = stat.lastIndex(of: ")"),
        stat[close...].dropFirst().first(where: { $0 != " " }) == "R"
      {
        total.runnable = true
      }
    }
    return threads > 0 ? total : nil
  }

  /// Seconds of CPU the worker has used, or `nil` once it has ended.
  var cpuSeconds: Double? { schedule?.computing }

  /// The worker's resident memory in bytes (`VmRSS` of `/proc/PID/status`), or `nil` once it has ended.
  var residentBytes: Int? {
    guard ending == nil, let text = Self.readSmallFile("/proc/\(pid)/status") else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return nil
  }

  static func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 8192)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }
}
