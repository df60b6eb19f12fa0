/// A content file split into its YAML front matter and Markdown body.
struct FrontMatter {
    var yaml: String
    /// Line of the file on which the YAML's first line stands.
    var yamlFirstLine: Int
    var body: String
    var bodyFirstLine: Int

    /// Splits at the two lines that are exactly `---`; the first must be the
    /// file's first line.
    static func split(_ text: String) -> Result<FrontMatter, FrontMatterError> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
        if lines.first?.hasPrefix("\u{FEFF}") == true {
            lines[0] = lines[0].dropFirst()
        }
        guard lines.first == "---" else {
            return .failure(FrontMatterError(line: 1,
                message: "the file must start with a line '---' that opens its front matter"))
        }
        guard let close = lines.dropFirst().firstIndex(of: "---") else {
            let lastLine = lines.last == "" ? lines.count - 1 : lines.count
            return .failure(FrontMatterError(line: max(1, lastLine),
                message: "the front matter opened on line 1 is never closed; add a line '---' after it"))
        }
        return .success(FrontMatter(
            yaml: lines[1..<close].joined(separator: "\n"), yamlFirstLine: 2,
            body: lines[(close + 1)...].joined(separator: "\n"), bodyFirstLine: close + 2))
    }
}

struct FrontMatterError: Error {
    var line: Int
    var message: String
}
