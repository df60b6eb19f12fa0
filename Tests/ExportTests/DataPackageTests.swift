import CareModel
import Content
import Export
import Feed
import Foundation
import Testing
import TestSupport
import StudyModel

/// The Frictionless Data Package: a Table Schema that says what each column
/// holds, and cells that tell apart why a value is not there.
@Suite struct DataPackageTests {
    let plan: CarePlan
    /// Surgery a week after joining: the knee questionnaire's first visit, a week before it, is on the day they join.
    let participant = Participant(id: "p1", name: "Ada", timeZone: Fixtures.newYork, enrolledOn: Fixtures.date("2026-03-01"),
                                  dates: ["surgery": Fixtures.date("2026-03-08")])
    let created = Fixtures.instant("2026-03-03T15:00:00.250Z")

    init() throws {
        plan = CarePlan(study: try #require(ContentLoader.load(directory: Repository.content, publicDirectory: nil).study))
    }

    /// Recover's knee function: no locking, so its follow-up is not shown; night pain declined to answer.
    var outcome: Outcome {
        .kneeFunction(createdAt: created)
    }

    func files(declining: Set<String> = [], outcomes: [Outcome]? = nil) throws -> [String: String] {
        let grants = declining.isEmpty ? [] : [PermissionGrant(id: 1, participantID: "p1", permissionID: "nightPain", kind: "health",
                                                               granted: false, recordedAt: created)]
        let export = StudyExport(participants: [participant], outcomes: outcomes ?? [outcome], consentRecords: [],
                                 permissionGrants: grants,
                                 healthPermissions: declining.isEmpty ? [] : [SharingRule(permissionID: "nightPain", types: declining)],
                                 names: false, plan: plan)
        let files = try DataPackage(export: export, plan: plan, now: Fixtures.instant("2026-03-05T17:00:00Z")).files()
        return Dictionary(files.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// The package of a study of one task, `id`, whose form items are `items`, with `values` answered to its first event.
    func files(ofTask id: String, items: String, values: [OutcomeValue] = []) throws -> [String: String] {
        let folder = try StudyFolder(files: ["content/tasks/\(id).md": """
            ---
            id: \(id)
            title: Task
            schedule:
              - { start: enrollment, allDay: true }
            survey:
              - type: form
                items:
            \(items)
            ---
            """])
        let plan = CarePlan(study: try #require(ContentLoader.load(directory: folder.content, publicDirectory: nil).study))
        let answers = values.isEmpty ? [] : [Outcome(id: 1, participantID: "p1", taskID: id, taskVersion: 1, occurrence: 0,
                                                     eventDay: Fixtures.date("2026-03-01"),
                                                     eventStart: Fixtures.instant("2026-03-01T05:00:00Z"),
                                                     eventEnd: Fixtures.instant("2026-03-02T05:00:00Z"), values: values,
                                                     createdAt: created)]
        let export = StudyExport(participants: [participant], outcomes: answers, consentRecords: [], permissionGrants: [],
                                 healthPermissions: [], names: false, plan: plan)
        return Dictionary(try DataPackage(export: export, plan: plan, now: Fixtures.instant("2026-03-05T17:00:00Z")).files()
            .map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    func resource(_ name: String, in files: [String: String]) throws -> [String: Any] {
        let text = try #require(files["datapackage.json"])
        let descriptor = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let resources = try #require(descriptor["resources"] as? [[String: Any]])
        return try #require(resources.first { $0["name"] as? String == name })
    }

    func field(_ name: String, of resource: [String: Any]) throws -> [String: Any] {
        let fields = try #require((resource["schema"] as? [String: Any])?["fields"] as? [[String: Any]])
        return try #require(fields.first { $0["name"] as? String == name })
    }

    @Test func eachColumnSaysItsTypeRangeAndWhatItsValuesMean() throws {
        let knee = try resource("knee-function", in: try files())
        #expect(knee["path"] as? String == "kneeFunction.csv")
        let painOften = try field("painOften", of: knee)
        #expect(painOften["type"] as? String == "integer")
        #expect(painOften["constraints"] as? [String: Int] == ["minimum": 0, "maximum": 4], "codes that are numbers, read as numbers")
        #expect((painOften["description"] as? String)?.contains("0 = Never; 1 = Once a month or less") == true)
        // Its codes and their words as Table Schema categories, for R's factors and pandas' categoricals.
        let categories = try #require(painOften["categories"] as? [[String: Any]])
        #expect(categories.map { $0["value"] as? Int } == [0, 1, 2, 3, 4])
        #expect(categories.map { $0["label"] as? String } == ["Never", "Once a month or less", "Once a week or so", "Every day",
                                                              "All the time"])
        #expect((try field("lockingOften", of: knee)["categories"] as? [[String: Any]])?.map { $0["value"] as? String }
                == ["rarely", "weekly", "daily"], "codes that are words, as text")
        let locking = try field("locking", of: knee)
        #expect(locking["type"] as? String == "boolean")
        #expect((try field("lockingOften", of: knee)["description"] as? String)?.contains("otherwise \"not shown\"") == true)
        let score = try field("kneeScore", of: knee)
        #expect(score["type"] as? String == "number")
        #expect(score["constraints"] as? [String: Int] == ["minimum": 0, "maximum": 100])
        let schema = try #require(knee["schema"] as? [String: Any])
        #expect(schema["missingValues"] as? [String] == [""], "only an empty cell is missing in every column")
        let codes = { (field: [String: Any]) in (field["missingValues"] as? [[String: String]])?.map { $0["value"] ?? "?" } }
        #expect(codes(try field("painNight", of: knee)) == ["", "not shared", "not chosen yet", "prefer not to answer"])
        #expect(codes(try field("lockingOften", of: knee)) == [""], "a text column holds no code a participant could type")
        let reason = try field("lockingOften_missing", of: knee)
        #expect(reason["constraints"] as? [String: [String]] == ["enum": ["not shared", "not chosen yet", "not shown"]])
        #expect(codes(score) == ["not shared", "not chosen yet", "too few answers"])
        #expect((try field("painNight", of: knee)["missingValues"] as? [[String: String]])?[3]["label"]
                == "The participant chose not to answer")
        #expect((score["description"] as? String)?.contains("then rescaled so that 0 becomes 100 and 4 becomes 0") == true)
        #expect(schema["primaryKey"] as? [String] == ["study_id", "occurrence"])
    }

    @Test func aCellSaysWhyAValueIsNotThere() throws {
        let rows = try #require(try files()["kneeFunction.csv"]).components(separatedBy: "\r\n")
        #expect(rows[0] == "study_id,occurrence,visit,task_version,event_day,answered_at,study_day,study_week,answered_day,days_late,painOften,painStairs,painNight,"
                + "stiffMorning,stiffLater,locking,lockingOften,lockingOften_missing,rising,walking,socks,trust,kneeScore")
        #expect(rows[1] == "p1,0,Before surgery,1,2026-03-01,2026-03-03T15:00:00Z,1,1,2026-03-03,2,1,1,prefer not to answer,1,1,false,,not shown,1,1,1,3,75")
        let declined = try #require(try files(declining: ["painNight"])["kneeFunction.csv"]).components(separatedBy: "\r\n")
        #expect(declined[1] == "p1,0,Before surgery,1,2026-03-01,2026-03-03T15:00:00Z,1,1,2026-03-03,2,1,1,not shared,1,1,false,,not shown,1,1,1,3,not shared",
                "a score is withheld with an item it is worked out from")
    }

