import CareModel
import Foundation
import Words

/// A whole study as its content describes it: `study.yaml`, its tasks,
/// consent documents and education notes, checked and cross-referenced.
public struct Study: Sendable {
    public var title: String
    public var institution: String
    public var contact: String
    /// Default zone for participants.
    public var timeZone: TimeZone
    /// Slug of the education note on the Insights card.
    public var featured: String?
    /// Slug of the note every day of the participant's feed links to, such
    /// as when to call the surgeon.
    public var safety: String?
    public var insights: [InsightChart]
    /// The protocol number and the board that approved it, when named.
    public var protocolApproval: ProtocolApproval?
    /// What puts a participant first on the clinician index, in the order listed.
    public var flags: [StudyFlag]
    public var tasks: [StudyTask]
    public var consentDocuments: [ConsentDocument]
    /// In `order`, then by title.
    public var notes: [EducationNote]
    /// SHA-256 over every content file's path and bytes: equal digests mean
    /// the same content.
    public var sourceDigest: String
    /// The care team, as the Care team page lists them.
    public var contacts: [Contact] = []
    /// The dates each participant has that schedules count from, such as
    /// the day of their surgery.
    public var dates: [ParticipantDate] = []
    /// The number to call in an emergency where the study runs ("112"), as
    /// written; nil when not given, and the words say "your local emergency number".
    public var emergency: String?
    /// The languages participants may read the study in, each with its
    /// words and formats; the first is the study's own.
    public var languages: [Language] = [.usEnglish]

    /// The study in each of its other languages, by tag: its words
    /// translated, every id, schedule and value the same.
    public var translations: [LanguageTag: Study] = [:]
    /// The text of each consent version the store published that the content no longer holds, by the SHA-256
    /// of its HTML: what a record signed on it is printed from.
    public var olderConsentTexts: [String: [TextBlock]] = [:]
    /// Each consent document's title in each of the study's languages, by document id: a record is titled in
    /// the language it was signed in, whatever the page's.
    public var consentTitles: [String: [LanguageTag: String]] = [:]
    /// The files of this study that are not translated into its language,
    /// and so are shown in the study's own: pages mark them with its `lang`.
    public var untranslatedFiles: Set<String> = []

    /// The study in `language`: its translation, or itself in its own language.
    public func translated(to language: LanguageTag) -> Study {
        translations[language] ?? self
    }

    /// The language a content file's words are in, when it is not the page's.
    public func fallbackLanguage(of file: String) -> LanguageTag? {
        untranslatedFiles.contains(file) ? ownLanguage.tag : nil
    }

    /// The language of a consent document's text: its translation's, or the study's own.
    public func language(of document: ConsentDocument) -> LanguageTag {
        LanguageTag(document.language) ?? ownLanguage.tag
    }

    /// The study's own language: the clinicians' site's, unless built with another.
    public var ownLanguage: Language { languages[0] }

    /// The study's language of `tag`, or nil when the study does not offer it.
    public func language(_ tag: LanguageTag) -> Language? {
        languages.first { $0.tag == tag }
    }

    public func task(_ id: String) -> StudyTask? {
        tasks.first { $0.id == id }
    }

    public func consentDocument(_ id: String) -> ConsentDocument? {
        consentDocuments.first { $0.id == id }
    }

    public func date(_ id: String) -> ParticipantDate? {
        dates.first { $0.id == id }
    }

    public func note(_ slug: String) -> EducationNote? {
        notes.first { $0.slug == slug }
    }

    public init(title: String, institution: String, contact: String, timeZone: TimeZone, featured: String?,
                safety: String?, insights: [InsightChart], protocolApproval: ProtocolApproval?, flags: [StudyFlag],
                tasks: [StudyTask], consentDocuments: [ConsentDocument], notes: [EducationNote], sourceDigest: String,
                contacts: [Contact] = [], languages: [Language] = [.usEnglish]) {
        self.title = title
        self.institution = institution
        self.contact = contact
        self.timeZone = timeZone
        self.featured = featured
        self.safety = safety
        self.insights = insights
        self.protocolApproval = protocolApproval
        self.flags = flags
        self.tasks = tasks
        self.consentDocuments = consentDocuments
        self.notes = notes
        self.sourceDigest = sourceDigest
        self.contacts = contacts
        self.languages = languages.isEmpty ? [.usEnglish] : languages
    }
}
