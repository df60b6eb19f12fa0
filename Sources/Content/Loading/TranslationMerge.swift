/// A translation's front matter laid over its original's, as SPEC §9 has
/// it: the translation repeats the original's shape and order with only the
/// words in it. The result is the original with the translation's words in
/// their places, read by the same readers as the original; everything else
/// the translation says must be what the original says, or it is an error
/// at the translation's line.
struct TranslationMerge {
    /// The keys whose values are words: titles, texts, labels, units, legends, roles, notes, visits and a
    /// question's explanation, and a contact's name (an office's is translated, a person's repeated).
    static let wordKeys: Set<String> = ["title", "text", "detail", "summary", "alt", "label", "legend", "role", "note",
                                        "button", "minLabel", "maxLabel", "unit", "institution", "name", "visit", "explain"]

    /// The translation's file, where every mistake is reported.
    let reader: FieldReader

    func merge(_ original: YAMLNode, _ translation: YAMLNode, key: String? = nil) -> YAMLNode {
        switch (original.value, translation.value) {
        case (.mapping(let originalPairs), .mapping(let translatedPairs)):
            var merged = originalPairs
            var lastIndex = -1
            for (translatedKey, translatedValue) in translatedPairs {
                guard case .scalar(let name, _) = translatedKey.value,
                      let index = originalPairs.firstIndex(where: { if case .scalar(name, _) = $0.key.value { true } else { false } }) else {
                    reader.error("\(FieldReader.describe(translatedKey)) is not in the original; a translation holds only "
                                 + "the original's keys", at: translatedKey)
                    continue
                }
                if index < lastIndex {
                    reader.error("'\(name)' comes before where the original has it; keep the original's order", at: translatedKey)
                }
                lastIndex = index
                let originalValue = originalPairs[index].value
                if Self.wordKeys.contains(name), case .scalar = originalValue.value {
                    guard case .scalar = translatedValue.value else {
                        reader.error("'\(name)' must be text, as in the original", at: translatedValue)
                        continue
                    }
                    merged[index].value = translatedValue
                } else {
                    merged[index].value = merge(originalValue, translatedValue, key: name)
                }
            }
            var node = original
            node.value = .mapping(merged)
            return node
        case (.sequence(let originalItems), .sequence(let translatedItems)):
            guard originalItems.count == translatedItems.count else {
                let what = key.map { "'\($0)'" } ?? "this list"
                reader.error("\(what) has \(translatedItems.count) entries where the original has \(originalItems.count); "
                             + "a translation keeps every entry, in the original's order", at: translation)
                return original
            }
            var node = original
            node.value = .sequence(zip(originalItems, translatedItems).map { pair in
                // A plain-text option is its own stored value: the translation changes only what is shown.
                if key == "options", case .scalar(let value, _) = pair.0.value, case .scalar = pair.1.value {
                    var option = pair.1
                    let valueKey = YAMLNode(value: .scalar("value", plain: true), line: pair.1.line, column: pair.1.column)
                    let textKey = YAMLNode(value: .scalar("text", plain: true), line: pair.1.line, column: pair.1.column)
                    option.value = .mapping([(valueKey, YAMLNode(value: .scalar(value, plain: false), line: pair.0.line,
                                                                column: pair.0.column)),
                                             (textKey, pair.1)])
                    return option
                }
                return merge(pair.0, pair.1, key: key)
            })
            return node
        case (.scalar(let originalText, _), .scalar(let translatedText, _)):
            if originalText != translatedText {
                reader.error("'\(translatedText)' differs from the original's '\(originalText)'; a translation holds only "
                             + "words, so leave this out or repeat it exactly", at: translation)
            }
            return original
        default:
            reader.error("this is a \(FieldReader.shape(translation)) where the original has a \(FieldReader.shape(original))",
                         at: translation)
            return original
        }
    }
}
