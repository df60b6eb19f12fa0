import CareModel
import Feed
import Foundation
import Markup
import Support

extension FeedPage {
    /// What the pages of one participant, in one language for one reader,
    /// work out once and show again: each week's strip, drawn for the day
    /// pages (one folder, so they link alike), whose seven days differ only
    /// in which is shown; the day pages' chrome around their title and main
    /// part, and the links under their cards; and each answer in words,
    /// which other days, a card open for several days and the audit trail say again.
    public final class Kept {
        struct Drawn {
            var opening: HTML
            /// Each day's item, as it is when the page shows another day, and when it shows this one.
            var items: [(other: HTML, shown: HTML)]
        }

        /// An outcome as stored, and the version of its task it is read by.
        /// Equal when the whole outcome is; hashed by where it stands (its
        /// row, event and entry), which equal outcomes share: hashing every
        /// value of every outcome cost more than the answers it spared. Its
        /// text compares as String's `==` does, not byte for byte: safe, as
        /// an id names one stored row for as long as a `Kept` lives.
        struct AnswerKey: Hashable {
            let outcome: Outcome
            let taskVersion: Int

            func hash(into hasher: inout Hasher) {
                hasher.combine(outcome.id)
                hasher.combine(outcome.occurrence)
                hasher.combine(outcome.entry)
                hasher.combine(outcome.eventDay)
                hasher.combine(taskVersion)
            }
        }

        /// One answer, its values all of one kind, and the version of its task it is read by.
        /// Equal when task, version and every value are; hashed by the version
        /// and each value's kind and answer, which tell a participant's lines apart.
        struct LineKey: Hashable {
            let taskID: String
            let taskVersion: Int
            let values: [OutcomeValue]

            func hash(into hasher: inout Hasher) {
                hasher.combine(taskVersion)
                for value in values {
                    hasher.combine(value.kind)
                    hasher.combine(value.value)
                }
            }

            /// Byte for byte: String's `==` takes text typed with other, equivalent scalars (a decomposed
            /// "ö") as the same, and a line shows an answer's bytes as given, which another's must not stand for.
            static func == (left: LineKey, right: LineKey) -> Bool {
                left.taskVersion == right.taskVersion && same(left.taskID, right.taskID) && left.values.count == right.values.count
                    && zip(left.values, right.values).allSatisfy { one, other in
                        guard same(one.kind, other.kind), same(one.unit, other.unit) else { return false }
                        if case .text(let text) = one.value, case .text(let otherText) = other.value { return same(text, otherText) }
                        return one.value == other.value
                    }
            }

            private static func same(_ one: String?, _ other: String?) -> Bool {
                guard var one, var other else { return one == nil && other == nil }
                // Compared as memory: walking the two views byte by byte cost more than the lines it looked up.
                return one.withUTF8 { one in
                    other.withUTF8 { other in
                        one.count == other.count && (one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0)
                    }
                }
            }
        }

        /// What the links under a day's cards depend on, of the day.
        struct DayLinksKey: Hashable {
            let isOnboarded: Bool
            let isWithdrawn: Bool
            let isStudyFinished: Bool
        }

        /// What a day's ring looks like and says, but for its day.
        struct RingKey: Hashable {
            let ring: AdherenceRing?
            let state: RingState?
        }

        var strips: [LocalDate: Drawn] = [:]
        var rings: [RingKey: (track: HTML, label: String)] = [:]
        /// Each weekday's name in the strip, by `LocalDate.weekday`.
        var weekdayNames: [Int: HTML] = [:]
        var dayLinks: [DayLinksKey: HTML] = [:]
        var answers: [AnswerKey: String] = [:]
        /// Each answer's line, `Pain: 3`, by the answer.
        var lines: [LineKey: String] = [:]
        /// The link to each of the participant's days, nil for a day without a page: each is linked from
        /// the day before and after, its week's strip and, for today, every other day.
        var feedLinks: [LocalDate: String?] = [:]
        /// The largest main part of a day page so far, in bytes: the next one starts with room for it.
        var mainCapacity = 4096
        /// The day pages' chrome: alike on every day page but for its title.
        let chrome = Layout.Chrome()

        public init() {}
    }

    /// The link to the participant's page of `day`, as `kept` has it from another of their pages: kept by
    /// the day alone, since every page that asks (the day pages) is in one folder.
    static func feedLink(_ feed: FeedDay, _ day: LocalDate, reader: Reader, kept: Kept) -> String? {
        kept.feedLinks.value(for: day) { reader.links.feed(feed.participant.id, day) }
    }
}
