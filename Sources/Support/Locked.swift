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

extension Locked {
    /// The value kept for `key`, made with the lock held the first time it
    /// is asked for. Once `limit` keys are kept, a new one is made each time
    /// and not kept, so what a hostile input names cannot grow it.
    public func value<Key: Hashable, Kept>(for key: Key, limit: Int = .max, make: () -> Kept) -> Kept
    where Value == [Key: Kept] {
        update { $0.value(for: key, limit: limit, make: make) }
    }
}
