import CICUShim
import Support

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

    /// The categories of the whole numbers below `Self.smallNumbers`, each asked of ICU once.
    private let small = Locked<[PluralCategory?]>(Array(repeating: nil, count: PluralRules.smallNumbers))
    private static let smallNumbers = 128

    /// `other` where ICU has no rules for the language.
    func category(of number: Double) -> PluralCategory {
        guard rules != nil else { return .other }
        // Pages count the same few things again and again: days, answers, entries.
        guard number.sign == .plus, number < Double(Self.smallNumbers), number.rounded(.down) == number else { return select(number) }
        let index = Int(number)
        if let kept = small.update({ $0[index] }) { return kept }
        let category = select(number)
        small.update { $0[index] = category }
        return category
    }

    private func select(_ number: Double) -> PluralCategory {
        guard let rules else { return .other }
        var buffer = [CChar](repeating: 0, count: 16)
        let length = Int(carefeed_plural_rules_select(rules, number, &buffer, Int32(buffer.count)))
        guard length > 0 else { return .other }
        let name = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return PluralCategory(rawValue: name) ?? .other
    }
}
