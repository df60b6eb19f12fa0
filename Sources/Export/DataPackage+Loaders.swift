import Foundation

/// `load.py` and `load.R` in the package: each reads every table with its
/// types, a missing value's reason in `<name>_missing` beside it, a coded
/// choice's words in `<name>_label` (a categorical, a factor) and each time
/// in UTC in the participant's own zone in `<name>_local`. The Python one
/// reads `datapackage.json`; base R has no JSON reader, so the R one holds
/// the schemas it needs, written out from the same tables.
extension DataPackage {
    /// `load.py`, as `Files/load.py` has it.
    static let loadPython = embedded("load.py")

    /// `load.R`: `source("load.R")` gives `carefeed`, a list of data frames
    /// by table; `Rscript load.R` prints each table's size.
    static func loadR(_ tables: [Table]) -> String {
        var script = Self.rHeader
        for table in tables {
            let key = String(table.path.dropLast(4))
            script += "  t <- read(\(r(table.path)))\n"
            for field in table.fields {
                let column = "t[[\(r(field.name))]]"
                let reasons = (field.missingValues ?? []).map(\.code).filter { !$0.isEmpty }
                let hasReasonColumn = table.fields.contains { $0.name == field.name + "_missing" }
                if !reasons.isEmpty && !hasReasonColumn {
                    script += "  t[[\(r(field.name + "_missing"))]] <- reason(\(column), \(vector(reasons)))\n"
                }
                let value = "value(\(column), \(vector(reasons)))"
                let converted = switch field.type {
                case "integer": "as.integer(\(value))"
                case "number": "as.numeric(\(value))"
                case "boolean": "as_bool(\(value))"
                case "date": "as.Date(\(value))"
                case "datetime": "as_time(\(value))"
                default: "text(\(value))"
                }
                if let categories = field.categories {
                    let codes = categories.map { "\($0.value)" }
                    script += "  t[[\(r(field.name + "_label"))]] <- factor(\(value), levels = \(vector(codes)), "
                        + "labels = \(vector(categories.map(\.label)))\(field.type == "integer" ? ", ordered = TRUE" : ""))\n"
                }
                script += "  t[[\(r(field.name))]] <- \(converted)\n"
                if field.type == "datetime" && table.fields.contains(where: { $0.name == "study_id" }) {
                    script += "  t[[\(r(field.name + "_local"))]] <- local_time(t[[\(r(field.name))]], t$study_id)\n"
                }
            }
            script += "  tables[[\(r(key))]] <- t\n"
            if key == "participants" {
                script += "  zones <- setNames(as.character(t$time_zone), as.character(t$study_id))\n"
            }
        }
        return script + Self.rFooter
    }

    /// An R string literal.
    private static func r(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            default: scalar.value < 0x20 ? String(format: "\\x%02x", scalar.value) : String(scalar)
            }
        }.joined() + "\""
    }

    private static func vector(_ values: [String]) -> String {
        values.isEmpty ? "character(0)" : "c(" + values.map(r).joined(separator: ", ") + ")"
    }

    /// The start and the end of `load.R`, around the tables' own lines.
    private static let rHeader = embedded("load-head.R")
    private static let rFooter = embedded("load-foot.R")

    /// A file of `Files/`, embedded in the program.
    private static func embedded(_ path: String) -> String {
        guard let (_, base64) = embeddedFiles.first(where: { $0.path == path }) else { return "" }
        let text = base64.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        return Data(base64Encoded: text).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
