import CareModel
import StudyModel

/// Reads typed values out of one file's YAML, strictly, and records each
/// problem as a diagnostic at the file line and column where it stands.
final class FieldReader {
    let file: String
    /// Added to a YAML line to give the file line.
    let lineOffset: Int
    private(set) var diagnostics: [Diagnostic] = []
    /// While a survey is read: its items read so far, which a condition may
    /// name, and the ids of all its items, to tell "later" from "unknown".
    var surveyItems: [FormItem] = []
    var surveyItemIDs: Set<String> = []
    /// Where the survey's conditions are written.
    var conditionNodes: [YAMLNode] = []
    /// The Markdown body's links to headings, checked once every page is rendered.
    var anchors: [LinkRewriter.Anchor] = []

    /// The sections of the reference being read, the innermost last: what a diagnostic cites.
    private var sections: [ReferenceSection]

    init(file: String, lineOffset: Int) {
        self.file = file
        self.lineOffset = lineOffset
        sections = [ReferenceSection.of(file: file)]
    }

    /// Starts reading what `section` of the reference describes; `leave()` ends it.
    func enter(_ section: ReferenceSection) {
        sections.append(section)
    }

    func leave() {
        sections.removeLast()
    }

    var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }

    func error(_ message: String, at node: YAMLNode) {
        diagnostics.append(Diagnostic(file: file, line: node.line + lineOffset, column: node.column, message: message,
                                      section: sections.last))
    }

    func warning(_ message: String, at node: YAMLNode) {
        diagnostics.append(Diagnostic(file: file, line: node.line + lineOffset, column: node.column,
                                      severity: .warning, message: message, section: sections.last))
    }

    func error(_ message: String, line: Int?, column: Int? = nil) {
        diagnostics.append(Diagnostic(file: file, line: line, column: column, message: message, section: sections.last))
    }

    func warning(line: Int?, _ message: String) {
        diagnostics.append(Diagnostic(file: file, line: line, column: nil, severity: .warning, message: message,
                                      section: sections.last))
    }

    /// The keys of a mapping, refusing unknown and duplicate keys and naming
    /// missing required ones.
    func fields(_ node: YAMLNode, in context: String, allowed: [String], required: [String] = []) -> Fields? {
        guard case .mapping(let pairs) = node.value else {
            error("\(context) must be a mapping of keys to values", at: node)
            return nil
        }
        var found: [String: (key: YAMLNode, value: YAMLNode)] = [:]
        for pair in pairs {
            guard case .scalar(let key, _) = pair.key.value else {
                error("a key in \(context) must be plain text", at: pair.key)
                continue
            }
            guard allowed.contains(key) else {
                let suggestion = Self.closest(to: key, in: allowed).map { "; did you mean '\($0)'?" }
                    ?? "; expected one of: \(allowed.joined(separator: ", "))"
                error("unknown key '\(key)' in \(context)\(suggestion)", at: pair.key)
                continue
            }
            if found[key] != nil {
                error("'\(key)' is given twice in \(context)", at: pair.key)
                continue
            }
            found[key] = pair
        }
        for key in required where found[key] == nil {
            error("\(context) is missing '\(key)'", at: node)
        }
        return Fields(node: node, pairs: found)
    }

    func text(_ node: YAMLNode?, _ what: String) -> String? {
        guard let node else { return nil }
        switch node.value {
        case .scalar(let value, let plain):
            if plain && (value.isEmpty || value == "~" || value == "null") {
                error("\(what) has no value", at: node)
                return nil
            }
            return value
        default:
            error("\(what) must be text, not a \(Self.shape(node))", at: node)
            return nil
        }
    }

    /// An id used in file names and URLs: a letter, then letters, digits, `-` or `_`.
    func identifier(_ node: YAMLNode?, _ what: String) -> String? {
        guard let node, let value = text(node, what) else { return nil }
        guard Identifier.isValid(value) else {
            error("\(what) '\(value)' must start with a letter and hold only letters, digits, '-' and '_'", at: node)
            return nil
        }
        return value
    }

    func integer(_ node: YAMLNode?, _ what: String, in range: ClosedRange<Int>? = nil) -> Int? {
        guard let node else { return nil }
        guard case .scalar(let value, true) = node.value, let number = Int(value) else {
            error("\(what) must be a whole number, not \(Self.describe(node))", at: node)
            return nil
        }
        if let range, !range.contains(number) {
            error("\(what) must be from \(range.lowerBound) to \(range.upperBound), not \(number)", at: node)
            return nil
        }
        return number
    }

    func number(_ node: YAMLNode?, _ what: String) -> Double? {
        guard let node else { return nil }
        guard case .scalar(let value, true) = node.value, let number = Double(value), number.isFinite,
              value.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true else {
            error("\(what) must be a number, not \(Self.describe(node))", at: node)
            return nil
        }
        return number
    }

    /// Only `true` and `false`: YAML 1.1's `yes`, `no`, `on` and `off` are not booleans here.
    func boolean(_ node: YAMLNode?, _ what: String) -> Bool? {
        guard let node else { return nil }
        if case .scalar(let value, true) = node.value {
            if value == "true" { return true }
            if value == "false" { return false }
        }
        error("\(what) must be true or false, not \(Self.describe(node))", at: node)
        return nil
    }

    func list(_ node: YAMLNode?, _ what: String) -> [YAMLNode]? {
        guard let node else { return nil }
        guard case .sequence(let items) = node.value else {
            error("\(what) must be a list, not \(Self.describe(node))", at: node)
            return nil
        }
        return items
    }

    /// `3` or `2.5`: a number as an editor would write it, in messages.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    static func shape(_ node: YAMLNode) -> String {
        switch node.value {
        case .scalar: "text"
        case .sequence: "list"
        case .mapping: "mapping"
        }
    }

    static func describe(_ node: YAMLNode) -> String {
        switch node.value {
        case .scalar(let value, let plain): plain ? "'\(value)'" : "the quoted text \"\(value)\""
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The allowed key nearest to a misspelt one, when it is near enough to be a typo.
    static func closest(to key: String, in allowed: [String]) -> String? {
        // Two texts whose lengths differ by more than the bound are further apart than it: not measured
        // (a 100,000-character key against every word took half a minute).
        let bound = max(1, key.count / 3)
        let scored = allowed.filter { abs($0.count - key.count) <= bound }.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= bound else { return nil }
        return best.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

/// A mapping's values by key, after `FieldReader.fields` checked the keys.
struct Fields {
    let node: YAMLNode
    let pairs: [String: (key: YAMLNode, value: YAMLNode)]

    subscript(_ key: String) -> YAMLNode? {
        pairs[key]?.value
    }
}
