import Foundation
import Testing
import TestSupport

/// The shape of the package: which module may use which, checked against
/// `Package.swift` and against every source file's imports.
@Suite struct ModuleRulesTests {
    /// Module name → the modules it declares as dependencies.
    static let declared: [String: Set<String>] = {
        let package = (try? String(contentsOfFile: Repository.root + "/Package.swift", encoding: .utf8)) ?? ""
        var declared: [String: Set<String>] = [:]
        let pattern = #/\.target\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?/#
        for match in package.matches(of: pattern) {
            let names = (match.output.2.map(String.init) ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            declared[String(match.output.1)] = Set(names.filter { !$0.isEmpty })
        }
        return declared
    }()

    /// The modules a source folder's files import, besides the system's.
    static func imports(of module: String) throws -> Set<String> {
        let folder = Repository.root + "/Sources/" + module
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        var modules: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let imported = importedModule(line) { modules.insert(imported) }
            }
        }
        return modules.subtracting(["Foundation", "Glibc", "Dispatch"])
    }

    /// The module an import line names, attributes and kinds included:
    /// `@preconcurrency import CYAML`, `@_exported import Markup`, `import struct Content.Study`.
    static func importedModule(_ line: Substring) -> String? {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        let path = words.count >= 3 && kinds.contains(words[1]) ? words[2] : words[1]
        return String(path.split(separator: ".").first ?? path)
    }

    /// Every module `module` reaches through its declared dependencies.
    static func reached(from module: String) -> Set<String> {
        var reached: Set<String> = [], pending = [module]
        while let next = pending.popLast() {
            for dependency in declared[next] ?? [] where reached.insert(dependency).inserted {
                pending.append(dependency)
            }
        }
        return reached
    }

    @Test func importLinesAreReadWithTheirAttributes() {
        #expect(Self.importedModule("@preconcurrency import CYAML") == "CYAML")
        #expect(Self.importedModule("@_exported import CCmark") == "CCmark")
        #expect(Self.importedModule("import struct Content.Study") == "Content")
        #expect(Self.importedModule("let imported = 1") == nil)
    }

    /// What the study says is pure values; reading it (libyaml, cmark, files)
    /// is the loader's, and what uses only the values does not link the loader.
    @Test func theStudyModelIsApartFromItsLoader() throws {
        #expect(Self.declared["StudyModel"] == ["CareModel", "Markup", "Words"])
        for module in ["StudyModel", "Feed", "Pages", "Export", "Demo"] {
            let reached = Self.reached(from: module)
            for loader in ["Content", "CYAML", "CCmark"] {
                #expect(!reached.contains(loader), "\(module) reaches \(loader) through its dependencies")
                #expect(try !Self.imports(of: module).contains(loader), "\(module) imports \(loader)")
            }
        }
        #expect(Self.reached(from: "CareModel").isSubset(of: ["Markup"]))
    }

    @Test func everyImportIsADeclaredDependency() throws {
        #expect(Self.declared.count > 10)
        for (module, dependencies) in Self.declared
        where FileManager.default.fileExists(atPath: Repository.root + "/Sources/" + module) {
            let undeclared = try Self.imports(of: module).subtracting(dependencies)
            #expect(undeclared.isEmpty, "\(module) imports \(undeclared.sorted()) without declaring them")
        }
    }

    @Test func theServerDoesNotUseTheSiteNorHTTPTheDomain() throws {
        #expect(Self.declared["Server"]?.contains("Site") == false)
        #expect(try !Self.imports(of: "Server").contains("Site"))
        #expect(Self.declared["HTTP"]?.contains("CareModel") == false)
        #expect(try !Self.imports(of: "HTTP").contains("CareModel"))
    }

    /// Each Swift file under `Sources/<folder>` (or the one file named) and what of `banned` it holds.
    static func uses(_ banned: [String], in path: String) throws -> [String] {
        let full = Repository.root + "/Sources/" + path
        let files = path.hasSuffix(".swift") ? [""]
            : try FileManager.default.subpathsOfDirectory(atPath: full).filter { $0.hasSuffix(".swift") }.map { "/" + $0 }
        return try files.flatMap { file in
            let text = try String(contentsOfFile: full + file, encoding: .utf8)
            return banned.filter(text.contains).map { "Sources/\(path)\(file) uses \($0)" }
        }
    }

    @Test func pagesReadNoClockAndWriteNoFiles() throws {
        #expect(try Self.uses(["Date()", "FileManager", "write(to", "ProcessInfo"], in: "Pages") == [])
    }

    /// Who reads a page is the `Reader`'s to say; links only say where things are, and each layout answers every one.
    @Test func pagesAskTheReaderWhoReadsThemNotTheLinks() throws {
        #expect(try Self.uses(["extension PageLinks", "studyIndex() != nil", "studyIndex() == nil", "isInteractive"],
                              in: "Pages") == [])
    }

    /// The store gives the audit page typed entries: it renders them, and parses nothing back.
    @Test func theAuditPageParsesNoStrings() throws {
        #expect(try Self.uses(["hasPrefix(", "lastIndex(of:", "split(", "dropFirst(", "Int(", "Int64("],
                              in: "Pages/Views/AuditPage.swift") == [])
    }

    /// The server reads the time from its one clock, made in one place.
    @Test func theServerReadsOneClock() throws {
        #expect(try Self.uses(["Date()"], in: "Server") == ["Sources/Server/ParticipantApp+Configuration.swift uses Date()"])
    }

    @Test func textIsEscapedOnlyByTheHTMLType() throws {
        let sources = Repository.root + "/Sources"
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources)
        where file.hasSuffix(".swift") && !file.hasPrefix("Markup/") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for escape in ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "HTML.escape", "appendEscaped"] {
                #expect(!text.contains(escape), "Sources/\(file) escapes by hand: \(escape)")
            }
        }
    }

    @Test func noSourceFileIsOver350Lines() throws {
        let sources = Repository.root + "/Sources"
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources) where file.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: sources + "/" + file, encoding: .utf8).split(separator: "\n",
                                                                                                omittingEmptySubsequences: false)
            #expect(lines.count <= 351, "Sources/\(file) has \(lines.count - 1) lines")
        }
    }
}
