import Dispatch

/// Lets `value`'s memory go on another thread, for a caller that is done
/// with it and holds it alone: taking apart ten thousand notes' parsed front
/// matter costs tens of milliseconds on one core, on the path of a build
/// that waits for nothing from it. In a process that is about to end, the
/// exit may come first and frees it all at once.
public func releaseElsewhere<Value>(_ value: consuming Value) {
    let box = Box(value)
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(box) {} }
}

/// Unchecked: the box is never read, only released, on one thread at a time.
private final class Box<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: consuming Value) {
        self.value = value
    }
}
