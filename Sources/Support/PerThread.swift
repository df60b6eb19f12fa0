import Glibc

/// A value each thread keeps its own of, read and changed without a lock:
/// for what threads rendering pages look up again and again, where even a
/// shared read lock had every lookup wait on the other core.
///
/// Each instance takes one of the process's thread-specific keys; past
/// their limit, `update` works on a value of the call's own, so it is
/// correct though nothing is kept.
public final class PerThread<Value>: @unchecked Sendable {
    // Unchecked: each thread reaches only the box its own key slot holds.
    // The value lives behind a pointer, not in a stored property: changing a
    // property in place has the runtime check every access for overlap, which
    // cost more than the lookups this serves. Only the box's own thread reaches it.
    private final class Box {
        let value: UnsafeMutablePointer<Value>

        init(_ value: Value) {
            self.value = .allocate(capacity: 1)
            self.value.initialize(to: value)
        }

        deinit {
            value.deinitialize(count: 1)
            value.deallocate()
        }
    }

    /// A constant: read from a `var`, every lookup paid the runtime's check of the access for overlap.
    private let key: pthread_key_t
    private let hasKey: Bool
    private let initial: @Sendable () -> Value

    public init(_ initial: @escaping @Sendable () -> Value) {
        self.initial = initial
        var key = pthread_key_t()
        // A thread's box is released when the thread ends.
        hasKey = pthread_key_create(&key) { box in
            if let box { Unmanaged<AnyObject>.fromOpaque(box).release() }
        } == 0
        self.key = key
    }

    deinit {
        // Threads still holding a box keep it until they end; a deleted key runs no destructor, so those leak, once.
        if hasKey { pthread_key_delete(key) }
    }

    /// Changes this thread's value in place and returns what `change` returns.
    /// `change` must not call `update` of the same instance: nothing checks it.
    public func update<Result>(_ change: (inout Value) -> Result) -> Result {
        guard hasKey else {
            var value = initial()
            return change(&value)
        }
        if let stored = pthread_getspecific(key) {
            // The key holds the box for as long as its thread lives: no retain is needed to use it.
            return Unmanaged<Box>.fromOpaque(stored)._withUnsafeGuaranteedRef { change(&$0.value.pointee) }
        }
        let box = Box(initial())
        pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
        return change(&box.value.pointee)
    }
}