    @Test func noNameLeavesTheStoreAndTheSameStoreGivesTheSameBytes() throws {
        let first = try files(), second = try files()
        #expect(first == second)
        #expect(first["participants.csv"] == "study_id,language,time_zone,enrolled_on,joined_on,withdrawn_on,finished_on,surgery_date,"
                + "status\r\np1,en-US,America/New_York,2026-03-01,,,,2026-03-08,enrolled\r\n")
        #expect(!first.values.contains { $0.contains("Ada") })
    }

    @Test func aScoreIsWrittenAtTheFullPrecisionEveryExportHas() throws {
        var answered = outcome
        answered.values = answered.values.map { value in
            value.kind == "painOften" ? OutcomeValue(kind: "painOften", value: .text("2"))
                : value.kind == "painNight" ? OutcomeValue(kind: "painNight", value: .text("1")) : value
        }
        let score = try #require(plan.scored(answered).value("kneeScore")?.value.number)
        #expect(score != (score * 1e10).rounded() / 1e10, "a score with more than ten decimals")
        let row = try #require(try files(outcomes: [answered])["kneeFunction.csv"]).components(separatedBy: "\r\n")[1]
        #expect(row.hasSuffix("," + OutcomeValue.Value.decimal(score).text), "as JSON and CSV write it: \(row)")
    }

    @Test func aChoicesCodeIsWrittenAsItsEnumHasIt() throws {
        let files = try files(ofTask: "sign", items: "      - { id: trend, text: Better or worse?, answer: { choice: { options: "
                                  + "[{ value: \"+\", text: Better }, { value: \"-\", text: Worse }] } } }",
                              values: [OutcomeValue(kind: "trend", value: .text("-"))])
        let rows = try #require(files["sign.csv"]).components(separatedBy: "\r\n")
        #expect(rows[1] == "p1,0,1,2026-03-01,2026-03-03T15:00:00Z,1,1,2026-03-03,2,-,", "the code its own enum lists, not '-")
        #expect(try field("trend", of: resource("sign", in: files))["constraints"] as? [String: [String]] == ["enum": ["+", "-"]])
    }

    @Test func aTextThatReadsLikeAReasonIsTheParticipantsTextNotAMissingValue() throws {
        let items = """
                  - { id: note, text: Anything else?, answer: text }
                  - { id: pain, text: Pain?, answer: { scale: { min: 0, max: 10, step: 1 } } }
            """
        let typed = try files(ofTask: "diary", items: items, values: [OutcomeValue(kind: "note", value: .text("not shown"))])
        let rows = try #require(typed["diary.csv"]).components(separatedBy: "\r\n")
        #expect(rows[0] == "study_id,occurrence,task_version,event_day,answered_at,study_day,study_week,answered_day,days_late,note,note_missing,pain")
        #expect(rows[1] == "p1,0,1,2026-03-01,2026-03-03T15:00:00Z,1,1,2026-03-03,2,not shown,,", "the text as typed, and no reason beside it")
        let resource = try resource("diary", in: typed)
        let note = try field("note", of: resource)
        #expect(note["missingValues"] as? [[String: String]] == [["value": "", "label": "Not answered"]])
        #expect((try field("pain", of: resource)["missingValues"] as? [[String: String]])?.map { $0["value"] }
                == ["", "not shared", "not chosen yet"])
    }

    /// A question on a page asked only when an earlier answer calls for it is as conditional as one with a condition of its own.
    @Test func aQuestionOnAConditionalPageCanBeNotShown() throws {
        let folder = try StudyFolder(files: ["content/tasks/diary.md": """
            ---
            id: diary
            title: Diary
            schedule:
              - { start: enrollment, allDay: true }
            survey:
              - type: form
                items:
                  - { id: pain, text: Pain?, answer: { scale: { min: 0, max: 10, step: 1 } } }
              - type: form
                showIf: { item: pain, atLeast: 7 }
                items:
                  - { id: painNote, text: What helps?, answer: text }
                  - { id: pills, text: How many pills?, answer: { numeric: { min: 0, max: 10 } } }
            ---
            """])
        let plan = CarePlan(study: try #require(ContentLoader.load(directory: folder.content, publicDirectory: nil).study))
        let answered = Outcome(id: 1, participantID: "p1", taskID: "diary", taskVersion: 1, occurrence: 0,
                               eventDay: Fixtures.date("2026-03-01"), eventStart: Fixtures.instant("2026-03-01T05:00:00Z"),
                               eventEnd: Fixtures.instant("2026-03-02T05:00:00Z"),
                               values: [OutcomeValue(kind: "pain", value: .integer(2))], createdAt: created)
        let export = StudyExport(participants: [participant], outcomes: [answered], consentRecords: [], permissionGrants: [],
                                 healthPermissions: [], names: false, plan: plan)
        let files = Dictionary(try DataPackage(export: export, plan: plan, now: Fixtures.instant("2026-03-05T17:00:00Z")).files()
            .map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        let rows = try #require(files["diary.csv"]).components(separatedBy: "\r\n")
        #expect(rows[0] == "study_id,occurrence,task_version,event_day,answered_at,study_day,study_week,answered_day,days_late,pain,painNote,painNote_missing,pills")
        #expect(rows[1] == "p1,0,1,2026-03-01,2026-03-03T15:00:00Z,1,1,2026-03-03,2,2,,not shown,not shown")
        let resource = try resource("diary", in: files)
        #expect((try field("pills", of: resource)["missingValues"] as? [[String: String]])?.map { $0["value"] }
                == ["", "not shared", "not chosen yet", "not shown"])
        #expect((try field("painNote_missing", of: resource)["constraints"] as? [String: [String]])?["enum"]?.contains("not shown") == true)
    }

    @Test func onlyCodesWrittenAsWholeNumbersMakeANumberColumn() throws {
        let files = try files(ofTask: "code", items: """
                  - { id: padded, text: Which?, answer: { choice: { options: [{ value: "01", text: One }, { value: "1", text: Uno }] } } }
                  - { id: plain, text: Which?, answer: { choice: { options: [{ value: "-1", text: Less }, { value: "2", text: More }] } } }
            """)
        let resource = try resource("code", in: files)
        #expect(try field("padded", of: resource)["type"] as? String == "string", "01 and 1 are two codes, not one number")
        #expect(try field("plain", of: resource)["type"] as? String == "integer")
    }

    @Test func aMultipleChoiceHasAColumnPerOptionAndATextIsQuotedAgainstFormulas() throws {
        let content = Repository.root + "/Tests/ContentTests/Studies/sleep-clinic/content"
        let plan = CarePlan(study: try #require(ContentLoader.load(directory: content, publicDirectory: nil).study))
        let diary = Outcome(id: 1, participantID: "p1", taskID: "sleepDiary", taskVersion: 1, occurrence: 0,
                            eventDay: Fixtures.date("2026-03-01"), eventStart: Fixtures.instant("2026-03-01T05:00:00Z"),
                            eventEnd: Fixtures.instant("2026-03-02T05:00:00Z"),
                            values: [OutcomeValue(kind: "sleepQuality", value: .decimal(3.5)),
                                     OutcomeValue(kind: "totalSleep", value: .decimal(6.5), unit: "h"),
                                     OutcomeValue(kind: "disturbances", value: .text("Noise")),
                                     OutcomeValue(kind: "disturbances", value: .text("Pain")),
                                     OutcomeValue(kind: "wakeFeeling", value: .text("Groggy")),
                                     OutcomeValue(kind: "diaryNotes", value: .text("=HYPERLINK(\"x\")"))],
                            createdAt: created)
        let export = StudyExport(participants: [participant], outcomes: [diary], consentRecords: [], permissionGrants: [],
                                 healthPermissions: [], names: false, plan: plan)
        let files = Dictionary(try DataPackage(export: export, plan: plan, now: Fixtures.instant("2026-03-05T17:00:00Z")).files()
            .map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        let rows = try #require(files["sleepDiary.csv"]).components(separatedBy: "\r\n")
        #expect(rows[0] == "study_id,occurrence,task_version,event_day,answered_at,study_day,study_week,answered_day,days_late,sleepQuality,totalSleep,disturbances_Noise,"
                + "disturbances_Light,disturbances_Bathroom,disturbances_Worrying thoughts,disturbances_Pain,"
                + "disturbances_Partner,wakeFeeling,wakeFeeling_missing,napped,diaryNotes,diaryNotes_missing")
        #expect(rows[1] == "p1,0,1,2026-03-01,2026-03-03T15:00:00Z,1,1,2026-03-03,2,3.5,6.5,true,false,false,false,true,false,Groggy,,,"
                + "\"'=HYPERLINK(\"\"x\"\")\",")
        let resource = try resource("sleep-diary", in: files)
        #expect(try field("sleepQuality", of: resource)["type"] as? String == "number")
        #expect((try field("totalSleep", of: resource)["description"] as? String)?.contains("in h") == true)
        #expect(try field("disturbances_Pain", of: resource)["type"] as? String == "boolean")
        #expect((try field("diaryNotes", of: resource)["constraints"] as? [String: Int]) == ["maxLength": 280])
    }
}

