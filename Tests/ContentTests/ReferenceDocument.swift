import Foundation
import Testing
import TestSupport

/// The fenced blocks of `docs/content.md`, the editor's reference, read the
/// way its tests need them. Each block names what it is in its info string:
///
/// - ```` ```yaml KIND ```` is an example that loads clean, where KIND says
///   where it goes: `study` (study.yaml; the four required keys are added
///   when it gives no `title`), `task` (a task's front matter, in
///   `tasks/<its id>.md`), `schedule` (a `schedule:` list), `survey` (a
///   `survey:` list), `item` (form items, as listed under `items:`),
///   `consent` or `note` (a document's or a note's front matter).
/// - ```` ```markdown task|note|consent ```` is a whole file, front matter and body.
/// - A comment line `# file: tasks/checkIn.md` names the file an example
///   is written to instead.
/// - A trailing `error` marks a broken example. Its comment lines
///   `# error: …` and `# warning: …` (continued on lines `#   …`) are the
///   exact messages `check` gives for it, and no others; a good example may
///   state warnings too.
/// - ```` ```text events ```` lists the events the example above it makes.
/// - ```` ```text ```` and ```` ```sh ```` are prose and commands, not read.
struct ReferenceBlock: Sendable, CustomTestStringConvertible {
    /// Line of the opening fence in `docs/content.md`.
    var line: Int
    var info: [String]
    /// The lines between the fences.
    var text: String

    var testDescription: String { "docs/content.md:\(line) \(info.joined(separator: " "))" }
    var location: String { "docs/content.md:\(line)" }
}

/// One example of the reference: where it goes and what `check` says of it.
struct ReferenceExample: Sendable, CustomTestStringConvertible {
    enum Kind: String, Sendable, CaseIterable {
        case study, task, schedule, survey, item, consent, note
    }

    var block: ReferenceBlock
    var kind: Kind
    /// A whole file (`markdown`) rather than front matter or a part of it.
    var isWholeFile: Bool
    var isBroken: Bool
    var errors: [String]
    var warnings: [String]

    var testDescription: String { block.testDescription }

    /// Nil for a block that is not an example.
    init?(_ block: ReferenceBlock) {
        guard block.info.count >= 2, block.info.count <= 3, ["yaml", "markdown"].contains(block.info[0]),
              let kind = Kind(rawValue: block.info[1]) else { return nil }
        if block.info.count == 3 && block.info[2] != "error" { return nil }
        isWholeFile = block.info[0] == "markdown"
        if isWholeFile && ![.task, .note, .consent].contains(kind) { return nil }
        self.block = block
        self.kind = kind
        isBroken = block.info.count == 3
        (errors, warnings) = Self.statedMessages(block.text)
    }

    /// The `# error:` and `# warning:` comment lines, continuations joined.
    private static func statedMessages(_ text: String) -> (errors: [String], warnings: [String]) {
        var messages: [(severity: String, text: String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#   "), !messages.isEmpty {
                messages[messages.count - 1].text += " " + trimmed.dropFirst(4).trimmingCharacters(in: .whitespaces)
            } else if trimmed.hasPrefix("# error: ") {
                messages.append(("error", String(trimmed.dropFirst("# error: ".count))))
            } else if trimmed.hasPrefix("# warning: ") {
                messages.append(("warning", String(trimmed.dropFirst("# warning: ".count))))
            }
        }
        return (messages.filter { $0.severity == "error" }.map(\.text), messages.filter { $0.severity == "warning" }.map(\.text))
    }
}

/// `docs/content.md`, read once.
enum ReferenceDocument {
    static let path = Repository.root + "/docs/content.md"

    static let blocks: [ReferenceBlock] = {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return parse(text)
    }()

    static var examples: [ReferenceExample] { blocks.compactMap(ReferenceExample.init) }

    /// Each `text events` block with the example just above it, which must
    /// be one that loads.
    static var eventLists: [ReferenceEvents] {
        var lists: [ReferenceEvents] = []
        var example: ReferenceExample?
        for block in blocks {
            if let found = ReferenceExample(block) {
                example = found
            } else if block.info == ["text", "events"] {
                lists.append(ReferenceEvents(block: block, example: example))
            }
        }
        return lists
    }

    /// Info strings of blocks no test reads.
    static let prose: [[String]] = [["text"], ["sh"]]

    static func isKnown(_ block: ReferenceBlock) -> Bool {
        ReferenceExample(block) != nil || block.info == ["text", "events"] || prose.contains(block.info)
    }

    /// Fenced blocks opened and closed by lines of three backticks.
    static func parse(_ text: String) -> [ReferenceBlock] {
        var blocks: [ReferenceBlock] = []
        var open: (line: Int, info: [String], lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var current = open {
                if line == "```" {
                    blocks.append(ReferenceBlock(line: current.line, info: current.info,
                                                 text: current.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    current.lines.append(String(line))
                    open = current
                }
            } else if line.hasPrefix("```") {
                open = (index + 1, line.dropFirst(3).split(separator: " ").map(String.init), [])
            }
        }
        if let open {
            blocks.append(ReferenceBlock(line: open.line, info: ["unclosed"], text: open.lines.joined(separator: "\n")))
        }
        return blocks
    }
}
