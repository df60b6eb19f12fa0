import CYAML

/// A YAML node with where it stands in its text, converted from libyaml's
/// events. Scalars stay text: a value is typed by the key it stands under,
/// never by how it looks, so `no` or `1.0` stay strings where text is asked.
public struct YAMLNode: Sendable {
    public enum Value: Sendable {
        /// `plain` is false for quoted and block scalars.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    public var value: Value
    /// 1-based line and column in the YAML text.
    public var line: Int
    public var column: Int

    /// Parses one YAML document. An empty text is an empty mapping.
    ///
    /// Anchors and aliases are refused (content never needs them, and they are
    /// how small files expand into huge ones), as is nesting deeper than
    /// `maximumDepth`.
    public static func parse(_ text: String, maximumDepth: Int = 64) throws(YAMLError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(message: "out of memory starting the YAML parser", line: 1, column: 1)
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try build(&parser, maximumDepth: maximumDepth)
        }
    }

    private enum Open {
        case sequence([YAMLNode], line: Int, column: Int)
        case mapping([(key: YAMLNode, value: YAMLNode)], pendingKey: YAMLNode?, line: Int, column: Int)
    }

    private static func build(_ parser: inout yaml_parser_t, maximumDepth: Int) throws(YAMLError) -> YAMLNode {
        var stack: [Open] = []
        var root: YAMLNode?
        var documents = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw syntaxError(parser)
            }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            var finished: YAMLNode?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root ?? YAMLNode(value: .mapping([]), line: 1, column: 1)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLError(message: "only one YAML document is allowed here; remove the extra '---'",
                                    line: line, column: column)
                }
            case YAML_ALIAS_EVENT:
                throw YAMLError(message: "aliases (*name) are not supported; write the value out", line: line, column: column)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                if scalar.anchor != nil {
                    throw YAMLError(message: "anchors (&name) are not supported; write the value out", line: line, column: column)
                }
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                finished = YAMLNode(value: .scalar(value, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE),
                                    line: line, column: column)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor
                                                                     : event.data.mapping_start.anchor
                if anchor != nil {
                    throw YAMLError(message: "anchors (&name) are not supported; write the value out", line: line, column: column)
                }
                guard stack.count < maximumDepth else {
                    throw YAMLError(message: "nested more than \(maximumDepth) levels deep", line: line, column: column)
                }
                stack.append(event.type == YAML_SEQUENCE_START_EVENT
                    ? .sequence([], line: line, column: column)
                    : .mapping([], pendingKey: nil, line: line, column: column))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                switch stack.removeLast() {
                case .sequence(let items, let line, let column):
                    finished = YAMLNode(value: .sequence(items), line: line, column: column)
                case .mapping(let pairs, _, let line, let column):
                    finished = YAMLNode(value: .mapping(pairs), line: line, column: column)
                }
            default:
                break
            }
            guard let node = finished else { continue }
            switch stack.popLast() {
            case nil:
                root = node
            case .sequence(var items, let line, let column):
                items.append(node)
                stack.append(.sequence(items, line: line, column: column))
            case .mapping(var pairs, let pendingKey, let line, let column):
                if let key = pendingKey {
                    pairs.append((key, node))
                    stack.append(.mapping(pairs, pendingKey: nil, line: line, column: column))
                } else {
                    stack.append(.mapping(pairs, pendingKey: node, line: line, column: column))
                }
            }
        }
    }

    private static func syntaxError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var error = YAMLError(message: "YAML syntax: \(problem)", line: Int(parser.problem_mark.line) + 1,
                              column: Int(parser.problem_mark.column) + 1)
        if let context = parser.context {
            error.context = (String(cString: context), Int(parser.context_mark.line) + 1,
                             Int(parser.context_mark.column) + 1)
        }
        return error
    }
}
