import CPangoCairo

/// A signature pad's SVG path data drawn with Cairo: moves, lines
/// (`L H V`), cubic and quadratic curves (`C S Q T`) and close, absolute or
/// relative. Arcs are not in what a pad sends and end the drawing.
enum SignatureStrokes {
    /// More commands than a pad sends for a long signature are a crafted path, not a signature.
    static let mostCommands = 20_000

    /// Draws `pathData` into `context`, whose transform places the pad's 300 × 100 box. Returns false for path
    /// data that is not a pad's.
    static func draw(_ pathData: String, in context: OpaquePointer) -> Bool {
        let tokens = tokenize(pathData)
        guard !tokens.isEmpty else { return false }
        var index = 0
        var command: Character = " "
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        // The last control point, for the smooth curves S and T.
        var control: (x: Double, y: Double)?
        var commands = 0
        func number() -> Double? {
            guard index < tokens.count, case .number(let value) = tokens[index] else { return nil }
            index += 1
            return value
        }
        while index < tokens.count {
            if case .command(let letter) = tokens[index] {
                command = letter
                index += 1
            } else if command == " " {
                return false
            }
            commands += 1
            guard commands <= mostCommands else { return false }
            let relative = command.isLowercase
            let dx = relative ? x : 0, dy = relative ? y : 0
            switch command.uppercased() {
            case "M":
                guard let nx = number(), let ny = number() else { return false }
                (x, y) = (nx + dx, ny + dy)
                (startX, startY) = (x, y)
                cairo_move_to(context, x, y)
                // Numbers after a move are lines.
                command = relative ? "l" : "L"
                control = nil
            case "L":
                guard let nx = number(), let ny = number() else { return false }
                (x, y) = (nx + dx, ny + dy)
                cairo_line_to(context, x, y)
                control = nil
            case "H":
                guard let nx = number() else { return false }
                x = nx + dx
                cairo_line_to(context, x, y)
                control = nil
            case "V":
                guard let ny = number() else { return false }
                y = ny + dy
                cairo_line_to(context, x, y)
                control = nil
            case "C", "S":
                var first: (x: Double, y: Double)
                if command.uppercased() == "C" {
                    guard let x1 = number(), let y1 = number() else { return false }
                    first = (x1 + dx, y1 + dy)
                } else {
                    first = control.map { (2 * x - $0.x, 2 * y - $0.y) } ?? (x, y)
                }
                guard let x2 = number(), let y2 = number(), let nx = number(), let ny = number() else { return false }
                cairo_curve_to(context, first.x, first.y, x2 + dx, y2 + dy, nx + dx, ny + dy)
                control = (x2 + dx, y2 + dy)
                (x, y) = (nx + dx, ny + dy)
            case "Q", "T":
                var middle: (x: Double, y: Double)
                if command.uppercased() == "Q" {
                    guard let x1 = number(), let y1 = number() else { return false }
                    middle = (x1 + dx, y1 + dy)
                } else {
                    middle = control.map { (2 * x - $0.x, 2 * y - $0.y) } ?? (x, y)
                }
                guard let nx = number(), let ny = number() else { return false }
                let end = (x: nx + dx, y: ny + dy)
                // A quadratic curve as the cubic Cairo draws: its controls two thirds of the way to the middle point.
                cairo_curve_to(context, x + 2 / 3 * (middle.x - x), y + 2 / 3 * (middle.y - y),
                               end.x + 2 / 3 * (middle.x - end.x), end.y + 2 / 3 * (middle.y - end.y), end.x, end.y)
                control = middle
                (x, y) = end
            case "Z":
                cairo_close_path(context)
                (x, y) = (startX, startY)
                control = nil
            default:
                return false
            }
        }
        return true
    }

    enum Token: Equatable {
        case command(Character)
        case number(Double)
    }

    /// Letters and numbers, as SVG's path grammar splits them: `M12.5-3` is M, 12.5, -3. Empty for what a
    /// pad does not send: other letters (an arc), a number out of range, or more than `mostCommands` commands.
    static func tokenize(_ pathData: String) -> [Token] {
        guard pathData.utf8.count <= 256 * 1024 else { return [] }
        var tokens: [Token] = []
        var number = ""
        func flush() -> Bool {
            guard !number.isEmpty else { return true }
            defer { number = "" }
            guard let value = Double(number), value.isFinite, abs(value) < 1e6 else { return false }
            tokens.append(.number(value))
            return true
        }
        for character in pathData {
            switch character {
            case "0"..."9":
                number.append(character)
            case ".":
                // A second point starts a number: `1.5.5` is 1.5 and .5.
                if number.contains(".") && !number.contains("e") { guard flush() else { return [] } }
                number.append(character)
            case "-", "+":
                if !number.isEmpty && number.last != "e" { guard flush() else { return [] } }
                number.append(character)
            case "e":
                guard !number.isEmpty else { return [] }
                number.append(character)
            case " ", ",", "\n", "\t", "\r":
                guard flush() else { return [] }
            default:
                guard flush(), "MmLlHhVvCcSsQqTtZz".contains(character) else { return [] }
                tokens.append(.command(character))
            }
        }
        guard flush() else { return [] }
        let commands = tokens.filter { if case .command = $0 { true } else { false } }.count
        // Numbers after a letter repeat it: no more numbers than the most commands of the longest, a curve's 6.
        return commands <= mostCommands && tokens.count <= mostCommands * 7 ? tokens : []
    }
}
