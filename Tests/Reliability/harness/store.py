"""What the checks read back from a care store."""
import sqlite3


def stored_outcomes(store):
    """(task, occurrence, values, deleted) of every outcome, and the integrity check."""
    connection = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        rows = connection.execute("""
            SELECT o.id, o.task_id, o.occurrence, o.deleted_at IS NOT NULL, v.kind, v.value
            FROM outcomes o LEFT JOIN outcome_values v ON v.outcome_id = o.id ORDER BY o.id, v.position""").fetchall()
        audited = connection.execute("SELECT count(*) FROM audit_log WHERE action = 'outcome.add'").fetchone()[0]
    finally:
        connection.close()
    outcomes = {}
    for identifier, task, occurrence, deleted, kind, value in rows:
        entry = outcomes.setdefault(identifier, {"task": task, "occurrence": occurrence, "deleted": bool(deleted), "values": {}})
        if kind is not None:
            entry["values"][kind] = value
    return integrity, list(outcomes.values()), audited
