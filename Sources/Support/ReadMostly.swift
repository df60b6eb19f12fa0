import Glibc

/// A value shared between threads that is read far more often than it is
/// changed: readers hold a shared lock and never wait for one another, as
/// threads rendering pages do when they look up what is already formatted.
public final class ReadMostly<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `stored` is only read with `lock` held for reading, and
    // written with it held for writing.
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    private var stored: Value

    public init(_ value: Value) {
        stored = value
        lock = .allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// What `look` reads of the value, beside other readers.
    public func read<Result>(_ look: (Value) -> Result) -> Result {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return look(stored)
    }

    /// Changes the value in place, alone.
    @discardableResult
    public func update<Result>(_ change: (inout Value) -> Result) -> Result {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return change(&stored)
    }
}
