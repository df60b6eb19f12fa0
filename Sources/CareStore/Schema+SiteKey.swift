extension Schema {
    /// A key that seals the build manifest a site keeps (`build`): the
    /// manifest holds each participant's worklist row as rendered and their
    /// overview figures, which a rebuild takes as they are, so only a record
    /// sealed with the store's own key is taken; anything else is rendered
    /// again. The key never leaves the store. Made once, with the migration.
    static let version11 = """
    CREATE TABLE site_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        key TEXT NOT NULL CHECK (length(key) = 64)
    ) STRICT;
    """
}
