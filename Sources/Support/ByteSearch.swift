import Glibc

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// Where `needle` first starts at or after `start`: the one byte search
    /// for markup, which is large and slow to search as Swift characters.
    /// Inlinable, so that each caller gets a copy made for its own collection.
    @inlinable
    public func firstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, count >= needle.count else { return nil }
        let from = Swift.max(start, startIndex)
        // Bytes side by side in memory: `memchr` finds each place the needle's first byte stands, many bytes a step.
        if let found = withContiguousStorageIfAvailable({ buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = from - startIndex
            let last = buffer.count - needle.count
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if needle.withUnsafeBufferPointer({ memcmp(hit, $0.baseAddress!, needle.count) }) == 0 {
                    return startIndex + position
                }
                offset = position + 1
            }
            return nil
        }) {
            return found
        }
        var index = from
        while index <= endIndex - needle.count {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
