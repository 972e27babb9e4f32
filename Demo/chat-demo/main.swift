import ChatDemoCore
import CommandLineSupport
import Foundation

/// chat-demo's entry point: parse flags, then run headless, generate, or open the window.
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
