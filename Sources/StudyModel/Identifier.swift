/// Ids that become file names and URLs: tasks, notes, documents, participants.
public enum Identifier {
    /// A letter, then letters, digits, `-` or `_`; at most 64 characters.
    public static func isValid(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, first.isASCIILetter, value.utf8.count <= 64 else { return false }
        return value.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }
}
