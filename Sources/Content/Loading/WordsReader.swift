import Words

extension FieldReader {
    /// `languages: [de-DE, en-GB]`: BCP 47 tags, the study's own first; US English when absent.
    func languages(_ node: YAMLNode?) -> [LanguageTag] {
        enter(.languages)
        defer { leave() }
        guard let node else { return [.usEnglish] }
        guard let items = list(node, "languages") else { return [.usEnglish] }
        var tags: [LanguageTag] = []
        for item in items {
            guard let text = text(item, "a language") else { continue }
            guard let tag = LanguageTag(text) else {
                error("'\(text)' is not a language tag; write one such as de-DE, en-GB, ja or zh-Hans", at: item)
                continue
            }
            if tags.contains(tag) {
                error("\(tag) is listed twice in languages", at: item)
            } else {
                tags.append(tag)
            }
        }
        if items.isEmpty { error("languages lists no language; the first is the study's own, such as en-US", at: node) }
        return tags.isEmpty ? [.usEnglish] : tags
    }

    /// A study's own words, `content/i18n/<tag>.yaml`: each key a built-in
    /// word, each value its text or its plural forms (`one:`, `other:`, …).
    func catalog(_ node: YAMLNode) -> Catalog? {
        guard case .mapping(let pairs) = node.value else {
            error("a words file maps built-in words to their texts, such as 'begin: Los geht’s'", at: node)
            return nil
        }
        let known = Set(Word.allCases.map(\.rawValue))
        var entries: [String: Catalog.Entry] = [:]
        for (keyNode, value) in pairs {
            guard let key = text(keyNode, "a word's key") else { continue }
            guard known.contains(key) else {
                let suggestion = Self.closest(to: key, in: Word.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                let shown = key.count > 80 ? String(key.prefix(60)) + "…" : key
                error("'\(shown)' is not one of CareFeed's words\(suggestion)", at: keyNode)
                continue
            }
            switch value.value {
            case .scalar:
                if let text = text(value, key) { entries[key] = .text(text) }
            case .mapping(let forms):
                var texts: [String: String] = [:]
                for (formNode, textNode) in forms {
                    if let form = text(formNode, "a plural form"), let text = text(textNode, "\(key).\(form)") { texts[form] = text }
                }
                do {
                    entries[key] = .plural(try Catalog.pluralForms(texts, key: key))
                } catch {
                    self.error("\(error)", at: value)
                }
            case .sequence:
                error("\(key) must be a text, or its plural forms such as 'one:' and 'other:'", at: value)
            }
            // The places English leaves for values, filled the same: else a page shows "{name}", or loses a value.
            if let entry = entries[key], let problem = Catalog.placeholderProblem(key: key, entry) {
                error("\(key) \(problem)", at: value)
                entries[key] = nil
            }
        }
        return Catalog(entries: entries)
    }
}
