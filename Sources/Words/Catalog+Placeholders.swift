/// The places a word's text leaves for values (`{count}`, `{name}`): a
/// translation fills the same ones as English, or the page shows a `{…}`
/// nobody filled, or drops a value a reader needs.
extension Catalog {
    /// The names of the places in `text`: `Step {step} of {count}` → step, count.
    public static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var current: String?
        for character in text {
            if character == "{" {
                current = ""
            } else if character == "}" {
                if let name = current, !name.isEmpty { names.insert(name) }
                current = nil
            } else if current != nil {
                if character.isLetter || character.isNumber || character == "_" {
                    current?.append(character)
                } else {
                    current = nil
                }
            }
        }
        return names
    }

    /// What is wrong with the places of `entry`, a translation of the
    /// English word `key`; nil when they agree. A plural form may leave out
    /// `{count}`, which its category already says ("one entry", Arabic's
    /// dual), and may write it where English's own form for that category
    /// does not; every other place is English's, no more and no fewer.
    public static func placeholderProblem(key: String, _ entry: Entry) -> String? {
        guard let english = Catalog[builtIn: "en"]?.entries[key] else { return nil }
        let expected: Set<String>
        switch english {
        case .text(let text): expected = placeholders(in: text)
        case .plural(let forms): expected = forms.values.reduce(into: []) { $0.formUnion(placeholders(in: $1)) }
        }
        let texts: [(String, String)] = switch entry {
        case .text(let text): [("", text)]
        case .plural(let forms): forms.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, $0.value) }
        }
        let isPlural = if case .plural = english { true } else { false }
        for (form, text) in texts {
            var found = placeholders(in: text)
            var wanted = expected
            if isPlural {
                found.remove("count")
                wanted.remove("count")
            }
            guard found != wanted else { continue }
            let place = { (names: Set<String>) in names.sorted().map { "{\($0)}" }.joined(separator: ", ") }
            let missing = wanted.subtracting(found), extra = found.subtracting(wanted)
            return (form.isEmpty ? "" : "its '\(form)' form ")
                + [missing.isEmpty ? nil : "lacks \(place(missing))", extra.isEmpty ? nil : "has \(place(extra)), which English does not fill"]
                    .compactMap { $0 }.joined(separator: " and ")
                + "; English has " + (expected.isEmpty ? "no places" : place(expected))
        }
        return nil
    }
}
