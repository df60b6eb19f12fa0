import Foundation

/// The study the program's tests run on: a copy of the knee-surgery study
/// as these tests were written against it, in `Tests/Fixtures/KneeStudy`,
/// so Recover (`content/`) can be reworded without breaking a test of the
/// program. Its public files are Recover's image and model, which no
/// rewording touches. Tests of Recover itself read `Repository.content`
/// and say so in their names.
public enum TestStudy {
    public static var content: String { Repository.root + "/Tests/Fixtures/KneeStudy/content" }
    public static var publicFolder: String { Repository.publicFolder }
}

extension TestStudy {
    /// The study in English and German: a copy of its content in `folder`
    /// with the German translations of `Tests/Fixtures/KneeStudy/german`
    /// beside their originals and `languages: [en-US, de-DE]`. Returns the
    /// copy's content folder.
    public static func bilingual(in folder: TemporaryDirectory, languages: String = "[en-US, de-DE]") throws -> String {
        let manager = FileManager.default
        let copy = folder.path + "/content"
        try manager.copyItem(atPath: content, toPath: copy)
        let german = Repository.root + "/Tests/Fixtures/KneeStudy/german"
        for file in try manager.subpathsOfDirectory(atPath: german) where file.contains(".de-DE.") {
            try manager.copyItem(atPath: german + "/" + file, toPath: copy + "/" + file)
        }
        let study = copy + "/study.yaml"
        let text = try String(contentsOfFile: study, encoding: .utf8)
        try text.replacingOccurrences(of: "timezone: America/New_York\n", with: "timezone: America/New_York\nlanguages: \(languages)\n")
            .write(toFile: study, atomically: true, encoding: .utf8)
        return copy
    }
}
