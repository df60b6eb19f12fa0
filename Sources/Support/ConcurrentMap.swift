import Dispatch

/// `transform` applied to every element, on every core; results in order.
/// Each call must touch only its own element and what it creates.
public func concurrentMap<Element: Sendable, Result>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
    var results = [Result?](repeating: nil, count: elements.count)
    results.withUnsafeMutableBufferPointer { buffer in
        // Each index is written by exactly one iteration, and read only after all have finished.
        nonisolated(unsafe) let buffer = buffer
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            buffer[index] = transform(elements[index])
        }
    }
    return results.map { $0! }
}
