import Foundation

exit(BenchCommand.run(arguments: CommandLine.arguments))
