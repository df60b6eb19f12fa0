extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// Where `needle` first starts at or after `start`: the one byte search
    /// for markup, which is large and slow to search as Swift characters.
    /// Inlinable, so that each caller gets a copy made for its own collection.
    @inlinable
    public func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, count >= needle.count else { return nil }
        var index = Swift.max(start, startIndex)
        while index <= endIndex - needle.count {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
