import Markup
import Support

/// The built-in words of one language, as a page asks for them: a study's
/// own words first (`content/i18n/de-CH.yaml`, then `de.yaml`), then the
/// catalog CareFeed ships for the language. A word found in neither is
/// shown in English, and `check` names it, so a page never shows a key.
public final class Words: Sendable {
    public let tag: LanguageTag
    /// Each word's entry from the first layer that has it, by `Word.ordinal`,
    /// looked up and cut at its places once: pages ask for words millions of
    /// times a build, and a word's own hash is its text's.
    let entries: [Entry?]
    let plurals: PluralRules
    let numbers: Formats

    init(tag: LanguageTag, studyCatalogs: [LanguageTag: Catalog], formats: Formats) {
        var layers = tag.fallbacks.compactMap { studyCatalogs[$0] }
        if let shipped = Catalog.shipped(for: tag) { layers.append(shipped) }
        if let english = Catalog[builtIn: "en"] { layers.append(english) }
        self.tag = tag
        entries = Word.allCases.map { word in layers.lazy.compactMap { $0.entries[word.rawValue] }.first.map(Entry.init) }
        plurals = PluralRules(tag)
        numbers = formats
    }

    /// The words of `tag` no catalog has, own or shipped: what `check` reports.
    public static func missing(in tag: LanguageTag, studyCatalogs: [LanguageTag: Catalog]) -> [Word] {
        let catalogs = tag.fallbacks.compactMap { studyCatalogs[$0] } + [Catalog.shipped(for: tag)].compactMap { $0 }
        return Word.allCases.filter { word in !catalogs.contains { $0.entries[word.rawValue] != nil } }
    }

    func entry(_ word: Word) -> Entry {
        entries[word.ordinal] ?? Entry(.text(word.rawValue))
    }

    /// `Today`
    public func callAsFunction(_ word: Word) -> String {
        // The text itself, as `filled` gives it without arguments; the entry is not copied out.
        entries[word.ordinal]?.other.text ?? word.rawValue
    }

    /// `Step 2 of 5`, from `Step {step} of {count}` and its arguments.
    public func callAsFunction(_ word: Word, _ arguments: KeyValuePairs<String, String>) -> String {
        entries[word.ordinal]?.other.filled(arguments) ?? Template(word.rawValue).filled(arguments)
    }

    /// `1 Eintrag`, `2 Einträge`: the form CLDR's rules choose for `count`,
    /// with `{count}` written by the language's number format.
    public func callAsFunction(_ word: Word, count: Int, _ arguments: KeyValuePairs<String, String> = [:]) -> String {
        let entry = entry(word)
        let template = entry.forms.isEmpty ? entry.other
            : (count == 0 ? entry.forms[.zero] : nil) ?? entry.forms[plurals.category(of: Double(count))] ?? entry.other
        return template.filled(arguments, count: numbers.integer(count))
    }

    /// A sentence with markup in its places, such as a link: the word's own
    /// text is escaped, each argument goes in as the markup it is.
    public func html(_ word: Word, _ arguments: KeyValuePairs<String, HTML>) -> HTML {
        // The template as cut once at its places: its runs of text escaped, each place filled by its markup.
        let template = entry(word).other
        var result = HTML()
        for place in template.places {
            result += .text(place.before)
            result += arguments.first(where: { $0.key == place.name })?.value ?? .text(place.written)
        }
        return result + .text(template.tail)
    }

    /// Each `{name}` of `template` replaced by its argument, `{count}` by
    /// `count` first; a place with no argument is kept as written.
    static func fill(_ template: String, _ arguments: KeyValuePairs<String, String>, count: String? = nil) -> String {
        Template(template).filled(arguments, count: count)
    }
}

extension Words {
    /// A word as pages fill it: its text for every count, or its plural
    /// forms by CLDR category, each cut at its places.
    struct Entry: Sendable {
        /// The text, or the `other` form of a plural word (empty if it has none).
        let other: Template
        /// Empty for a word with one text.
        let forms: [PluralCategory: Template]

        init(_ entry: Catalog.Entry) {
            switch entry {
            case .text(let text):
                other = Template(text)
                forms = [:]
            case .plural(let texts):
                other = Template(texts[.other] ?? "")
                forms = texts.mapValues(Template.init)
            }
        }
    }

    /// A word's text cut at its `{places}` once, so filling it copies runs of
    /// text rather than searching them on every call.
    struct Template: Sendable {
        struct Place: Sendable {
            /// The text from the last place's end up to this place.
            let before: String
            let name: String
            /// The place as written, `{name}`: kept when nothing fills it.
            let written: String
        }

        let text: String
        let places: [Place]
        /// The text after the last place.
        let tail: String

        /// Read as UTF-8 bytes: braces are ASCII, so a place never starts or
        /// ends inside a character. A place runs from a `{` to the next `}`;
        /// the next place starts after that `}`.
        init(_ text: String) {
            let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            let bytes = text.utf8
            var places: [Place] = []
            var copied = bytes.startIndex
            var searchFrom = bytes.startIndex
            while let place = bytes[searchFrom...].firstIndex(of: open),
                  let end = bytes[place...].firstIndex(of: close) {
                let after = bytes.index(after: end)
                places.append(Place(before: String(Substring(bytes[copied..<place])),
                                    name: String(Substring(bytes[bytes.index(after: place)..<end])),
                                    written: String(Substring(bytes[place..<after]))))
                copied = after
                searchFrom = after
            }
            self.text = text
            self.places = places
            tail = String(Substring(bytes[copied...]))
        }

        /// Each place filled by its argument, `{count}` by `count` first; a
        /// place with no argument is kept as written.
        func filled(_ arguments: KeyValuePairs<String, String>, count: String? = nil) -> String {
            guard !places.isEmpty, !arguments.isEmpty || count != nil else { return text }
            // The parts side by side on the stack, then copied once into a
            // string of their length: appending each costs several times more.
            return withUnsafeTemporaryAllocation(of: String.self, capacity: places.count * 2 + 1) { parts in
                var filled = 0
                for place in places {
                    let argument = place.name == "count" && count != nil ? count : arguments.first(where: { $0.key == place.name })?.value
                    parts.initializeElement(at: filled, to: place.before)
                    parts.initializeElement(at: filled + 1, to: argument ?? place.written)
                    filled += 2
                }
                parts.initializeElement(at: filled, to: tail)
                let used = UnsafeMutableBufferPointer(rebasing: parts[...filled])
                defer { used.deinitialize() }
                return String.joined(used)
            }
        }
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
