import CICUShim

/// A language's CLDR plural rules, from ICU: which form `1 Eintrag`,
/// `2 Einträge` or Arabic's six a number takes.
final class PluralRules: @unchecked Sendable {
    // Unchecked: ICU's rules are immutable once opened, and selecting is const.
    private let rules: OpaquePointer?

    init(_ tag: LanguageTag) {
        rules = carefeed_plural_rules_open(tag.identifier.replacingOccurrences(of: "-", with: "_"))
    }

    deinit {
        if let rules { carefeed_plural_rules_close(rules) }
    }

    /// `other` where ICU has no rules for the language.
    func category(of number: Double) -> PluralCategory {
        guard let rules else { return .other }
        var buffer = [CChar](repeating: 0, count: 16)
        let length = Int(carefeed_plural_rules_select(rules, number, &buffer, Int32(buffer.count)))
        guard length > 0 else { return .other }
        let name = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return PluralCategory(rawValue: name) ?? .other
    }
}
