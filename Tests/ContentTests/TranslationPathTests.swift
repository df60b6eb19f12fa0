@testable import Content
import Foundation
import Testing
import Words

/// Where a translation of a content file is looked for: beside it, the tag
/// before the extension, as an absolute path.
@Suite struct TranslationPathTests {
    let german = LanguageTag("de-DE")!

    @Test func theTagGoesBeforeTheExtensionOfAnAbsolutePath() {
        let here = FileManager.default.currentDirectoryPath
        #expect(Translations.translationPath("content/education/knee.md", german) == here + "/content/education/knee.de-DE.md")
        #expect(Translations.translationPath("/study/study.yaml", german) == "/study/study.de-DE.yaml")
        #expect(Translations.translationPath("/study/v1.2/tasks/walk.md", german) == "/study/v1.2/tasks/walk.de-DE.md")
        #expect(Translations.translationName("/study/tasks/check-in.md", german) == "check-in.de-DE.md")
    }

    @Test func itIsWhereAFileURLPutsIt() {
        for original in ["content/tasks/checkIn.md", "/a/b.c/d.yaml", "notes/x.y.md", "/plain/name"] {
            let url = URL(fileURLWithPath: original)
            #expect(Translations.translationPath(original, german)
                    == url.deletingPathExtension().path + ".de-DE." + url.pathExtension, "\(original)")
        }
    }
}

/// The section of the reference a message about a file cites, from the
/// file's name and folder.
@Suite struct ReferenceSectionOfFileTests {
    @Test func theFolderAndNameSayTheSection() {
        let cases: [(String, ReferenceSection)] = [
            ("/study/content/tasks/checkIn.md", .tasks),
            ("content/consent/recover.md", .consentDocuments),
            ("content//education//meniscus.md", .notes),
            ("content/education/meniscus.de-DE.md", .languages),
            ("content/study.de-DE.yaml", .languages),
            ("content/i18n/de-DE.yaml", .languages),
            ("/study/content/study.yaml", .studyFile),
            ("study.yaml", .studyFile),
            ("content/tasks/", .studyFolder),
            ("tasks/", .studyFolder),
            ("content/public/knee.glb", .studyFolder),
            ("", .studyFolder),
            ("/", .studyFolder),
            ("tasks/ü/walk.md", .studyFolder),
            ("ü/tasks/walk.md", .tasks),
        ]
        for (path, section) in cases {
            #expect(ReferenceSection.of(file: path) == section, "\(path)")
        }
    }
}
