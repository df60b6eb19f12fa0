/// A YAML text that could not be parsed, and where.
public struct YAMLError: Error, Sendable {
    public var message: String
    public var line: Int
    public var column: Int
    /// What libyaml was reading when it failed, and where that began,
    /// e.g. "while scanning a quoted scalar" at the opening quote.
    public var context: (text: String, line: Int, column: Int)?

    init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }
}
