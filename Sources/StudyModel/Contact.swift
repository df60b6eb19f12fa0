/// A member of the care team, as CareKit's contacts view lists them: who
/// they are, and how to reach them.
public struct Contact: Hashable, Sendable {
    public var name: String
    public var role: String?
    /// As written, for reading; `telURI` is what a phone dials.
    public var phone: String?
    public var email: String?
    /// A postal address; line breaks are kept.
    public var address: String?
    /// When to call, or what the contact helps with.
    public var note: String?

    public init(name: String, role: String? = nil, phone: String? = nil, email: String? = nil, address: String? = nil,
                note: String? = nil) {
        self.name = name
        self.role = role
        self.phone = phone
        self.email = email
        self.address = address
        self.note = note
    }

    /// `tel:+12125550142`: the phone number's digits and leading `+`.
    public var telURI: String? {
        phone.map { "tel:" + PhoneNumber.dialable($0) }
    }
}

/// Phone numbers as people write them: digits with spaces, dashes, dots or
/// parentheses, and a leading `+` for an international number.
public enum PhoneNumber {
    /// What a phone dials: the leading `+` and the digits.
    public static func dialable(_ written: String) -> String {
        (written.hasPrefix("+") ? "+" : "") + written.filter(\.isASCIIDigit)
    }

    /// Nil for a number a phone can dial; otherwise what is wrong with it.
    public static func problem(_ written: String) -> String? {
        let allowed = Set("0123456789 -().")
        if let bad = written.dropFirst(written.hasPrefix("+") ? 1 : 0).first(where: { !allowed.contains($0) }) {
            return bad == "+" ? "a '+' may only come first" : "'\(bad)' has no place in a phone number"
        }
        let digits = written.filter(\.isASCIIDigit).count
        guard (7...15).contains(digits) else {
            return "a phone number has 7 to 15 digits, not \(digits)"
        }
        var depth = 0
        for character in written {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth < 0 || depth > 1 { return "its parentheses do not pair up" }
        }
        return depth == 0 ? nil : "its parentheses do not pair up"
    }
}

/// E-mail addresses as a `mailto:` link needs them: one `@`, a name before
/// it and a domain with a dot after it, and no spaces.
public enum EmailAddress {
    public static func isValid(_ written: String) -> Bool {
        let parts = written.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !written.contains(where: { $0.isWhitespace || "<>,;:\"()[]\\".contains($0) })
        else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        } && labels.last?.allSatisfy(\.isLetter) == true
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
