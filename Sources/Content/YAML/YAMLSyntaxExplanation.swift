import Foundation

/// A YAML syntax error said in an editor's words: which line's indentation
/// does not line up with which, a value that needs quotes, a tab, a quote or
/// a bracket left open. libyaml finds the error; this reads the lines around
/// it to say what to change. An error it cannot place keeps libyaml's words.
struct YAMLSyntaxExplanation {
    /// The YAML text's lines, without their line ends.
    private let lines: [Substring]
    /// Added to a YAML line to give the file line the editor sees.
    private let lineOffset: Int

    init(text: String, lineOffset: Int) {
        // "\r\n" is one Character to Swift: lines are split on each kind of line end.
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        self.lineOffset = lineOffset
    }

    /// The message and its column for `error`, at the error's line.
    func explain(_ error: YAMLError) -> (message: String, line: Int, column: Int) {
        let fallback = (libyamlWords(error), error.line, error.column)
        let problem = error.message
        let context = error.context?.text ?? ""
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-' indicator") {
            return unclosedQuote(from: error.context?.line ?? 1, through: error.line)
                ?? misaligned(at: error.line, after: error.context?.line ?? 1) ?? fallback
        }
        if problem.contains("could not find expected ':'"), let start = error.context {
            return noColon(at: start.line) ?? fallback
        }
        if problem.contains("mapping values are not allowed") {
            return colonInValue(at: error.line, column: error.column) ?? overIndented(at: error.line)
                ?? keyWithoutColon(before: error.line) ?? fallback
        }
        if problem.contains("tab") || character(atLine: error.line, column: error.column) == "\t"
            || indentation(ofLine: error.line).contains("\t") {
            return ("line \(fileLine(error.line)) is indented with a tab; YAML indents with spaces only, "
                    + "so put spaces in place of the tab", error.line, 1)
        }
        if context.contains("quoted scalar"), let start = error.context,
           let unclosed = unclosedQuote(from: start.line, through: start.line) {
            return unclosed
        }
        if var open = opening(context), let start = error.context {
            if open == "\"", character(atLine: start.line, column: start.column) == "'" { open = "'" }
            let close = open == "{" ? "}" : open == "[" ? "]" : open
            let what = open == "{" || open == "[" ? "the '\(open)' on line \(fileLine(start.line)) is not closed"
                : "the quote that opens on line \(fileLine(start.line)) is not closed"
            let fix = open == "{" || open == "[" ? "close it with '\(close)' and put a comma between its entries"
                : open == "'" ? "end the text with ' on the same line, or write '' for a ' inside it"
                : "end the text with \" on the same line, or write \\\" for a \" inside it"
            return ("\(what); \(fix)", start.line, start.column)
        }
        return fallback
    }

    // MARK: - What went wrong

    /// A line that lines up with no line above it: the columns it could
    /// start at, the nearest first, with the lines that start there.
    private func misaligned(at line: Int, after first: Int) -> (String, Int, Int)? {
        guard let text = self.line(line), !isBlank(text) else { return nil }
        let spaces = indentation(text)
        let isItem = content(text).hasPrefix("-")
        // Where keys and dashes start on the lines above, from the enclosing block on.
        let (keys, dashes) = columns(from: first, before: line)
        // It does line up, with lines of another kind: an item among keys, or a key among items.
        if !isItem, let itemLine = dashes[spaces] {
            return ("line \(fileLine(line)) lines up with the list item on line \(fileLine(itemLine)) but does not "
                    + "start with '- '; write '- ' before it to make it another item of the list", line, spaces + 1)
        }
        if isItem, let key = keys[spaces] {
            return ("line \(fileLine(line)) starts a list item ('- ') beside '\(key.word)' on line \(fileLine(key.line)), "
                    + "which is a key; put the list under a key that ends with ':', indented more than it", line, spaces + 1)
        }
        var starts = keys
        if isItem {
            for (column, number) in dashes { starts[column] = (number, "-") }
        }
        let candidates = starts.keys.filter { $0 != spaces }.sorted {
            (abs($0 - spaces), -$0) < (abs($1 - spaces), -$1)
        }
        guard let nearest = candidates.first, let at = starts[nearest] else { return nil }
        var fix = "\(indent(nearest)), as '\(at.word)' is on line \(fileLine(at.line))"
        if let other = candidates.dropFirst().first(where: { ($0 < spaces) != (nearest < spaces) }), let otherAt = starts[other] {
            fix += ", or \(indent(other)), as '\(otherAt.word)' is on line \(fileLine(otherAt.line))"
        }
        return ("line \(fileLine(line)) \(indented(spaces)), which lines up with no line above it; \(fix)",
                line, spaces + 1)
    }

    /// Where keys and dashes start on the lines from `first` to the one before `line`.
    private func columns(from first: Int, before line: Int) -> (keys: [Int: (line: Int, word: String)], dashes: [Int: Int]) {
        var keys: [Int: (line: Int, word: String)] = [:]
        var dashes: [Int: Int] = [:]
        for number in Swift.max(1, Swift.min(first, line - 1))..<Swift.max(line, 1) {
            guard let above = self.line(number), !isBlank(above) else { continue }
            var column = indentation(above)
            var rest = content(above)
            while rest.hasPrefix("- ") || rest == "-" {
                dashes[column] = number
                let after = rest.dropFirst(1)
                column += 1 + (after.prefix { $0 == " " }.count)
                rest = after.drop { $0 == " " }
            }
            if !rest.isEmpty { keys[column] = (number, word(rest)) }
        }
        return (keys, dashes)
    }

    /// A line read as a key that has no ':' after it: an item without its
    /// dash, or a key without its colon.
    private func noColon(at line: Int) -> (String, Int, Int)? {
        guard let text = self.line(line), !isBlank(text) else { return nil }
        let spaces = indentation(text)
        if let itemLine = columns(from: 1, before: line).dashes[spaces], !content(text).hasPrefix("-") {
            return ("line \(fileLine(line)) lines up with the list item on line \(fileLine(itemLine)) but does not "
                    + "start with '- '; write '- ' before it to make it another item of the list", line, spaces + 1)
        }
        return ("line \(fileLine(line)) has no ': ' after its key; write the key, a colon and a space, then the "
                + "value, such as 'title: Walking'", line, spaces + 1)
    }

    /// The line above `line`, when it is a key written without its colon,
    /// which YAML then reads on into `line`.
    private func keyWithoutColon(before line: Int) -> (String, Int, Int)? {
        guard let above = stride(from: line - 1, through: 1, by: -1).first(where: { self.line($0).map { !isBlank($0) } ?? false }),
              let text = self.line(above), !isKey(content(text)), !content(text).hasPrefix("-") else { return nil }
        return noColon(at: above)
    }

    /// A value that opens a quote no line up to `last` closes: YAML reads
    /// on into the lines below, which then make no sense.
    private func unclosedQuote(from first: Int, through last: Int) -> (String, Int, Int)? {
        guard first <= last else { return nil }
        for number in Swift.max(1, first)...Swift.max(1, last) {
            guard let text = line(number), !isBlank(text) else { continue }
            var rest = content(text)
            while rest.hasPrefix("- ") { rest = rest.dropFirst(2).drop { $0 == " " } }
            if isKey(rest), let separator = rest.firstIndex(of: ":") {
                rest = rest[rest.index(after: separator)...].drop { $0 == " " }
            }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            // A quoted text may go on over lines: it is open only if no line up to the error closes it
            // where a value can end (a quote in a comment below, "like this", closes nothing an editor meant).
            let following = stride(from: number + 1, through: last, by: 1).compactMap { line($0) }
            guard closes(quote, rest.dropFirst()) == nil,
                  !following.contains(where: { closes(quote, $0).map(Self.endsAValue) ?? false }) else { continue }
            let column = text.count - rest.count + 1
            let fix = quote == "\"" ? "end the text with \" on the same line, or write \\\" for a \" inside it"
                : "end the text with ' on the same line, or write '' for a ' inside it"
            return ("the quote that opens on line \(fileLine(number)) is not closed; \(fix)", number, column)
        }
        return nil
    }

    /// What follows the `quote` that ends a quoted text in `text`: for `"`,
    /// one without a backslash before it; for `'`, one not doubled. Nil
    /// when `text` does not end it.
    private func closes(_ quote: Character, _ text: Substring) -> Substring? {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if quote == "\"" && character == "\\" {
                index = next < text.endIndex ? text.index(after: next) : next
                continue
            }
            if character == quote {
                if quote == "'" && next < text.endIndex && text[next] == "'" {
                    index = text.index(after: next)
                    continue
                }
                return text[next...]
            }
            index = next
        }
        return nil
    }

    /// Whether what follows a closing quote is where a value can end.
    private static func endsAValue(_ rest: Substring) -> Bool {
        let after = rest.drop { $0 == " " }
        return after.isEmpty || after.hasPrefix("#") || after.hasPrefix(",") || after.hasPrefix("]") || after.hasPrefix("}")
    }

    /// `title: Knee: how it goes`: a value holding ": ", read as a second key.
    private func colonInValue(at line: Int, column: Int) -> (String, Int, Int)? {
        guard let text = self.line(line) else { return nil }
        var rest = content(text)
        while rest.hasPrefix("- ") { rest = rest.dropFirst(2).drop { $0 == " " } }
        guard let separator = rest.range(of: ": ") else { return nil }
        let valueStart = text.count - rest.count + rest.distance(from: rest.startIndex, to: separator.upperBound)
        // The error stands inside the value: its key came first on this line.
        guard column - 1 >= valueStart else { return nil }
        let key = rest[..<separator.lowerBound]
        var value = rest[separator.upperBound...]
        if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
        value = value.trimmingSuffix(" ")
        // Single quotes keep a backslash as it is; double quotes, a single quote.
        let quoted = value.contains("\"") || value.contains("\\") ? "'" + value.replacing("'", with: "''") + "'"
            : "\"" + value + "\""
        return ("the value of '\(key)' holds ': ', which YAML reads as the start of another key; "
                + "put the value in quotes: \(key): \(quoted)", line, valueStart + 1)
    }

    /// A key indented under a line whose value it then seems to continue.
    private func overIndented(at line: Int) -> (String, Int, Int)? {
        guard let text = self.line(line) else { return nil }
        let spaces = indentation(text)
        for number in stride(from: line - 1, through: 1, by: -1) {
            guard let above = self.line(number), !isBlank(above) else { continue }
            var column = indentation(above)
            var rest = content(above)
            while rest.hasPrefix("- ") {
                let after = rest.dropFirst(1)
                column += 1 + (after.prefix { $0 == " " }.count)
                rest = after.drop { $0 == " " }
            }
            guard isKey(rest), column < spaces else { continue }
            let key = word(rest)
            return ("line \(fileLine(line)) \(indented(spaces)), more than '\(key)' on line \(fileLine(number)), "
                    + "so YAML reads it as more of the value of '\(key)'; \(indent(column)), like '\(key)'",
                    line, spaces + 1)
        }
        return nil
    }

    /// The bracket or quote a context names as opened and not closed.
    private func opening(_ context: String) -> Character? {
        if context.contains("flow mapping") { return "{" }
        if context.contains("flow sequence") { return "[" }
        if context.contains("quoted scalar") { return "\"" }
        return nil
    }

    private func libyamlWords(_ error: YAMLError) -> String {
        var message = error.message
        if let context = error.context {
            message += " (\(context.text) that starts at line \(fileLine(context.line)), column \(context.column))"
        }
        return message
    }

    // MARK: - Reading lines

    private func line(_ number: Int) -> Substring? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }

    private func isBlank(_ text: Substring) -> Bool {
        let rest = content(text)
        return rest.isEmpty || rest.hasPrefix("#")
    }

    private func indentation(_ text: Substring) -> Int {
        text.prefix { $0 == " " }.count
    }

    private func indentation(ofLine number: Int) -> Substring {
        line(number)?.prefix { $0 == " " || $0 == "\t" } ?? ""
    }

    private func content(_ text: Substring) -> Substring {
        text.drop { $0 == " " || $0 == "\t" }
    }

    private func character(atLine number: Int, column: Int) -> Character? {
        guard let text = line(number), column >= 1, column <= text.count else { return nil }
        return text[text.index(text.startIndex, offsetBy: column - 1)]
    }

    /// `start: enrollment` → `start`; a plain line → its first word.
    private func word(_ rest: Substring) -> String {
        String(rest.prefix { $0 != ":" && $0 != " " })
    }

    private func isKey(_ rest: Substring) -> Bool {
        guard let first = rest.first, !"#'\"{[|>".contains(first) else { return false }
        let key = rest.prefix { $0 != ":" }
        return key.count < rest.count && !key.contains(" #")
            && (rest.dropFirst(key.count + 1).first.map { $0 == " " } ?? true)
    }

    private func fileLine(_ line: Int) -> Int {
        line + lineOffset
    }

    /// "is indented 3 spaces", "is not indented".
    private func indented(_ spaces: Int) -> String {
        spaces == 0 ? "is not indented" : "is indented \(count(spaces))"
    }

    /// "indent it 4 spaces", "start it at the left edge".
    private func indent(_ spaces: Int) -> String {
        spaces == 0 ? "start it at the left edge" : "indent it \(count(spaces))"
    }

    private func count(_ spaces: Int) -> String {
        spaces == 1 ? "1 space" : "\(spaces) spaces"
    }
}

private extension Substring {
    func trimmingSuffix(_ character: Character) -> Substring {
        var text = self
        while text.last == character { text = text.dropLast() }
        return text
    }
}
