import Content
import Foundation

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

extension Console {
    /// The process's standard output and standard error.
    public static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        error: { text in FileHandle.standardError.write(Data(text.utf8)) })
}

extension Console {
    /// Each of the content's errors and warnings on a line of its own, with
    /// the part of the reference that explains it, written at once: ten
    /// thousand notes without a translation are one write, not ten thousand.
    func report(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        var text = ""
        for diagnostic in diagnostics {
            text += diagnostic.withReference
            text += "\n"
        }
        error(text)
    }
}
