import Foundation
import Support

/// One language's words: each key's text, or its texts by CLDR plural
/// category. Built-in catalogs ship inside the program as JSON (which is
/// also YAML, so one can be copied into a study's `content/i18n/` as it is);
/// a study's own are read from YAML by the content loader.
public struct Catalog: Sendable, Equatable {
    public enum Entry: Sendable, Equatable {
        /// `Step {step} of {count}`
        case text(String)
        /// `one: {count} entry`, `other: {count} entries`, by CLDR category.
        case plural([PluralCategory: String])
    }

    public var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    /// The languages CareFeed ships words for, by the name of their catalog.
    public static let shippedLanguages: [LanguageTag] = ["en", "de", "fr", "es", "zh-Hans", "ja", "ar"].map { LanguageTag($0)! }

    /// The catalog shipped for `tag`'s language, matched on language and
    /// script: `de` for `de-CH`, `zh-Hans` for `zh-CN` but not for `zh-TW`.
    public static func shipped(for tag: LanguageTag) -> Catalog? {
        guard let shipped = shippedLanguages.first(where: { $0.language == tag.language
            && ($0.script == nil || $0.script == tag.likelyScript) }) else { return nil }
        return Catalog[builtIn: shipped.identifier]
    }

    /// Catalog name → catalog, each decoded the first time it is asked for:
    /// a build in one language need not read all seven.
    static subscript(builtIn name: String) -> Catalog? {
        decoded.value(for: name) {
            guard let base64 = embeddedFiles.first(where: { $0.path == name + ".json" })?.base64,
                  let data = Data(base64Encoded: base64.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }) else { return nil }
            return try? Catalog(json: data)
        }
    }

    private static let decoded = Locked<[String: Catalog?]>([:])

    public struct Malformed: Error, CustomStringConvertible {
        public let key: String
        public let problem: String
        public var description: String { key.isEmpty ? problem : "\(key): \(problem)" }
    }

    /// A catalog from a JSON object of keys to texts or to objects of plural forms.
    public init(json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw Malformed(key: "", problem: "a catalog is an object of words")
        }
        var entries: [String: Entry] = [:]
        for (key, value) in object {
            if let text = value as? String {
                entries[key] = .text(text)
            } else if let forms = value as? [String: String] {
                entries[key] = .plural(try Self.pluralForms(forms, key: key))
            } else {
                throw Malformed(key: key, problem: "a word is a text, or an object of plural forms")
            }
        }
        self.entries = entries
    }

    /// Plural forms keyed by CLDR category names, `other` among them.
    public static func pluralForms(_ forms: [String: String], key: String) throws -> [PluralCategory: String] {
        var result: [PluralCategory: String] = [:]
        for (name, text) in forms {
            guard let category = PluralCategory(rawValue: name) else {
                throw Malformed(key: key, problem: "'\(name)' is not a plural form; use zero, one, two, few, many or other")
            }
            result[category] = text
        }
        guard result[.other] != nil else { throw Malformed(key: key, problem: "plural forms need an 'other' form") }
        return result
    }

    /// Every word of `catalog` wrapped and accented, `⟦Ţöðåý⟧`: a language no
    /// one speaks, which shows any word on a page that did not come from a catalog.
    public static func pseudolocalized(_ catalog: Catalog) -> Catalog {
        func accent(_ text: String) -> String {
            var result = ""
            var inPlaceholder = false
            for character in text {
                if character == "{" { inPlaceholder = true }
                result.append(inPlaceholder ? character : (accents[character] ?? character))
                if character == "}" { inPlaceholder = false }
            }
            return "⟦" + result + "⟧"
        }
        return Catalog(entries: catalog.entries.mapValues { entry in
            switch entry {
            case .text(let text): .text(accent(text))
            case .plural(let forms): .plural(forms.mapValues(accent))
            }
        })
    }

    static let accents: [Character: Character] = [
        "a": "å", "c": "ç", "d": "ð", "e": "é", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ", "k": "ķ", "l": "ļ", "n": "ñ",
        "o": "ö", "r": "ŕ", "s": "š", "t": "ţ", "u": "ü", "w": "ŵ", "y": "ý", "z": "ž", "A": "Å", "C": "Ç", "D": "Ð",
        "E": "É", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "N": "Ñ", "O": "Ö", "R": "Ŕ", "S": "Š",
        "T": "Ţ", "U": "Ü", "W": "Ŵ", "Y": "Ý", "Z": "Ž",
    ]
}

/// A CLDR plural category.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}
