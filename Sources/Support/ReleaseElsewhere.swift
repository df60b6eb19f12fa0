import Dispatch

/// Lets `value`'s memory go a second from now on another thread, for a
/// caller that is done with it: taking apart ten thousand notes' parsed
/// front matter, or a finished build's study, costs tens of milliseconds
/// on one core, on the path of a build that waits for nothing from it. A
/// command that ends sooner leaves it to the exit, which frees everything
/// at once; a server lets it go once the caller has long returned, so the
/// last reference is the one released here.
public func releaseElsewhere<Value>(_ value: consuming Value) {
    let box = Box(value)
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) { withExtendedLifetime(box) {} }
}

/// Unchecked: the box is never read, only released, on one thread at a time.
private final class Box<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: consuming Value) {
        self.value = value
    }
}
