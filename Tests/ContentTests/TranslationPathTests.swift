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
