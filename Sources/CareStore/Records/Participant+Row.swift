import CareModel

extension Participant {
    /// Reads a row of `participants`.
    init(row: Row) throws {
        self.init(id: try row.text("id"), name: try row.text("name"), timeZone: try row.timeZone("time_zone"),
                  enrolledOn: try row.localDate("enrolled_on"), language: try row.optionalText("language"))
    }
}
