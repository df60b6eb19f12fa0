extension Array where Element == UInt8 {
    /// Where `needle` first starts at or after `start`: the one byte search
    /// for markup, which is large and slow to search as Swift characters.
    public func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, count >= needle.count else { return nil }
        var index = start
        while index <= count - needle.count {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
