import CareModel
import CareStore
import Content
import Feed
import Foundation
import StudyModel
import Words

/// What several commands do first: load the content, open the store, and
/// bring the store's task versions up to date with the content.
enum Workspace {
    /// The checked study and the store, or nil after printing every
    /// diagnostic: content that does not check is refused with the same
    /// messages as `check`, and so is a consent text changed under a version
    /// the store has published. The study's new consent versions are then
    /// published. A store is created on first use, but not for content that
    /// does not check.
    static func open(_ arguments: Arguments, console: Console, now: Date,
                     checkPublicFolder: Bool = true) throws -> (study: Study, store: CareStore)? {
        let path = arguments["store"] ?? Defaults.store
        let existing = FileManager.default.fileExists(atPath: path) ? try CareStore(path: path) : nil
        var result = ContentLoader.load(directory: arguments["content"] ?? Defaults.content,
                                        publicDirectory: checkPublicFolder ? arguments["public"] ?? Defaults.publicFolder : nil)
        do {
            // A new store has published nothing: the content alone decides.
            try existing.map { result.refuseChangedConsent(published: try $0.consentVersions()) }
            console.report(result.diagnostics)
            guard let study = result.study else {
                existing?.close()
                return nil
            }
            let store = try existing ?? Self.store(arguments)
            try publish(result, in: store, now: now)
            return (study, store)
        } catch {
            existing?.close()
            throw error
        }
    }

    /// Records the consent versions of content that checked. A read comes
    /// first, so content whose versions the store holds needs no write.
    static func publish(_ result: ContentLoader.Result, in store: CareStore, now: Date) throws {
        try store.publishConsentVersions(result.consentVersions(publishedAt: now))
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

    /// The study's language `--language` names, or nil when it names none;
    /// a language the study does not offer is a usage error listing those it does.
    static func language(_ arguments: Arguments, study: Study) throws -> Language? {
        guard let asked = arguments["language"] else { return nil }
        guard let tag = LanguageTag(asked), let offered = study.language(tag) else {
            throw UsageError("--language \(asked) is not one of the study's languages: "
                             + study.languages.map(\.tag.identifier).joined(separator: ", "))
        }
        return offered
    }

    /// Records each task's current definition and returns the plan the store
    /// now holds. A change takes effect on the real next day in the study's
    /// zone, whatever `--today` a preview uses, so past events keep their version.
    static func plan(_ study: Study, store: CareStore, now: Date) throws -> CarePlan {
        var study = study
        // The texts of versions the content no longer holds, for the PDFs of records signed on them; in every language's study.
        let current = Set((study.consentDocuments + study.translations.values.flatMap(\.consentDocuments)).map(\.sha256))
        let older = try store.consentTexts().filter { !current.contains($0.key) }.mapValues(MarkdownBlocks.blocks)
        study.olderConsentTexts = older
        for tag in study.translations.keys { study.translations[tag]?.olderConsentTexts = older }
        let tomorrow = study.timeZone.localDate(of: now).adding(days: 1)
        for task in study.tasks {
            try store.recordTaskVersion(taskID: task.id, definition: task.definition, effectiveFrom: tomorrow, at: now)
        }
        return try CarePlan(study: study, versions: try store.taskVersions())
    }
}
