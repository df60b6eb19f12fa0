import CareModel
import Foundation
import Testing
import TestSupport

/// Which of a participant's values the study team may see: what their
/// health permissions, and only their latest answer to each, allow.
@Suite struct SharingTests {
    let rules = [SharingRule(permissionID: "shareHealthData", types: ["pain", "sleep", "rangeOfMotion"])]

    func rule(_ id: String, _ types: Set<String>) -> SharingRule {
        SharingRule(permissionID: id, types: types)
    }

    @Test func aDeclinedPermissionWithholdsTheFormItemsAndTheWholeTasksItNames() {
        let sharing = Sharing(rules: [rule("shareHealthData", ["pain", "rangeOfMotion"])], participantID: "p1",
                              grants: [Fixtures.healthGrant(false, at: "2026-03-01T14:00:00Z")])
        #expect(!sharing.isShared(taskID: "checkIn", kind: "pain"))
        #expect(sharing.isShared(taskID: "checkIn", kind: "sleep"))
        #expect(!sharing.isShared(taskID: "rangeOfMotion", kind: "range"))
        #expect(!sharing.sharesEverything)
    }

    @Test func aPermissionNeverAnsweredSharesNothingItNames() {
        let sharing = Sharing(rules: rules, participantID: "p1", grants: [])
        #expect(sharing.withheld == ["pain", "sleep", "rangeOfMotion"])
    }

    @Test func aPermissionNeverAnsweredIsNotChosenYetAndADeclineIsADecline() {
        let undecided = Sharing(rules: rules, participantID: "p1", grants: [])
        #expect(undecided.withholding(taskID: "checkIn", kind: "pain") == .notChosen)
        #expect(!undecided.hasDeclined)
        let declined = Sharing(rules: rules, participantID: "p1", grants: [Fixtures.healthGrant(false, at: "2026-03-01T14:00:00Z")])
        #expect(declined.withholding(taskID: "checkIn", kind: "pain") == .declined)
        #expect(declined.hasDeclined)
        #expect(declined.withholding(taskID: "checkIn", kind: "mood") == nil)
        let outcome = Fixtures.outcome(task: "checkIn", [OutcomeValue(kind: "pain", value: .integer(3))])
        #expect(undecided.notShared(outcome, because: .declined) == [])
        #expect(undecided.notShared(outcome, because: .notChosen) == ["pain"])
    }

    @Test func aDeclineCoveringATypeOutweighsAnotherPermissionNotYetAnswered() {
        let sharing = Sharing(rules: [rule("shareHealthData", ["pain"]), rule("shareSleep", ["pain", "sleep"])], participantID: "p1",
                              grants: [Fixtures.healthGrant(false, at: "2026-03-01T14:00:00Z")])
        #expect(sharing.withholding(taskID: "checkIn", kind: "pain") == .declined)
        #expect(sharing.withholding(taskID: "checkIn", kind: "sleep") == .notChosen)
    }

    @Test func onlyTheLatestAnswerIsInForce() {
        let changedToNo = Sharing(rules: rules, participantID: "p1",
                                  grants: [Fixtures.healthGrant(true, at: "2026-03-01T14:00:00Z"), Fixtures.healthGrant(false, at: "2026-03-03T09:00:00Z")])
        #expect(!changedToNo.isShared(taskID: "checkIn", kind: "pain"))
        let changedToYes = Sharing(rules: rules, participantID: "p1",
                                   grants: [Fixtures.healthGrant(true, at: "2026-03-03T09:00:00Z"), Fixtures.healthGrant(false, at: "2026-03-01T14:00:00Z")])
        #expect(changedToYes.sharesEverything)
    }

    @Test func anotherParticipantsAnswerDoesNotCount() {
        let sharing = Sharing(rules: rules, participantID: "p1",
                              grants: [Fixtures.healthGrant(true, at: "2026-03-01T14:00:00Z", participant: "p2")])
        #expect(!sharing.isShared(taskID: "checkIn", kind: "sleep"))
    }

    @Test func valuesNoPermissionNamesAreShared() {
        let sharing = Sharing(rules: rules, participantID: "p1", grants: [])
        #expect(sharing.isShared(taskID: "checkIn", kind: "mood"))
        #expect(Sharing(rules: [], participantID: "p1", grants: []).sharesEverything)
    }

    @Test func aSharedOutcomeKeepsOnlyItsSharedValuesAndNamesTheOthersOnce() {
        let sharing = Sharing(withheld: ["sleep", "swelling"])
        let answered = Fixtures.outcome(task: "checkIn", [
            OutcomeValue(kind: "pain", value: .integer(4)),
            OutcomeValue(kind: "sleep", value: .decimal(6.5), unit: "hours"),
            OutcomeValue(kind: "swelling", value: .text("knee")),
            OutcomeValue(kind: "swelling", value: .text("ankle")),
        ])
        #expect(sharing.shared(answered).values == [OutcomeValue(kind: "pain", value: .integer(4))])
        #expect(sharing.notShared(answered) == ["sleep", "swelling"])
        #expect(Sharing.everything.shared(answered) == answered)
    }
}
