import Foundation
import Support

/// What sessions have entered and not yet stored, kept in memory for a
/// while: at most `capacity` sessions, each until `lifetime` after it last
/// changed. A new session past the cap takes the place of the one changed
/// longest ago, so whatever sessions a client starts, the drafts held stay
/// few.
final class SessionDrafts<Draft: Sendable>: Sendable {
    /// Sessions with a draft at once: a participant has a browser or two.
    static var defaultCapacity: Int { 32 }
    /// A day: time to come back to a half-finished form, not to keep it forever.
    static var defaultLifetime: TimeInterval { 24 * 60 * 60 }

    private let drafts = Locked<[String: (draft: Draft, changed: Date)]>([:])
    let capacity: Int
    let lifetime: TimeInterval
    private let now: @Sendable () -> Date

    init(capacity: Int = defaultCapacity, lifetime: TimeInterval = defaultLifetime,
         now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.lifetime = lifetime
        self.now = now
    }

    /// The session's draft, unless it has none or it expired.
    subscript(session: String) -> Draft? {
        let now = now()
        return drafts.update { drafts in
            guard let entry = drafts[session] else { return nil }
            guard now.timeIntervalSince(entry.changed) < lifetime else {
                drafts[session] = nil
                return nil
            }
            return entry.draft
        }
    }

    /// Changes the session's draft (a new one from `empty` if it has none)
    /// in one locked step, and returns it as changed.
    @discardableResult
    func update(_ session: String, empty: @autoclosure () -> Draft, _ change: (inout Draft) -> Void) -> Draft {
        let now = now()
        return drafts.update { drafts in
            var draft = drafts[session].flatMap { now.timeIntervalSince($0.changed) < lifetime ? $0.draft : nil } ?? empty()
            change(&draft)
            if drafts[session] == nil {
                makeRoom(in: &drafts, at: now)
            }
            drafts[session] = (draft, now)
            return draft
        }
    }

    func remove(_ session: String) {
        drafts.update { _ = $0.removeValue(forKey: session) }
    }

    /// Sessions with a draft now, expired ones included until they are next looked at.
    var count: Int {
        drafts.value.count
    }

    /// Drops expired drafts, then, if still full, the one changed longest ago.
    private func makeRoom(in drafts: inout [String: (draft: Draft, changed: Date)], at now: Date) {
        guard drafts.count >= capacity else { return }
        drafts = drafts.filter { now.timeIntervalSince($0.value.changed) < lifetime }
        while drafts.count >= capacity, let oldest = drafts.min(by: { $0.value.changed < $1.value.changed })?.key {
            drafts[oldest] = nil
        }
    }
}
