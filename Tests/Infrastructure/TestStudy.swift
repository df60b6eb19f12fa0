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
