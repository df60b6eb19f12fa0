import Foundation
import Support

/// A BCP 47 language tag such as `de-DE`, `zh-Hans` or `ar`, in its
/// canonical case: the language in lower case, a script in title case, a
/// region in upper case.
public struct LanguageTag: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// `de-DE`
    public let identifier: String
    /// `de`
    public let language: String
    /// `Hans`, when the tag names a script.
    public let script: String?
    /// `DE` or `419`, when the tag names a region.
    public let region: String?

    /// Reads a tag, or nil when `text` is not one: a language of two or
    /// three letters, then an optional script of four letters, region of two
    /// letters or three digits, and variants. `_` is read as `-`.
    public init?(_ text: some StringProtocol) {
        // BCP 47 allows longer tags; the store keeps at most 35 characters, as RFC 5646 asks implementations to.
        guard text.count <= 35 else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var canonical = [first.lowercased()]
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            guard !part.isEmpty, part.count <= 8, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if script == nil, region == nil, canonical.count == 1, part.count == 4, part.allSatisfy(\.isLetter) {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
                canonical.append(script!)
            } else if region == nil, canonical.count <= 2, (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                region = part.uppercased()
                canonical.append(region!)
            } else {
                guard part.count >= 4 || part.first?.isNumber == true else { return nil }
                canonical.append(part.lowercased())
            }
        }
        identifier = canonical.joined(separator: "-")
        language = canonical[0]
        self.script = script
        self.region = region
    }

    /// US English, the study's own language when `study.yaml` names none.
    public static let usEnglish = LanguageTag("en-US")!

    /// The tag and each shorter one it falls back to: `de-CH-1996`, `de-CH`, `de`.
    public var fallbacks: [LanguageTag] {
        var parts = identifier.split(separator: "-")
        var tags: [LanguageTag] = []
        while !parts.isEmpty {
            if let tag = LanguageTag(parts.joined(separator: "-")) { tags.append(tag) }
            parts.removeLast()
        }
        return tags
    }

    /// The script the language is written in when the tag names none, by
    /// CLDR's likely subtags: `Hans` for `zh-CN`, `Hant` for `zh-TW`, `Latn` for `de`.
    public var likelyScript: String? {
        script ?? Locale.Language(identifier: identifier).maximalIdentifier.split(separator: "-").dropFirst()
            .first { $0.count == 4 }.map(String.init)
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu).
    public var isRightToLeft: Bool {
        // Asked once a tag, under a lock: every page asks, and reading it
        // from several threads at once was seen to corrupt memory.
        Self.rightToLeft.value(for: identifier, limit: 1_000) {
            Locale.Language(identifier: identifier).characterDirection == .rightToLeft
        }
    }

    private static let rightToLeft = Locked([String: Bool]())

    /// `rtl` or `ltr`, for an `<html dir>` attribute.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    /// The language's name in itself, as a language picker shows it: `Deutsch`, `日本語`, `English (Australia)`.
    public var nativeName: String {
        // Asked once a tag: a page footer names its language.
        Self.nativeNames.value(for: identifier, limit: 1_000) {
            let locale = Locale(identifier: identifier)
            let name = locale.localizedString(forIdentifier: identifier).map { $0.prefix(1).uppercased(with: locale) + $0.dropFirst() }
            return name.map { $0.isEmpty ? identifier : $0 } ?? identifier
        }
    }

    private static let nativeNames = Locked([String: String]())

    public var description: String { identifier }

    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.identifier < rhs.identifier }
}
