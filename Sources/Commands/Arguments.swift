/// A command's parsed `--name value` options, checked against what the
/// command accepts. Anything else is a usage error (exit status 2).
struct Arguments {
    private var values: [String: String] = [:]
    /// Options given as often as wanted (`--date surgery=… --date discharge=…`), in order.
    private var lists: [String: [String]] = [:]
    /// Arguments that are not options, in order, for commands that take them.
    private(set) var positional: [String] = []

    /// - Parameters:
    ///   - options: names (without `--`) that take a value.
    ///   - flags: names that take none.
    ///   - takesPositional: whether arguments that are not options are kept, not refused.
    ///   - repeatable: names that take a value and may be given more than once.
    init(_ arguments: some Sequence<String>, options: Set<String>, flags: Set<String> = ["help"],
         repeatable: Set<String> = [], takesPositional: Bool = false) throws(UsageError) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard argument.hasPrefix("--"), argument.count > 2 else {
                guard takesPositional, !argument.hasPrefix("-") else { throw UsageError("unexpected argument '\(argument)'") }
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                values[name] = ""
            } else if repeatable.contains(name) {
                guard let value = inlineValue ?? iterator.next() else { throw UsageError("--\(name) needs a value") }
                lists[name, default: []].append(value)
            } else if options.contains(name) {
                guard let value = inlineValue ?? iterator.next() else {
                    throw UsageError("--\(name) needs a value")
                }
                guard values[name] == nil else { throw UsageError("--\(name) is given twice") }
                values[name] = value
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    func has(_ name: String) -> Bool {
        values[name] != nil || lists[name] != nil
    }

    /// Every value of a repeatable option, in the order given.
    func all(_ name: String) -> [String] {
        lists[name] ?? []
    }

    subscript(_ name: String) -> String? {
        values[name]
    }

    /// The option's value parsed by `parse`, or a usage error naming what was expected.
    func parse<T>(_ name: String, as expected: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = values[name] else { return nil }
        guard let value = parse(text) else {
            throw UsageError("--\(name) needs \(expected), not '\(text)'")
        }
        return value
    }
}
