/// Where the commands look when no option says otherwise: paths relative
/// to the working directory, which is the repository's own layout.
enum Defaults {
    static let content = "content"
    static let publicFolder = "Public"
    static let store = ".carefeed/care.sqlite"
    static let site = "Site"
}
