import Foundation

/// A small study written into a temporary folder: the tests' content fixture.
/// Each file can be replaced to introduce exactly one mistake.
public final class StudyFolder {
    public let directory: TemporaryDirectory
    public var content: String { directory.path + "/content" }
    public var publicFolder: String { directory.path + "/Public" }

    public init(files: [String: String] = [:]) throws {
        directory = try TemporaryDirectory()
        for (path, text) in StudyFolder.minimal.merging(files, uniquingKeysWith: { $1 }) {
            try directory.write(path, text)
        }
    }

    /// A study in Europe/Berlin with one daily task, a consent document and a note.
    public static let minimal: [String: String] = [
        "content/study.yaml": """
            title: Walk
            institution: Example Clinic
            contact: walk@example.org
            timezone: Europe/Berlin
            featured: walking
            insights:
              - title: Steps
                type: line
                series:
                  - { task: walk, value: steps, legend: Steps }
            """,
        "content/tasks/walk.md": """
            ---
            id: walk
            title: Walk
            schedule:
              - start: enrollment
                every: 2 days
                at: "18:30"
                duration: 30 minutes
            survey:
              - type: form
                items:
                  - id: steps
                    text: How many steps?
                    required: true
                    answer:
                      numeric: { min: 0, max: 100000, unit: steps }
                  - id: outside
                    text: Were you outside?
                    answer: { boolean: {} }
            ---
            Walk for **half an hour**.
            """,
        "content/tasks/join.md": """
            ---
            id: join
            title: Join
            impactsAdherence: false
            schedule:
              - { start: enrollment, every: 1 day, allDay: true }
            survey:
              - type: consent
                document: walking
                signature: drawn
              - type: completion
                title: Done
            ---
            """,
        "content/consent/walking.md": """
            ---
            title: Consent
            version: "2"
            ---
            # Purpose

            We study walking.
            """,
        "content/education/walking.md": """
            ---
            title: Walking
            summary: Why walking helps.
            ---
            ## Why

            See [the consent](../consent/walking.md) and ![a map](images/map.svg).
            """,
        "Public/images/map.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ]
}
