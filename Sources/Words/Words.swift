import Markup

/// The built-in words of one language, as a page asks for them: a study's
/// own words first (`content/i18n/de-CH.yaml`, then `de.yaml`), then the
/// catalog CareFeed ships for the language. A word found in neither is
/// shown in English, and `check` names it, so a page never shows a key.
public final class Words: Sendable {
    public let tag: LanguageTag
    /// Each word's entry from the first layer that has it, by `Word.ordinal`,
    /// looked up once: pages ask for words millions of times a build, and a
    /// word's own hash is its text's.
    let entries: [Catalog.Entry?]
    let plurals: PluralRules
    let numbers: Formats

    init(tag: LanguageTag, studyCatalogs: [LanguageTag: Catalog], formats: Formats) {
        var layers = tag.fallbacks.compactMap { studyCatalogs[$0] }
        if let shipped = Catalog.shipped(for: tag) { layers.append(shipped) }
        if let english = Catalog[builtIn: "en"] { layers.append(english) }
        self.tag = tag
        entries = Word.allCases.map { word in layers.lazy.compactMap { $0.entries[word.rawValue] }.first }
        plurals = PluralRules(tag)
        numbers = formats
    }

    /// The words of `tag` no catalog has, own or shipped: what `check` reports.
    public static func missing(in tag: LanguageTag, studyCatalogs: [LanguageTag: Catalog]) -> [Word] {
        let catalogs = tag.fallbacks.compactMap { studyCatalogs[$0] } + [Catalog.shipped(for: tag)].compactMap { $0 }
        return Word.allCases.filter { word in !catalogs.contains { $0.entries[word.rawValue] != nil } }
    }

    func entry(_ word: Word) -> Catalog.Entry {
        entries[word.ordinal] ?? .text(word.rawValue)
    }

    /// `Today`
    public func callAsFunction(_ word: Word) -> String {
        callAsFunction(word, [:])
    }

    /// `Step 2 of 5`, from `Step {step} of {count}` and its arguments.
    public func callAsFunction(_ word: Word, _ arguments: KeyValuePairs<String, String>) -> String {
        let template: String = switch entry(word) {
        case .text(let text): text
        case .plural(let forms): forms[.other] ?? ""
        }
        return Self.fill(template, arguments)
    }

    /// `1 Eintrag`, `2 Einträge`: the form CLDR's rules choose for `count`,
    /// with `{count}` written by the language's number format.
    public func callAsFunction(_ word: Word, count: Int, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        let template: String = switch entry(word) {
        case .text(let text): text
        case .plural(let forms):
            (count == 0 ? forms[.zero] : nil) ?? forms[plurals.category(of: Double(count))] ?? forms[.other] ?? ""
        }
        return Self.fill(template, arguments, count: numbers.integer(count))
    }

    /// A sentence with markup in its places, such as a link: the word's own
    /// text is escaped, each argument goes in as the markup it is.
    public func html(_ word: Word, _ arguments: KeyValuePairs<String, HTML>) -> HTML {
        let template: String = switch entry(word) {
        case .text(let text): text
        case .plural(let forms): forms[.other] ?? ""
        }
        var result: HTML = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += "\(String(rest[..<open]))" as HTML
            let name = rest[rest.index(after: open)..<close]
            if let value = arguments.first(where: { $0.key == name })?.value {
                result += value
            } else {
                result += "\(String(rest[open...close]))" as HTML
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + "\(String(rest))" as HTML
    }

    /// Each `{name}` of `template` replaced by its argument, `{count}` by
    /// `count` first; a place with no argument is kept as written. Read as
    /// UTF-8 bytes: braces are ASCII, so a place never starts or ends inside
    /// a character.
    static func fill(_ template: String, _ arguments: KeyValuePairs<String, String>, count: String? = nil) -> String {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        let bytes = template.utf8
        guard !arguments.isEmpty || count != nil, var place = bytes.firstIndex(of: open) else { return template }
        var result = ""
        result.reserveCapacity(bytes.count + (count?.utf8.count ?? 0) + arguments.reduce(0) { $0 + $1.value.utf8.count })
        var copied = bytes.startIndex
        while let end = bytes[place...].firstIndex(of: close) {
            let name = Substring(template.utf8[bytes.index(after: place)..<end])
            if let argument = name == "count" && count != nil ? count : arguments.first(where: { $0.key == name })?.value {
                result += Substring(bytes[copied..<place])
                result += argument
                copied = bytes.index(after: end)
            }
            guard let next = bytes[bytes.index(after: end)...].firstIndex(of: open) else { break }
            place = next
        }
        result += Substring(bytes[copied...])
        return result
    }
}

extension Word {
    /// The word's place in `allCases`. An enum without payloads is stored as
    /// its case's place, in declaration order, in as few bytes as its cases
    /// need; a test checks this against `allCases`.
    var ordinal: Int {
        withUnsafeBytes(of: self) { bytes in
            bytes.count == 1 ? Int(bytes.load(as: UInt8.self)) : Int(bytes.load(as: UInt16.self))
        }
    }
}
