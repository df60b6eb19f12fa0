import CareModel
import CareStore
import Feed
import Foundation
import Support
import Words

/// The participant, their outcomes and their feed as last computed, and the
/// day feed pages rendered from them: computed again only after something
/// about them changed in the store, the content changed or the day turned.
final class ParticipantCache: Sendable {
    /// A class, so that the cache, each request's context and the pages made from it share one, not copies.
    final class Snapshot: Sendable {
        let stamp: CareStore.ParticipantStamp
        /// The content generation the feed was worked out from.
        let generation: Int
        let today: LocalDate
        /// The language the participant reads in, whose words the feed's cards carry.
        let language: LanguageTag
        let participant: Participant
        let records: ParticipantRecords
        /// The live ones of `records`, as stored.
        let outcomes: [Outcome]
        /// The participant as they see themselves: everything they gave, scored, and their feed.
        let view: ParticipantView
        var feed: ParticipantFeed { view.feed }
        /// Where the participant stands: joined, asked to consent again, withdrawn.
        var standing: Standing { view.standing }

        init(stamp: CareStore.ParticipantStamp, generation: Int, today: LocalDate, language: LanguageTag,
             participant: Participant, records: ParticipantRecords, outcomes: [Outcome], view: ParticipantView) {
            self.stamp = stamp
            self.generation = generation
            self.today = today
            self.language = language
            self.participant = participant
            self.records = records
            self.outcomes = outcomes
            self.view = view
        }
    }

    private struct Entry {
        var snapshot: Snapshot
        var feedPages: [LocalDate: PageTemplate] = [:]
        /// When it was last read, by the cache's own count: the one read longest ago goes first.
        var used: UInt64 = 0
    }

    private struct Entries {
        var byParticipant: [String: Entry] = [:]
        var reads: UInt64 = 0
    }

    private let entries = Locked(Entries())
    /// Participants held at once: one for a preview; for a hosted study,
    /// those active lately, so memory stays bounded however many enrol.
    let capacity: Int

    init(capacity: Int = 1) {
        self.capacity = max(1, capacity)
    }

    /// The snapshot of `participantID` for the store's `stamp`, the
    /// content's `generation` and `today`, from the cache or from `make`.
    func snapshot(of participantID: String, stamp: CareStore.ParticipantStamp, generation: Int, today: (Participant) -> LocalDate,
                  language: (Participant) -> LanguageTag, make: () throws -> Snapshot) rethrows -> Snapshot {
        let cached = entries.update { entries -> Snapshot? in
            entries.reads += 1
            entries.byParticipant[participantID]?.used = entries.reads
            return entries.byParticipant[participantID]?.snapshot
        }
        if let cached, cached.stamp == stamp, cached.generation == generation,
           cached.today == today(cached.participant), cached.language == language(cached.participant) {
            return cached
        }
        let snapshot = try make()
        entries.update { entries in
            entries.reads += 1
            entries.byParticipant[participantID] = Entry(snapshot: snapshot, used: entries.reads)
            if entries.byParticipant.count > capacity,
               let oldest = entries.byParticipant.min(by: { $0.value.used < $1.value.used })?.key {
                entries.byParticipant[oldest] = nil
            }
        }
        return snapshot
    }

    /// The feed page of `day` made from `snapshot`, rendered by `render` the first time.
    func feedPage(_ day: LocalDate, of snapshot: Snapshot, render: () -> PageTemplate) -> PageTemplate {
        let id = snapshot.participant.id
        // Read in place: a copy of all the entries held while another thread writes would copy them all again.
        if let cached = entries.update({ entries in
            entries.byParticipant[id].flatMap { Self.isSame($0.snapshot, snapshot) ? $0.feedPages[day] : nil }
        }) {
            return cached
        }
        let template = render()
        entries.update { entries in
            // Only into the snapshot it came from: a newer one has other data.
            if let current = entries.byParticipant[id], Self.isSame(current.snapshot, snapshot) {
                entries.byParticipant[id]?.feedPages[day] = template
            }
        }
        return template
    }

    private static func isSame(_ one: Snapshot, _ other: Snapshot) -> Bool {
        one.stamp == other.stamp && one.generation == other.generation && one.today == other.today
            && one.language == other.language
    }
}
