import Foundation
import StudyModel

/// A cell: text as the participant or the content wrote it, quoted against
/// spreadsheets' formulas, or a value CareFeed wrote itself.
enum Cell {
    case text(String)
    case plain(String)

    var csv: String {
        switch self {
        case .text(let text): StudyExport.csvField(text)
        case .plain(let text): StudyExport.csvField(text, isNumber: true)
        }
    }
}

/// A field of a Table Schema.
struct Field {
    var name: String
    var type: String
    var title: String
    var description: String
    var constraints: [String: Any]?
    /// The codes that mean no value in this column, each with why; nil: the table's.
    var missingValues: [MissingReason]?
    /// A coded choice's codes with their words (Table Schema v2 `categories`),
    /// in the order the question offers them: what R's factors and pandas'
    /// categoricals are made from.
    var categories: [(value: Any, label: String)]?

    init(name: String, type: String, title: String, description: String, constraints: [String: Any]? = nil) {
        self.name = name
        self.type = type
        self.title = title
        self.description = description
        self.constraints = constraints
    }

    var descriptor: [String: Any] {
        var field: [String: Any] = ["name": name, "type": type, "title": title, "description": description]
        if type == "time" { field["format"] = "%H:%M:%S" }
        if let constraints { field["constraints"] = constraints }
        if let missingValues { field["missingValues"] = missingValues.map { ["value": $0.code, "label": $0.label] } }
        if let categories { field["categories"] = categories.map { ["value": $0.value, "label": $0.label] } }
        return field
    }
}

/// One CSV of the package with its Table Schema.
struct Table {
    var name: String
    var path: String
    var title: String
    var description: String
    var primaryKey: [String]
    /// Whether `study_id` refers to participants.csv.
    var foreignKey: Bool
    var fields: [Field] = []
    var rows: [[Cell]] = []

    init(name: String, path: String? = nil, title: String, description: String, primaryKey: [String],
         foreignKey: Bool = true) {
        self.name = name
        self.path = path ?? name + ".csv"
        self.title = title
        self.description = description
        self.primaryKey = primaryKey
        self.foreignKey = foreignKey
    }

    var descriptor: [String: Any] {
        // Only an empty cell is missing in every column; a column whose
        // missing cells have reasons lists its own codes.
        var schema: [String: Any] = ["fields": fields.map(\.descriptor), "primaryKey": primaryKey, "missingValues": [""]]
        if foreignKey {
            schema["foreignKeys"] = [["fields": "study_id", "reference": ["resource": "participants", "fields": "study_id"]]]
        }
        return ["name": name, "path": path, "title": title, "description": description, "type": "table",
                "format": "csv", "mediatype": "text/csv", "encoding": "utf-8", "schema": schema]
    }

    /// RFC 4180, CRLF line ends, the header row first.
    var csv: String {
        ([fields.map { Cell.plain($0.name) }] + rows).map { row in
            row.map(\.csv).joined(separator: ",") + "\r\n"
        }.joined()
    }
}
