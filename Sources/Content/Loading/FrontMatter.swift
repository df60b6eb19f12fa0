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
        if let found = splitBytes(text) {
            return .success(found)
        }
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
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

extension FrontMatter {
    /// The common case without a carriage return, found by scanning bytes;
    /// nil for anything else, which `split` handles line by line.
    private static func splitBytes(_ text: String) -> FrontMatter? {
        var text = text
        return text.withUTF8 { bytes -> FrontMatter? in
            let dash = UInt8(ascii: "-"), newline = UInt8(ascii: "\n")
            guard !bytes.contains(UInt8(ascii: "\r")) else { return nil }
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            func isFence(_ from: Int) -> Bool {
                from + 3 <= bytes.count && bytes[from] == dash && bytes[from + 1] == dash && bytes[from + 2] == dash
                    && (from + 3 == bytes.count || bytes[from + 3] == newline)
            }
            guard isFence(start), start + 3 < bytes.count else { return nil }
            let yamlStart = start + 4
            var lineStart = yamlStart
            var line = 1
            while lineStart <= bytes.count {
                if isFence(lineStart) {
                    let yaml = String(decoding: UnsafeBufferPointer(rebasing: bytes[yamlStart..<max(yamlStart, lineStart - 1)]),
                                      as: UTF8.self)
                    let bodyStart = min(bytes.count, lineStart + 4)
                    let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[bodyStart...]), as: UTF8.self)
                    return FrontMatter(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: line + 2)
                }
                guard let end = bytes[lineStart...].firstIndex(of: newline) else { return nil }
                lineStart = end + 1
                line += 1
            }
            return nil
        }
    }
}

struct FrontMatterError: Error {
    var line: Int
    var message: String
}
