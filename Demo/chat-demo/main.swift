import CLinuxCalls
import ChatDemoCore
import CommandLineSupport
import Foundation

/// chat-demo's entry point: parse flags, then run headless, generate, or open the window.
// Its status lines ("renderer: …", "Saved …") reach a pipe as they are printed, not at exit.
reusekit_line_buffer_stdout()
let arguments = Array(CommandLine.arguments.dropFirst())
let command: DemoCommand
do {
  command = try DemoCommand.parse(arguments)
} catch {
  FileHandle.standardError.write(Data("chat-demo: \(error)\n".utf8))
  exit(CommandLineError.exitStatus)
}
let status = DemoMain.run(command)
DemoMain.reportPeakMemoryIfAsked()
exit(status)
