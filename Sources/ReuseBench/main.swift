import Foundation

if let status = StickerProbe.run(arguments: Array(CommandLine.arguments.dropFirst())) { exit(status) }
exit(BenchCommand.run(arguments: CommandLine.arguments))