extension DataPackageTests {
    @Test func theDictionaryListsEachColumnWithItsChoicesBoundsConditionAndFormula() throws {
        let rows = try #require(try files()["dictionary.csv"]).components(separatedBy: "\r\n")
        #expect(rows[0] == "variable,table,field_type,label,choices,unit,unit_ucum,minimum,maximum,branching_logic,"
                + "branching_logic_redcap,required,score_formula")
        #expect(rows.contains("painOften,kneeFunction.csv,radio,How often does your knee hurt?,\"0, Never | 1, Once a month "
                              + "or less | 2, Once a week or so | 3, Every day | 4, All the time\",,,,,,,y,"))
        #expect(rows.contains("lockingOften,kneeFunction.csv,radio,How often does it catch or lock?,\"rarely, Now and then | "
                              + "weekly, Every week | daily, Every day\",,,,,locking equals true,[locking] = 'true',y,"))
        // A unit in the study's words, and its UCUM code beside it.
        #expect(rows.contains("sleep,checkIn.csv,number,How many hours did you sleep last night?,,hours,h,0,24,,,y,"))
        #expect(rows.contains("range,rangeOfMotion.csv,integer,How far can you bend your knee?,,degrees,deg,0,160,,,y,"))
        let score = try #require(rows.first { $0.hasPrefix("kneeScore,") })
        #expect(score.hasPrefix("kneeScore,kneeFunction.csv,calc,Knee function,,,,0,100,,,,\"Knee function: the mean of the answered items"))
        #expect(!rows.contains { $0.hasPrefix("lockingOften_missing,") }, "a reason column is not a question of its own")
    }
}
