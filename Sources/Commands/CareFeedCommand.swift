import Foundation

/// The `carefeed` command line: picks a command, parses its options, runs it
/// and turns every failure into a message and an exit status.
public enum CareFeedCommand {
    /// One command: what `carefeed --help` says of it, its own help, the
    /// options it takes and what it does.
    private struct Command: Sendable {
        var name: String
        var summary: String
        var help: String
        var options: Set<String>
        /// Options that take no value, besides `--help`.
        var flags: Set<String> = []
        /// Options that take a value and may be given more than once.
        var repeatable: Set<String> = []
        var takesPositional = false
        var run: @Sendable (Arguments, Console, Date) throws -> ExitStatus
    }

    /// In the order `carefeed --help` lists them; the list and the commands
    /// that run come from here, so neither can miss one.
    private static let commands: [Command] = [
        Command(name: "build", summary: "write the clinicians' static site", help: BuildCommand.help,
                options: ["content", "public", "store", "out", "today", "language"], flags: ["names", "timings"],
                run: { try BuildCommand.run($0, console: $1, now: $2) }),
        Command(name: "check", summary: "check the study's content and name each mistake", help: CheckCommand.help,
                options: ["content", "public", "store"],
                run: { arguments, console, _ in try CheckCommand.run(arguments, console: console) }),
        Command(name: "demo", summary: "fill a new store with simulated participants", help: DemoCommand.help,
                options: ["content", "store", "participants", "days", "seed", "today"],
                run: { try DemoCommand.run($0, console: $1, now: $2) }),
        Command(name: "serve", summary: "serve a participant's pages on localhost, with live reload", help: ServeCommand.help,
                options: ["content", "public", "store", "host", "port", "participant", "today"], repeatable: ["date"],
                run: { try ServeCommand.run($0, console: $1, now: $2) }),
        Command(name: "host", summary: "serve every participant on their own phone, by a personal link", help: HostCommand.help,
                options: ["content", "public", "store", "host", "port", "url", "tls-cert", "tls-key", "site", "smtp", "mail-from",
                          "site-url"],
                run: { try HostCommand.run($0, console: $1, now: $2) }),
        Command(name: "invite", summary: "enrol a participant and give them a personal link and letter", help: InviteCommand.help,
                options: ["content", "store", "participant", "enrolled", "timezone", "language", "url", "valid", "out"],
                repeatable: ["date"], run: { try InviteCommand.run($0, console: $1, now: $2) }),
        Command(name: "devices", summary: "list a participant's devices, or sign them out everywhere", help: DevicesCommand.help,
                options: ["store", "participant"], flags: ["revoke"],
                run: { try DevicesCommand.run($0, console: $1, now: $2) }),
        Command(name: "schedule", summary: "list a task's events for a range of days", help: ScheduleCommand.help,
                options: ["content", "task", "from", "to", "enrolled", "timezone", "format"], repeatable: ["date"],
                run: { arguments, console, _ in try ScheduleCommand.run(arguments, console: console) }),
        Command(name: "export", summary: "write the care store as JSON, CSV, FHIR or a data package", help: ExportCommand.help,
                options: ["content", "store", "format", "participant", "out", "today"], flags: ["names"],
                run: { try ExportCommand.run($0, console: $1, now: $2) }),
        Command(name: "import", summary: "merge participants' own stores into the study's store", help: ImportCommand.help,
                options: ["content", "store"], takesPositional: true,
                run: { try ImportCommand.run($0, console: $1, now: $2) }),
        Command(name: "verify", summary: "check that every record is as it was written, by its audit trail", help: VerifyCommand.help,
                options: ["store"], run: { arguments, console, _ in try VerifyCommand.run(arguments, console: console) }),
        Command(name: "init", summary: "write a new, small, working study to start from", help: InitCommand.help,
                options: ["language"], takesPositional: true,
                run: { arguments, console, _ in try InitCommand.run(arguments, console: console) }),
    ]

    static let help = """
    Usage: carefeed <command> [options]

    Commands:
    \(commands.map { "  " + $0.name.padding(toLength: 11, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

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
        guard let command = commands.first(where: { $0.name == name }) else {
            console.error("error: unknown command '\(name)'\n\n" + help + "\n")
            return ExitStatus.usage.rawValue
        }
        do {
            let parsed = try Arguments(arguments.dropFirst(), options: command.options, flags: command.flags.union(["help"]),
                                       repeatable: command.repeatable, takesPositional: command.takesPositional)
            if parsed.has("help") {
                console.out(command.help + "\n")
                return ExitStatus.success.rawValue
            }
            return try command.run(parsed, console, now).rawValue
        } catch let error as UsageError {
            console.error("error: \(error)\nRun `carefeed \(name) --help` for usage.\n")
            return ExitStatus.usage.rawValue
        } catch {
            console.error("error: \(error)\n")
            return ExitStatus.dataError.rawValue
        }
    }
}
