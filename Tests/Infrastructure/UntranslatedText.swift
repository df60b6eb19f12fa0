import Foundation

/// Finds the words a page shows that came neither from a pseudo-language's
/// catalog (every word of which is wrapped in ⟦…⟧) nor from the study's own
/// content: English left in code. Text nodes and the attributes people read
/// (`aria-label`, `title`, `alt`, `placeholder`, the scripts' `data-said-*`)
/// are checked; a node that is a piece of a content file is the study's.
public struct UntranslatedText {
    /// The words of CareFeed's English catalog: any of them outside ⟦…⟧ is a word the code wrote.
    let vocabulary: Set<String>
    /// Every content file's text, its whitespace collapsed.
    let corpus: String

    public init(englishCatalog: [String], content folder: String) throws {
        var words = Set<String>()
        for text in englishCatalog {
            for word in Self.words(text.replacingOccurrences(of: #"\{\w+\}"#, with: " ", options: .regularExpression)) {
                words.insert(word.lowercased())
            }
        }
        vocabulary = words
        var corpus = ""
        let manager = FileManager.default
        for file in try manager.subpathsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".md") || file.hasSuffix(".yaml") {
            corpus += (try String(contentsOfFile: folder + "/" + file, encoding: .utf8)) + "\n"
        }
        self.corpus = Self.collapsed(corpus)
    }

    /// `[(text, word)]`: each piece of `html` that shows a catalog word outside the catalog's wrapping.
    public func findings(in html: String) -> [(text: String, word: String)] {
        var pieces: [String] = []
        let body = html.replacingOccurrences(of: #"(?s)<script.*?</script>|<style.*?</style>|<!--.*?-->"#, with: " ",
                                             options: .regularExpression)
        for match in body.matches(of: /(?s)>([^<]+)</) { pieces.append(String(match.output.1)) }
        for match in body.matches(of: /(?:aria-label|title|alt|placeholder|data-said-[a-z-]+|data-label|data-busy-label)="([^"]*)"/) {
            pieces.append(String(match.output.1))
        }
        var found: [(String, String)] = []
        for piece in pieces {
            let text = Self.collapsed(Self.decoded(piece))
            // A SHA-256 is a value, whatever words its hex digits spell.
            if text.count == 64, text.allSatisfy(\.isHexDigit) { continue }
            // What is left outside the catalog's words, cut where pages join words and values.
            var depth = 0
            var kept = ""
            // A date and time as CLDR writes them (`Mar 15, 2026 at 07:34`): no pseudo-language has them.
            for character in text.replacingOccurrences(of: Self.cldrDate, with: "|", options: .regularExpression) {
                switch character {
                case "⟦": depth += 1; kept.append("|")
                case "⟧": depth = max(depth - 1, 0); kept.append("|")
                default: kept.append(depth == 0 ? character : "|")
                }
            }
            // A value set apart from the words around it (`⁨ana@example.org⁩`) is cut out as the value it is.
            let fragments = kept.split(whereSeparator: { "|·,:;()\u{2068}\u{2069}".contains($0) }).map {
                Self.collapsed(String($0)).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            }
            for fragment in fragments where !fragment.isEmpty && !corpus.contains(fragment) {
                let words = Self.words(fragment.replacingOccurrences(of: #"[A-Za-z]+/[A-Za-z_/+-]+"#, with: " ",
                                                                       options: .regularExpression))
                if let word = words.first(where: { vocabulary.contains($0.lowercased()) && $0.count > 1
                                                   && !Self.technical.contains($0.uppercased()) }) {
                    found.append((text, word))
                    break
                }
            }
        }
        return found
    }

    static let cldrDate = #"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4} at \d{1,2}:\d{2}"#

    /// Names of standards, the same in every language.
    static let technical: Set<String> = ["SHA", "FHIR", "UTC", "GMT", "PDF", "CSV", "JSON"]

    static func words(_ text: String) -> [String] {
        text.split { !($0.isASCII && $0.isLetter) && $0 != "'" }.map(String.init).filter { $0.contains(where: \.isLetter) }
    }

    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
