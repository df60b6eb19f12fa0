import CareModel
import CareStore
import Feed
import Foundation
import Support
import Words

/// The participant, their outcomes and their feed as last computed, and the
/// day feed pages rendered from them: computed again only after anyone
/// wrote to the store, the content changed or the day turned.
final class ParticipantCache: Sendable {
    struct Snapshot: Sendable {
        var stamp: CareStore.ChangeStamp
        /// The content generation the feed was worked out from.
        var generation: Int
        var today: LocalDate
        /// The language the participant reads in, whose words the feed's cards carry.
        var language: LanguageTag
        var participant: Participant
        var records: ParticipantRecords
        /// The live ones of `records`, as stored.
        var outcomes: [Outcome]
        /// The participant as they see themselves: everything they gave, scored, and their feed.
        var view: ParticipantView
        var feed: ParticipantFeed { view.feed }
        /// Where the participant stands: joined, asked to consent again, withdrawn.
        var standing: Standing { view.standing }
    }

    private struct Entry {
        var snapshot: Snapshot
        var feedPages: [LocalDate: PageTemplate] = [:]
    }

    private let entry = Locked<Entry?>(nil)

    /// The snapshot for the store's `stamp`, the content's `generation` and
    /// `today`, from the cache or from `make`.
    func snapshot(stamp: CareStore.ChangeStamp, generation: Int, today: (Participant) -> LocalDate,
                  language: (Participant) -> LanguageTag, make: () throws -> Snapshot) rethrows -> Snapshot {
        if let cached = entry.value?.snapshot, cached.stamp == stamp, cached.generation == generation,
           cached.today == today(cached.participant), cached.language == language(cached.participant) {
            return cached
        }
        let snapshot = try make()
        entry.update { $0 = Entry(snapshot: snapshot) }
        return snapshot
    }

    /// The feed page of `day` made from `snapshot`, rendered by `render` the first time.
    func feedPage(_ day: LocalDate, of snapshot: Snapshot, render: () -> PageTemplate) -> PageTemplate {
        if let cached = entry.value.flatMap({ Self.isSame($0.snapshot, snapshot) ? $0.feedPages[day] : nil }) {
            return cached
        }
        let template = render()
        entry.update { entry in
            // Only into the snapshot it came from: a newer one has other data.
            if let current = entry, Self.isSame(current.snapshot, snapshot) {
                entry?.feedPages[day] = template
            }
        }
        return template
    }

    private static func isSame(_ one: Snapshot, _ other: Snapshot) -> Bool {
        one.stamp == other.stamp && one.generation == other.generation && one.today == other.today
            && one.language == other.language
    }
}
