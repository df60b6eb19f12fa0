import Support

/// A finished page cut where the form token goes, so each request only
/// joins the parts around its own token.
struct PageTemplate: Sendable {
    var parts: [[UInt8]]

    /// Cuts `bytes` at each `standIn`.
    init(_ bytes: [UInt8], cutAt standIn: [UInt8]) {
        parts = []
        var start = 0
        while let found = bytes.firstIndex(of: standIn, from: start) {
            parts.append(Array(bytes[start..<found]))
            start = found + standIn.count
        }
        parts.append(Array(bytes[start...]))
    }

    func filled(with token: [UInt8]) -> [UInt8] {
        var page: [UInt8] = []
        page.reserveCapacity(parts.reduce(0) { $0 + $1.count } + (parts.count - 1) * token.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { page += token }
            page += part
        }
        return page
    }
}
