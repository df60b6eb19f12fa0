import Commands
import Foundation

exit(CareFeedCommand.run(Array(CommandLine.arguments.dropFirst()), console: .standard))
