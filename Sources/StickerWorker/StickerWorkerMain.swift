import Glibc
import Stickers

/// The `sticker-worker` executable's body: a sandboxed process that parses, decodes and renders
/// untrusted sticker files for the app.
///
/// The app starts it with its requests on standard input, its answers on standard output, its
/// messages on standard error and the shared frame memory on descriptor 3. Before reading a request
/// it decodes one tiny built-in sticker of each kind (so the libraries finish their own set-up), then
/// enters ``StickerSandbox``. Frames go to the shared memory; only their size goes over the pipe.
enum StickerWorkerMain {
  /// Runs the worker until its requests end.
  /// - Parameter arguments: The command line, without the program name.
  /// - Returns: The exit status: 0 when the app closed the pipe (or after `--help`), 2 for a bad
  ///   command line, 3 when the sandbox could not be set up, 4 for a message the worker could not read.
  static func run(arguments: [String]) -> Int32 {
    let options: WorkerOptions
    switch start(arguments: arguments) {
    case .serve(let parsed): options = parsed
    case .exit(let status, let descriptor, let text):
      writeAll(descriptor, Array(text.utf8))
      return status
    }
    guard let frames = MappedFrames(descriptor: 3) else {
      writeAll(2, Array("sticker-worker: descriptor 3 is not the shared frame memory\n".utf8))
      return 3
    }
    WorkerWarmUp.run()
    do {
      try StickerSandbox.enter(memoryBytes: options.memoryBytes, cpuSeconds: options.cpuSeconds)
    } catch {
      writeAll(2, Array("sticker-worker: \(error)\n".utf8))
      return 3
    }
    var server = WorkerServer(frames: frames, testHooks: options.testHooks)
    return server.serve()
  }

  /// Writes all of `bytes` to `descriptor` (the worker's answers, and its messages on standard error).
  /// - Returns: `false` when the descriptor is closed or broken.
  @discardableResult
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    PipeWriter.writeAll(descriptor, bytes)
  }
}
