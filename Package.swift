// swift-tools-version:6.1
import PackageDescription

/// CareFeed: a care plan in Markdown and a SQLite care store, rendered as a
/// participant's preview server and a clinician's static site.
///
/// Data flows content + store → feed model → pages → site files or HTTP.
/// The only dependencies are Debian C libraries, wrapped as system libraries.
let package = Package(
    name: "CareFeed",
    products: [
        .executable(name: "carefeed", targets: ["carefeed"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // libmicrohttpd's variadic functions, with the options CareFeed uses as plain arguments.
        .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"])]),
        // QR codes for the personal links of a hosted study's letters.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // Pango and Cairo: PDFs of signed consents, every script shaped.
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // ICU's plural rules and number parsing under plain names: its own are versioned by macros Swift cannot import.
        .target(name: "CICUShim", dependencies: ["CICU"]),
        // SQLite's WAL index header, read as its own readers read it: through the VFS, with a barrier.
        .target(name: "CSQLiteShim", dependencies: ["CSQLite"]),

        // Small tools: a locked value, a map on every core, a byte search, SHA-1 and SHA-256 (libcrypto).
        .target(name: "Support", dependencies: ["CCrypto"]),
        // The HTML value type: text escaped unless it is markup we made.
        .target(name: "Markup"),
        // Built-in words in every shipped language, and dates, numbers and plurals by CLDR.
        .target(name: "Words", dependencies: ["CareModel", "Markup", "Support", "CICUShim"], exclude: ["Files"], plugins: ["EmbedBuiltInAssets"]),
        // Domain values: calendar days, schedules, participants, outcomes, consent.
        .target(name: "CareModel", dependencies: ["Markup"]),
        // The SQLite care store: schema, migrations and the one store API.
        .target(name: "CareStore", dependencies: ["CareModel", "Markup", "Support", "CSQLite", "CSQLiteShim"]),
        // What the study says: tasks, surveys, consent documents, notes, charts, flags, the care plan. Pure values.
        .target(name: "StudyModel", dependencies: ["CareModel", "Markup", "Words"]),
        // The day feed: cards, their states and the week strip with adherence rings.
        .target(name: "Feed", dependencies: ["CareModel", "StudyModel", "Support"]),
        // Reading and checking `content/`: YAML front matter and Markdown into a checked study.
        .target(name: "Content", dependencies: ["BuiltInAssets", "CareModel", "Markup", "StudyModel", "Support", "Words", "CYAML", "CCmark"]),
        // HTML and SVG for every page, as pure functions of the feed model.
        .target(name: "Pages", dependencies: ["CareModel", "CQREncode", "Feed", "Markup", "Print", "StudyModel", "Support", "Words"]),
        // CareFeed's own stylesheet, scripts, icons and three.js, embedded in the program.
        .target(name: "BuiltInAssets", exclude: ["Files"], plugins: ["EmbedBuiltInAssets"]),
        .plugin(name: "EmbedBuiltInAssets", capability: .buildTool(), dependencies: ["embed-assets"]),
        .executableTarget(name: "embed-assets", path: "Tools/EmbedAssets"),
        // The starter study `carefeed init` writes, embedded in the program.
        .target(name: "StudyTemplate", exclude: ["Files"], plugins: ["EmbedBuiltInAssets"]),
        // The files under a site's `assets/`, read once: the public folder, three.js and the models as scripts.
        .target(name: "Assets", dependencies: ["BuiltInAssets", "Content", "StudyModel"]),
        // PDFs of signed consents, laid out from their Markdown by Pango and drawn by Cairo.
        .target(name: "Print", dependencies: ["CareModel", "CPangoCairo", "StudyModel", "Words"]),
        // The clinicians' static site, written from the pages.
        .target(name: "Site", dependencies: ["Assets", "CareModel", "Feed", "Markup", "Pages", "StudyModel", "Support", "Words"]),
        // HTTP on libmicrohttpd: request and response values, form decoding, the server adapter.
        .target(name: "HTTP", dependencies: ["Support", "CMicroHTTPD", "CMicroHTTPDShim"]),
        // The participant's preview server: routes, form validation, live reload.
        .target(name: "Server", dependencies: ["Assets", "CareModel", "CareStore", "Content", "Export", "Feed", "HTTP", "Pages", "Markup", "StudyModel", "StudyTemplate", "Support", "Words"]),
        // Simulated participants for `carefeed demo`.
        .target(name: "Demo", dependencies: ["CareModel", "Feed", "StudyModel"]),
        // Export of the store as JSON, CSV or a FHIR R4 Bundle, with only what participants share.
        .target(name: "Export", dependencies: ["CareModel", "Feed", "StudyModel", "Support", "Words"], exclude: ["Files"],
                plugins: ["EmbedBuiltInAssets"]),
        // The `carefeed` commands, their arguments and their output.
        .target(name: "Commands", dependencies: ["Words", "Assets", "CareModel", "CareStore", "Content", "Feed", "Demo", "Export", "Pages", "Server", "Site", "HTTP", "StudyModel", "StudyTemplate", "Support"]),
        .executableTarget(name: "carefeed", dependencies: ["Commands"]),

        .target(name: "TestSupport", dependencies: ["CareModel", "Words"], path: "Tests/Infrastructure"),
        // A child process for crash tests: writes outcomes and reports each commit.
        .executableTarget(name: "store-writer", dependencies: ["CareModel", "CareStore"], path: "Tests/Tools/StoreWriter"),
        .testTarget(name: "CareModelTests", dependencies: ["CareModel", "TestSupport"]),
        .testTarget(name: "StudyModelTests", dependencies: ["StudyModel", "CareModel", "Words"]),
        .testTarget(name: "CareStoreTests", dependencies: ["StudyModel", "CareStore", "CSQLite", "TestSupport", "store-writer", "CareModel", "Markup", "Support"]),
        .testTarget(name: "ContentTests", dependencies: ["Words", "StudyModel", "Content", "Export", "TestSupport", "CareModel", "Markup", "Support"], exclude: ["Studies"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "Support", "TestSupport"]),
        .testTarget(name: "ServerTests", dependencies: ["StudyTemplate", "Words", "StudyModel", "Server", "HTTP", "Assets", "Content", "Feed", "CareStore", "TestSupport", "CareModel", "Markup", "Support"]),
        .testTarget(name: "SiteTests", dependencies: ["Words", "StudyModel", "Site", "Assets", "Demo", "Feed", "Content", "CareStore", "Pages", "TestSupport", "CareModel", "BuiltInAssets"]),
        .testTarget(name: "PagesTests", dependencies: ["Words", "StudyModel", "Pages", "Feed", "Content", "TestSupport", "CareModel", "Markup", "Support"]),
        .testTarget(name: "DemoTests", dependencies: ["StudyModel", "Demo", "Feed", "Content", "TestSupport", "CareModel"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CareModel", "CareStore", "TestSupport", "carefeed"]),
        .testTarget(name: "FeedTests", dependencies: ["Words", "StudyModel", "Feed", "TestSupport", "CareModel", "Content", "Markup"]),
        .testTarget(name: "ExportTests", dependencies: ["Words", "StudyModel", "Export", "TestSupport", "CareModel", "Content", "Feed", "Support"]),
        .testTarget(name: "MarkupTests", dependencies: ["Markup"]),
        .testTarget(name: "PrintTests", dependencies: ["Print", "CareModel", "Content", "Markup", "StudyModel", "TestSupport"]),
        .testTarget(name: "WordsTests", dependencies: ["Words", "CareModel", "Markup"]),
        .testTarget(name: "SupportTests", dependencies: ["Support"]),
        .testTarget(name: "AssetsTests", dependencies: ["Assets", "BuiltInAssets", "Content", "StudyModel", "TestSupport"]),
        .testTarget(name: "CommandsTests", dependencies: ["StudyModel", "Commands", "TestSupport", "CareModel", "CareStore", "Content", "Markup", "Support", "CSQLite", "Pages", "Words"]),
    ],
    swiftLanguageModes: [.v6]
)
