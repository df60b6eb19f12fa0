import Foundation

/// A value shared between threads, touched only with its lock held.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `stored` is only read or written inside `lock`.
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value { lock.withLock { stored } }

    /// Changes the value in place and returns what `change` returns.
    @discardableResult
    public func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&stored) }
    }
}
