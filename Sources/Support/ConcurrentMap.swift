import Dispatch
import Foundation

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

/// `body` applied to `elements` cut into as many shares as there are cores,
/// each share on one core; results in order. For work too small an element
/// to hand out one at a time.
public func concurrentShares<Element: Sendable, Result>(_ elements: [Element],
                                                        _ body: @Sendable (ArraySlice<Element>) -> Result) -> [Result] {
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let share = max(1, (elements.count + cores - 1) / cores)
    let shares = stride(from: 0, to: elements.count, by: share).map { elements[$0..<min(elements.count, $0 + share)] }
    return concurrentMap(shares, body)
}
