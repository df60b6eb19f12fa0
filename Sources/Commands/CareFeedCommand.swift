import CareStore
import Foundation

/// The `carefeed` command line: picks a command, parses its options, runs it
/// and turns every failure into a message and an exit status.
public enum CareFeedCommand {
    static let help = """
    Usage: carefeed <command> [options]

    Commands:
      build      write the clinicians' static site
      check      check the study's content and name each mistake
      demo       fill a new store with simulated participants
      serve      serve a participant's pages on localhost, with live reload
      schedule   list a task's events for a range of days
      export     write the care store as JSON or CSV

    Run `carefeed <command> --help` for a command's options.
    """

    /// Runs the command named by `arguments[0]` and returns its exit status.
    public static func run(_ arguments: [String], console: Console, now: Date = Date()) -> Int32 {
        guard let name = arguments.first else {
            console.error(help + "\n")
            return ExitStatus.usage.rawValue
        }
        if name == "--help" || name == "help" {
            console.out(help + "\n")
            return ExitStatus.success.rawValue
        }
        let commands: [String: (help: String, options: Set<String>, run: (Arguments) throws -> ExitStatus)] = [
            "build": (BuildCommand.help, ["content", "public", "store", "out", "today"],
                      { try BuildCommand.run($0, console: console, now: now) }),
            "check": (CheckCommand.help, ["content", "public"], { try CheckCommand.run($0, console: console) }),
            "demo": (DemoCommand.help, ["content", "store", "participants", "days", "seed", "today"],
                     { try DemoCommand.run($0, console: console, now: now) }),
            "export": (ExportCommand.help, ["store", "format", "participant"],
                       { try ExportCommand.run($0, console: console) }),
            "serve": (ServeCommand.help, ["content", "public", "store", "host", "port", "participant", "today"],
                      { try ServeCommand.run($0, console: console, now: now) }),
            "schedule": (ScheduleCommand.help, ["content", "task", "from", "to", "enrolled", "timezone", "format"],
                         { try ScheduleCommand.run($0, console: console) }),
        ]
        guard let command = commands[name] else {
            console.error("error: unknown command '\(name)'\n\n" + help + "\n")
            return ExitStatus.usage.rawValue
        }
        do {
            let parsed = try Arguments(arguments.dropFirst(), options: command.options)
            if parsed.has("help") {
                console.out(command.help + "\n")
                return ExitStatus.success.rawValue
            }
            return try command.run(parsed).rawValue
        } catch let error as UsageError {
            console.error("error: \(error)\nRun `carefeed \(name) --help` for usage.\n")
            return ExitStatus.usage.rawValue
        } catch {
            console.error("error: \(error)\n")
            return ExitStatus.dataError.rawValue
        }
    }
}
