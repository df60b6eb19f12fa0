extension Dictionary {
    /// The value kept for `key`, made the first time it is asked for. Once
    /// `limit` keys are kept, a new one is made each time and not kept.
    @inlinable
    public mutating func value(for key: Key, limit: Int = .max, make: () -> Value) -> Value {
        if let known = self[key] { return known }
        let made = make()
        if count < limit { self[key] = made }
        return made
    }
}
