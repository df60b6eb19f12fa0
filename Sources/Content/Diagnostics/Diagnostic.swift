/// A problem in the content, where an editor can find it:
/// `content/tasks/checkIn.md:12:7: error: …`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    /// The path as the editor gave it, e.g. `content/tasks/checkIn.md`.
    public var file: String
    /// 1-based line in the file, not in the front matter block; nil when the
    /// problem is the whole file.
    public var line: Int?
    public var column: Int?
    public var severity: Severity
    public var message: String
    /// The part of the reference that tells how to write what the message is about.
    public var section: ReferenceSection?

    public init(file: String, line: Int?, column: Int?, severity: Severity = .error, message: String,
                section: ReferenceSection? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.section = section ?? ReferenceSection.of(file: file)
    }

    /// The description, then the section of the reference it cites: `… (see /docs#schedules)`.
    public var withReference: String {
        description + (section.map { " (see \($0.path))" } ?? "")
    }

    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(severity.rawValue): \(message)"
    }
}
