/// Where a command writes: standard output for results, standard error for
/// messages. Tests pass closures that collect both.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.error = error
    }
}

/// A command's exit status, as SPEC §3 fixes it.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Content or data error: the message names the file, line and column.
    case dataError = 1
    case usage = 2
}

import Foundation

extension Console {
    /// The process's standard output and standard error.
    public static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        error: { text in FileHandle.standardError.write(Data(text.utf8)) })
}
