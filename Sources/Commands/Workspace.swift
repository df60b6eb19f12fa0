import CareModel
import CareStore
import Content
import Feed
import Foundation

/// What several commands do first: load the content, open the store, and
/// bring the store's task versions up to date with the content.
enum Workspace {
    /// The checked study, or nil after printing every diagnostic: content
    /// that does not check is refused with the same messages as `check`.
    static func study(_ arguments: Arguments, console: Console, checkPublicFolder: Bool = true) -> Study? {
        let result = ContentLoader.load(directory: arguments["content"] ?? Defaults.content,
                                        publicDirectory: checkPublicFolder ? arguments["public"] ?? Defaults.publicFolder : nil)
        for diagnostic in result.diagnostics {
            console.error(diagnostic.description + "\n")
        }
        return result.study
    }

    /// Opens the store, creating it and its folder on first use.
    static func store(_ arguments: Arguments) throws -> CareStore {
        let path = arguments["store"] ?? Defaults.store
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return try CareStore(path: path)
    }

    /// `--today`, or the real date in `zone`.
    static func today(_ arguments: Arguments, in zone: TimeZone, now: Date) throws(UsageError) -> LocalDate {
        try arguments.parse("today", as: "a date YYYY-MM-DD", { LocalDate(iso: $0) }) ?? zone.localDate(of: now)
    }

    /// Records each task's current definition and returns the plan the store
    /// now holds. A change takes effect on the real next day in the study's
    /// zone, whatever `--today` a preview uses, so past events keep their version.
    static func plan(_ study: Study, store: CareStore, now: Date) throws -> CarePlan {
        let tomorrow = study.timeZone.localDate(of: now).adding(days: 1)
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: tomorrow, at: now)
        }
        return CarePlan(study: study, versions: try store.taskVersions())
    }
}
