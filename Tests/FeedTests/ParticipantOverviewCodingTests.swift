import Foundation
import Feed
import Testing

/// A build's manifest keeps each participant's overview figures; a hand-edited or damaged one must be
/// refused (the site is then built whole), never make the overview ask for every week to a number no study reaches.
@Suite struct ParticipantOverviewCodingTests {
    static func overview(adherence: String, means: String = "{}") -> String {
        """
        {"enrolledOn": "2026-03-01", "standing": {"active": {}}, "signed": true, "joined": true,
         "adherence": \(adherence), "means": \(means), "withheld": []}
        """
    }

    @Test func weeksAndCountsAProgramCouldWriteAreRead() throws {
        let read = try JSONDecoder().decode(ParticipantOverview.self, from: Data(Self.overview(adherence: "[0, 3, 4, 1, 0, 2]").utf8))
        #expect(read.adherence.map(\.week) == [0, 1] && read.adherence.map(\.completed) == [3, 0])
    }

    @Test func aWeekOutOfRangeOrCountsThatDoNotAddUpAreRefused() {
        for adherence in ["[\(Int.max), 0, 1]", "[\(1 << 40), 0, 1]", "[-1, 0, 1]", "[0, 5, 4]", "[0, -1, 4]", "[0, 1]"] {
            #expect(throws: (any Error).self, "\(adherence)") {
                try JSONDecoder().decode(ParticipantOverview.self, from: Data(Self.overview(adherence: adherence).utf8))
            }
        }
        let tooManyWeeks = "{\"checkIn/pain\": [" + Array(repeating: "1", count: 1_000).joined(separator: ",") + "]}"
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(ParticipantOverview.self, from: Data(Self.overview(adherence: "[]", means: tooManyWeeks).utf8))
        }
    }
}
