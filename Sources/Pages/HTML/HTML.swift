/// Escaping for text and attribute values: every string from content, the
/// store or a request goes through here before it reaches a page.
public enum HTML {
    public static func escape(_ text: String) -> String {
        // Most text has nothing to escape: return it without copying.
        let needsEscaping = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }
        } ?? true
        guard needsEscaping else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}

extension String {
    /// This text, escaped for HTML text or a quoted attribute value.
    var html: String { HTML.escape(self) }
}
