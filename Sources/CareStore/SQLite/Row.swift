/// One row of a query's result, by column position.
struct Row {
    var values: [SQLValue]

    subscript(_ column: Int) -> SQLValue {
        values[column]
    }
}
