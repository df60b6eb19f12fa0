import Foundation
import Testing
import TestSupport

/// `carefeed init`: a small working study, written only where nothing would be lost.
@Suite struct InitCommandTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    var study: String { folder.path + "/study" }

    @Test func initWritesAStudyThatChecksCleanAndBuilds() throws {
        let run = Run("init", study)
        #expect(run.status == 0, "\(run.error)")
        for file in ["content/study.yaml", "content/consent/participation.md", "content/tasks/onboarding.md",
                     "content/tasks/dailyCheckIn.md", "content/education/about-the-study.md", "public/images/welcome.svg"] {
            #expect(FileManager.default.fileExists(atPath: study + "/" + file), "\(file)")
        }
        let check = Run("check", "--content", study + "/content", "--public", study + "/public")
        #expect(check.status == 0)
        #expect(check.error == "")
        #expect(check.out == "5 files, 2 tasks, 1 consent document, 1 note, 0 errors, 0 warnings\n")
        let build = Run("build", "--content", study + "/content", "--public", study + "/public",
                        "--store", folder.path + "/care.sqlite", "--out", folder.path + "/Site", "--today", "2026-03-20")
        #expect(build.status == 0, "\(build.error)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Site/education/about-the-study.html"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Site/assets/css/carefeed.css"))
    }

    @Test(arguments: ["de-AT", "fr", "es-MX", "zh-Hans", "ja", "ar"])
    func initWritesTheStudyInEachShippedLanguageAndItChecksClean(_ tag: String) throws {
        let run = Run("init", study, "--language", tag)
        #expect(run.status == 0, "\(run.error)")
        let yaml = try String(contentsOfFile: study + "/content/study.yaml", encoding: .utf8)
        #expect(yaml.contains("\nlanguages: [\(tag)]\n"))
        #expect(!yaml.contains("title: My Study"), "the study is written in \(tag), not English")
        let check = Run("check", "--content", study + "/content", "--public", study + "/public")
        #expect(check.status == 0, "\(check.error)")
        #expect(check.out == "5 files, 2 tasks, 1 consent document, 1 note, 0 errors, 0 warnings\n")
    }

    @Test func initRefusesALanguageItHasNoStudyIn() {
        let run = Run("init", study, "--language", "nl-NL")
        #expect(run.status == 2)
        #expect(run.error.contains("carefeed init writes its study in en, ar, de, es, fr, ja, zh-Hans"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: study))
    }

    @Test func everyKeyOfTheStudysFilesIsExplainedInAComment() throws {
        #expect(Run("init", study).status == 0)
        for file in ["content/study.yaml", "content/consent/participation.md", "content/tasks/onboarding.md",
                     "content/tasks/dailyCheckIn.md", "content/education/about-the-study.md"] {
            let text = try String(contentsOfFile: study + "/" + file, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            let comments = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
            // Each top-level key of the file (or of its front matter) is named in a comment.
            let keys = lines.filter { $0.first?.isLetter == true && $0.contains(":") && !$0.hasPrefix("http") }
                .map { String($0.prefix { $0 != ":" }) }
                .filter { !$0.contains(" ") }
            #expect(!keys.isEmpty, "\(file)")
            for key in keys {
                #expect(comments.contains(key), "\(file): '\(key)' is not explained")
            }
        }
    }

    @Test func initRefusesAFolderThatHoldsAnything() throws {
        try FileManager.default.createDirectory(atPath: study, withIntermediateDirectories: true)
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: study + "/thesis.txt"))
        let run = Run("init", study)
        #expect(run.status == 1)
        #expect(run.error.contains("is not empty (it holds thesis.txt)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: study) == ["thesis.txt"])
        #expect(try String(contentsOfFile: study + "/thesis.txt", encoding: .utf8) == "my notes")
    }

    @Test func initNeedsExactlyOneFolder() {
        #expect(Run("init").status == 2)
        #expect(Run("init", study, study + "2").status == 2)
        #expect(Run("init", "--force", study).status == 2)
    }
}
