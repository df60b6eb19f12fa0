import Dispatch
import Foundation

/// `transform` applied to every element, on every core; results in order.
/// Each call must touch only its own element and what it creates.
public func concurrentMap<Element: Sendable, Result>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
    // Each result is made in its place, so none is copied again on one core afterwards.
    Array(unsafeUninitializedCapacity: elements.count) { buffer, initialized in
        // Each place is initialized by exactly one iteration, and the array read only after all have finished.
        nonisolated(unsafe) let buffer = buffer
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            (buffer.baseAddress! + index).initialize(to: transform(elements[index]))
        }
        initialized = elements.count
    }
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
