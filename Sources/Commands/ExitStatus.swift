/// A command's exit status, the same for every command, so a script can
/// tell a mistake in the content from a mistake on the command line.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The content or the store is wrong, or a file could not be read or
    /// written; the message says which, and for content the file, line and column.
    case dataError = 1
    /// The command line was wrong: an unknown command or option, a bad value.
    case usage = 2
}
