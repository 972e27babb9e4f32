import Glibc
import Stickers

/// The `sticker-worker` executable's body: a sandboxed process that parses, decodes and renders
/// untrusted sticker files for the app.
///
/// The app starts it with its requests on standard input, its answers on standard output, its
/// messages on standard error and the shared frame memory on descriptor 3. Before reading a request
/// it decodes one tiny built-in sticker of each kind (so the libraries finish their own set-up), then
/// enters ``StickerSandbox``. Frames go to the shared memory; only their size goes over the pipe.
public enum StickerWorkerMain {
  /// The hand-written help.
  public static let help = """
    sticker-worker: decodes untrusted sticker files for ReuseKit, in a sandbox.

    The app starts it; it is not meant to be run by hand. It reads requests on standard input and
    answers on standard output; rendered frames go to the shared memory on descriptor 3.

    Options:
      --memory-bytes N   how far its address space may grow after set-up (RLIMIT_AS)
      --cpu-seconds N    its CPU time for its whole life (RLIMIT_CPU)
      --test-hooks       honour the test-only fault requests (crash, open a file, allocate, spin)
      --help             this text
    """

  /// Runs the worker until its requests end.
  /// - Parameter arguments: The command line, without the program name.
  /// - Returns: The exit status: 0 when the app closed the pipe, 2 for a bad command line, 3 when
  ///   the sandbox could not be set up, 4 for a message the worker could not read.
  public static func run(arguments: [String]) -> Int32 {
    var memoryBytes = 512 << 20
    var cpuSeconds = 600
    var testHooks = false
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--help", "-h":
        writeAll(1, Array((help + "\n").utf8))
        return 0
      case "--test-hooks": testHooks = true
      case "--memory-bytes", "--cpu-seconds":
        guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else {
          writeAll(2, Array("sticker-worker: \(arguments[index]) needs a positive number\n".utf8))
          return 2
        }
        if arguments[index] == "--memory-bytes" { memoryBytes = value } else { cpuSeconds = value }
        index += 1
      default:
        writeAll(2, Array("sticker-worker: unknown option \(arguments[index]) (see --help)\n".utf8))
        return 2
      }
      index += 1
    }
    guard let frames = MappedFrames(descriptor: 3) else {
      writeAll(2, Array("sticker-worker: descriptor 3 is not the shared frame memory\n".utf8))
      return 3
    }
    WorkerWarmUp.run()
    do {
      try StickerSandbox.enter(memoryBytes: memoryBytes, cpuSeconds: cpuSeconds)
    } catch {
      writeAll(2, Array("sticker-worker: \(error)\n".utf8))
      return 3
    }
    var server = WorkerServer(frames: frames, testHooks: testHooks)
    return server.serve()
  }

  /// Writes all of `bytes` to `descriptor` (the worker's answers, and its messages on standard error).
  /// - Returns: `false` when the descriptor is closed or broken.
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    PipeWriter.writeAll(descriptor, bytes)
  }
}
