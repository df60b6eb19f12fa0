import Foundation

/// `load.py` and `load.R` in the package: each reads every table with its
/// types, a missing value's reason in `<name>_missing` beside it, a coded
/// choice's words in `<name>_label` (a categorical, a factor) and each time
/// in UTC in the participant's own zone in `<name>_local`. The Python one
/// reads `datapackage.json`; base R has no JSON reader, so the R one holds
/// the schemas it needs, written out from the same tables.
extension DataPackage {
    static let loadPython = #"""
"""Loads this CareFeed data package into pandas, each table with its types.

    python load.py             prints each table's size
    from load import tables    tables()["kneeFunction"] is a DataFrame

Each column has the type its Table Schema gives. A value missing for a
reason ("not shared", "prefer not to answer", ...) is NA in its column, and
the reason is in the column <name>_missing beside it. A coded choice keeps
its codes, with their words in <name>_label as a categorical. Each time in
UTC has <name>_local beside it, in the participant's own time zone.
"""
import json
import pathlib

import pandas as pd

HERE = pathlib.Path(__file__).resolve().parent


def _resource_key(resource):
    """A table's key: its file's name without .csv (kneeFunction, participants, task_versions)."""
    return resource["path"][:-4]


def _convert(column, kind):
    if kind == "integer":
        return pd.to_numeric(column).astype("Int64")
    if kind == "number":
        return pd.to_numeric(column).astype("Float64")
    if kind == "boolean":
        return column.map({"true": True, "false": False}).astype("boolean")
    if kind == "date":
        return pd.to_datetime(column, format="%Y-%m-%d")
    if kind == "datetime":
        return pd.to_datetime(column, utc=True)
    # A text a spreadsheet would run as a formula is written with a ' before it: read back as it was given.
    return column.astype("string").str.replace(r"^'(?=[=+\-@\t\r])", "", regex=True)


def tables():
    """Every table of the package, by the name of its file without .csv."""
    package = json.loads((HERE / "datapackage.json").read_text(encoding="utf-8"))
    loaded = {}
    zones = {}
    for resource in package["resources"]:
        frame = pd.read_csv(HERE / resource["path"], dtype=str, keep_default_na=False, encoding="utf-8")
        for field in resource["schema"]["fields"]:
            name = field["name"]
            raw = frame[name]
            reasons = {m["value"]: m["label"] for m in field.get("missingValues", []) if m["value"] != ""}
            if reasons and name + "_missing" not in frame.columns:
                frame[name + "_missing"] = raw.where(raw.isin(list(reasons)), None).astype("string")
            values = raw.where(~raw.isin(list(reasons) + [""]), None)
            frame[name] = _convert(values, field["type"])
            if "categories" in field:
                codes = [c["value"] for c in field["categories"]]
                labels = {str(c["value"]): c["label"] for c in field["categories"]}
                frame[name + "_label"] = pd.Categorical(values.map(labels), categories=[labels[str(c)] for c in codes],
                                                        ordered=field["type"] == "integer")
        key = _resource_key(resource)
        if key == "participants":
            zones = dict(zip(frame["study_id"], frame["time_zone"]))
        loaded[key] = frame
    # Each time in UTC, beside it in the participant's own zone.
    for key, frame in loaded.items():
        if "study_id" not in frame.columns:
            continue
        for name in [c for c in frame.columns if isinstance(frame[c].dtype, pd.DatetimeTZDtype)]:
            frame[name + "_local"] = [
                None if pd.isna(time) else time.tz_convert(zones.get(study_id, "UTC"))
                for time, study_id in zip(frame[name], frame["study_id"])]
    return loaded


if __name__ == "__main__":
    for key, frame in tables().items():
        print(f"{key}: {len(frame)} rows, {len(frame.columns)} columns")
"""#

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

    private static let rHeader = #"""
        # Loads this CareFeed data package into base R, each table with its types:
        #
        #     source("load.R")     # then carefeed$kneeFunction, carefeed$participants, ...
        #     Rscript load.R       # prints each table's size
        #
        # A value missing for a reason ("not shared", "prefer not to answer", ...)
        # is NA in its column, the reason in <name>_missing beside it. A coded
        # choice keeps its codes, with their words in <name>_label as a factor.
        # Each time in UTC has <name>_local beside it, in the participant's own
        # time zone. Nothing to install: base R reads it.
        carefeed <- local({
          here <- local({
            file <- sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))
            sourced <- tryCatch(sys.frame(1)$ofile, error = function(e) NULL)
            if (length(file) == 1) dirname(file) else if (!is.null(sourced)) dirname(sourced) else "."
          })
          read <- function(path) {
            read.csv(file.path(here, path), colClasses = "character", na.strings = character(0), check.names = FALSE,
                     fileEncoding = "UTF-8", encoding = "UTF-8")
          }
          reason <- function(x, codes) factor(ifelse(x %in% codes, x, NA_character_), levels = codes)
          value <- function(x, codes) { x[x %in% c(codes, "")] <- NA_character_; x }
          as_bool <- function(x) ifelse(is.na(x), NA, x == "true")
          as_time <- function(x) as.POSIXct(x, tz = "UTC", format = "%Y-%m-%dT%H:%M:%OSZ")
          # A text a spreadsheet would run as a formula is written with a ' before it: read back as it was given.
          text <- function(x) sub("^'([=+@\t\r-])", "\\1", x)
          zones <- character(0)
          local_time <- function(time, id) {
            vapply(seq_along(time), function(i) {
              if (is.na(time[i])) NA_character_
              else format(time[i], tz = if (is.na(zones[id[i]])) "UTC" else zones[[id[i]]], format = "%Y-%m-%d %H:%M:%S %z")
            }, "")
          }
          tables <- list()

        """#

    private static let rFooter = #"""
          tables
        })

        if (sys.nframe() == 0) {
          for (name in names(carefeed)) {
            cat(sprintf("%s: %d rows, %d columns\n", name, nrow(carefeed[[name]]), ncol(carefeed[[name]])))
          }
        }

        """#
}
