/// A day of the week, as an editor names it in a schedule's `days`.
public enum Weekday: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday

    /// 1 for Sunday through 7 for Saturday, as `LocalDate.weekday` counts.
    public var number: Int {
        Self.allCases.firstIndex(of: self)! + 1
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        lhs.number < rhs.number
    }
}
