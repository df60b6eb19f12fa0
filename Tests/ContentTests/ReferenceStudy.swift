import Content
import Foundation
import TestSupport
import StudyModel

/// A small Recover study that the reference's examples are placed into, one
/// at a time: the tasks, values, document and note they name exist here.
struct ReferenceStudy {
    let folder: TemporaryDirectory
    var content: String { folder.path + "/content" }
    var publicFolder: String { folder.path + "/Public" }

    /// The study with `example` written into it, replacing the file of the
    /// same name.
    init(_ example: ReferenceExample) throws {
        folder = try TemporaryDirectory()
        for (path, text) in Self.files {
            try folder.write(path, text)
        }
        try FileManager.default.createDirectory(atPath: publicFolder + "/models", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestStudy.publicFolder + "/models/knee.glb",
                                         toPath: publicFolder + "/models/knee.glb")
        let (path, text) = Self.file(for: example)
        try folder.write(path, text)
    }

    /// The task an example is in: its own id, or `example`.
    static func taskID(_ example: ReferenceExample) -> String {
        guard example.kind == .task else { return "example" }
        return example.block.text.split(separator: "\n").first { $0.hasPrefix("id:") }
            .map { $0.dropFirst(3).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? "example"
    }

    func load() -> ContentLoader.Result {
        ContentLoader.load(directory: content, publicDirectory: publicFolder)
    }

    /// Messages as `check` gives them for a study in `content/` with its
    /// public folder `Public/`.
    func messages(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { $0.message.replacingOccurrences(of: folder.path + "/", with: "") }
    }

    /// The path a block names in a comment `# file: tasks/checkIn.md`, under `content/`.
    static func namedFile(_ example: ReferenceExample) -> String? {
        example.block.text.split(separator: "\n").first { $0.hasPrefix("# file: ") }
            .map { "content/" + $0.dropFirst("# file: ".count).trimmingCharacters(in: .whitespaces) }
    }

    private static func file(for example: ReferenceExample) -> (String, String) {
        let (path, text) = defaultFile(for: example)
        return (namedFile(example) ?? path, text)
    }

    private static func defaultFile(for example: ReferenceExample) -> (String, String) {
        let text = example.block.text
        let task = "---\nid: example\ntitle: Example\n"
        let daily = "schedule:\n  - { start: enrollment, every: 1 day, at: \"08:00\" }\n"
        switch (example.kind, example.isWholeFile) {
        case (.task, true): return ("content/tasks/\(taskID(example)).md", text + "\n")
        case (.note, true): return ("content/education/example.md", text + "\n")
        case (.consent, true): return ("content/consent/example.md", text + "\n")
        case (.study, _):
            let whole = text.split(separator: "\n").contains { $0.hasPrefix("title:") }
            return ("content/study.yaml", (whole ? "" : studyHeader) + text + "\n")
        case (.task, _): return ("content/tasks/\(taskID(example)).md", "---\n" + text + "\n---\nInstructions.\n")
        case (.schedule, _): return ("content/tasks/example.md", task + text + "\n---\n")
        case (.survey, _): return ("content/tasks/example.md", task + daily + text + "\n---\n")
        case (.item, _):
            let items = text.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
            return ("content/tasks/example.md",
                    task + daily + "survey:\n  - type: form\n    items:\n" + items.joined(separator: "\n") + "\n---\n")
        case (.consent, _): return ("content/consent/example.md", "---\n" + text + "\n---\nThe text.\n")
        case (.note, _): return ("content/education/example.md", "---\n" + text + "\n---\nThe note.\n")
        }
    }

    private static let studyHeader = """
        title: Recover
        institution: Example Orthopaedic Research Unit
        contact: recover-study@example.org
        timezone: America/New_York
        dates:
          - { id: surgery, label: Day of surgery }

        """

    private static let files: [String: String] = [
        "content/study.yaml": studyHeader,
        "content/tasks/checkIn.md": """
            ---
            id: checkIn
            title: Check in
            schedule:
              - { start: enrollment, every: 1 day, at: "08:00" }
            survey:
              - type: form
                items:
                  - id: pain
                    text: How bad is your knee pain right now?
                    answer: { scale: { min: 0, max: 10, step: 1 } }
                  - id: sleep
                    text: How many hours did you sleep last night?
                    answer: { numeric: { min: 0, max: 24, decimals: 1, unit: hours } }
                  - id: walked
                    text: Did you walk today?
                    answer: boolean
                  - id: feeling
                    text: In a word, how do you feel?
                    answer: text
            ---
            """,
        "content/tasks/rangeOfMotion.md": """
            ---
            id: rangeOfMotion
            title: Range of motion
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: form
                items:
                  - id: range
                    text: How far can you bend your knee?
                    answer: { numeric: { min: 0, max: 160, unit: degrees } }
            ---
            """,
        "content/tasks/kneeFunction.md": """
            ---
            id: kneeFunction
            title: Knee function
            schedule:
              - { start: enrollment, every: 2 weeks, allDay: true, window: 7 days }
            survey:
              - type: form
                items:
                  - { id: painStairs, text: Pain on stairs?, answer: { scale: { min: 0, max: 4, step: 1 } } }
                  - { id: painNight, text: Pain at night?, answer: { scale: { min: 0, max: 4, step: 1 } } }
            scores:
              - { id: kneeScore, label: Knee function, items: [painStairs, painNight], rescale: { from: [0, 4], to: [100, 0] } }
            ---
            """,
        "content/tasks/painMedicine.md": """
            ---
            id: painMedicine
            title: Pain medicine, as needed
            log: true
            ---
            Tap each time you take a dose.
            """,
        "content/tasks/onboarding.md": """
            ---
            id: onboarding
            title: Join the Recover study
            impactsAdherence: false
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: consent
                document: recover
                signature: drawn
              - type: completion
                title: You're in
            ---
            """,
        "content/consent/recover.md": """
            ---
            title: Consent to take part in the Recover study
            version: "1.0"
            ---
            This form explains the Recover study.
            """,
        "content/education/meniscus.md": """
            ---
            title: About the meniscus
            summary: What the meniscus is.
            model:
              src: models/knee.glb
              format: glb
              alt: Right knee seen from the front
            ---
            The meniscus is a pad of cartilage.
            """,
        "content/education/first-weeks-exercises.md": """
            ---
            title: Exercises in the first weeks
            summary: Gentle exercises for the first two weeks.
            ---
            Start gently.
            """,
        "Public/images/knee-front.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ]
}
