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
