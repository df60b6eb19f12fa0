@testable import Content
import Testing

@Suite struct FrontMatterTests {
    /// Files with CRLF line ends take the line-by-line path; the same file
    /// with LF takes the byte scan. Both must split alike.
    @Test(arguments: [
        "---\ntitle: A\n---\n# Body\n\ntext\n",
        "---\n---\n",
        "---\n---",
        "---\ntitle: A\n---",
        "\u{FEFF}---\ntitle: A\nb: [1, 2]\n---\n\n## Heading\n---\nnot a fence\n",
        "---\n----\n---\nbody",
        "---\n--- \n---\nbody",
    ])
    func bothPathsSplitAlike(_ text: String) throws {
        let fast = try FrontMatter.split(text).get()
        let lineByLine = try FrontMatter.split(text.replacingOccurrences(of: "\n", with: "\r\n")).get()
        #expect(fast.yaml == lineByLine.yaml)
        #expect(fast.body == lineByLine.body)
        #expect((fast.yamlFirstLine, fast.bodyFirstLine) == (lineByLine.yamlFirstLine, lineByLine.bodyFirstLine))
    }

    @Test(arguments: ["---", "---\ntitle: A\n", "title: A\n---\n", "--- \ntitle: A\n---\n", ""])
    func unclosedOrMissingFrontMatterIsAnError(_ text: String) {
        #expect(throws: FrontMatterError.self) { try FrontMatter.split(text).get() }
    }
}
