import Foundation

/// Which of a study's languages a browser prefers, from its
/// `Accept-Language` header (RFC 9110 §12.5.4), as the first onboarding page
/// offers it already chosen.
public enum LanguageChoice {
    /// The study's language the header ranks first: an exact tag before one
    /// of the same language (`de-AT` finds `de-DE`); nil when none matches.
    public static func preferred(by header: String?, among languages: [Language]) -> Language? {
        guard let header else { return nil }
        var ranked: [(tag: LanguageTag, quality: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").prefix(32).enumerated() {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = fields.first, let tag = LanguageTag(first) else { continue }
            let weight = fields.dropFirst().first { $0.lowercased().hasPrefix("q=") }.map { Double($0.dropFirst(2)) } ?? 1
            guard let quality = weight, quality.isFinite, quality > 0, quality <= 1 else { continue }
            ranked.append((tag, quality, order))
        }
        ranked.sort { ($0.quality, -$0.order) > ($1.quality, -$1.order) }
        for wanted in ranked {
            if let exact = languages.first(where: { $0.tag == wanted.tag }) { return exact }
            if let same = languages.first(where: { $0.tag.language == wanted.tag.language
                && ($0.tag.likelyScript == wanted.tag.likelyScript) }) { return same }
        }
        return nil
    }
}
