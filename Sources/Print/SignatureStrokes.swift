import CPangoCairo

/// A signature pad's SVG path data as the strokes it draws: moves, lines
/// (`L H V`), cubic and quadratic curves (`C S Q T`) and close, absolute or
/// relative. One reading for every use: whether a pad could have sent it,
/// and drawing it with Cairo. Arcs, stray numbers, numbers out of range and
/// more commands than a long signature has are not a pad's.
public enum SignatureStrokes {
    public enum Segment: Equatable, Sendable {
        case move(Double, Double)
        case line(Double, Double)
        /// A cubic curve: two control points and its end. A quadratic one is
        /// drawn as the cubic it is, its controls two thirds of the way to its middle point.
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }

    /// More commands than a pad sends for a long signature are a crafted path, not a signature.
    public static let mostCommands = 20_000
    public static let longest = 64 * 1024

    /// The strokes of `pathData`; nil for path data no signature pad sends.
    public static func segments(_ pathData: String) -> [Segment]? {
        guard pathData.utf8.count <= longest, let tokens = tokenize(pathData), case .command(let first)? = tokens.first,
              first == "M" || first == "m" else { return nil }
        var segments: [Segment] = []
        var index = 0
        var command: Character = "M"
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        // The last control point, and whether it was a cubic's or a quadratic's: S reflects only a cubic's, T a quadratic's.
        var control: (x: Double, y: Double, cubic: Bool)?
        func number() -> Double? {
            guard index < tokens.count, case .number(let value) = tokens[index] else { return nil }
            index += 1
            return value
        }
        while index < tokens.count {
            if case .command(let letter) = tokens[index] {
                command = letter
                index += 1
            }
            guard segments.count < mostCommands else { return nil }
            let relative = command.isLowercase
            let dx = relative ? x : 0, dy = relative ? y : 0
            switch command.uppercased() {
            case "M":
                guard let nx = number(), let ny = number() else { return nil }
                (x, y) = (nx + dx, ny + dy)
                (startX, startY) = (x, y)
                segments.append(.move(x, y))
                // Numbers after a move are lines.
                command = relative ? "l" : "L"
                control = nil
            case "L", "H", "V":
                let upper = command.uppercased()
                guard let first = number() else { return nil }
                if upper == "L" {
                    guard let second = number() else { return nil }
                    (x, y) = (first + dx, second + dy)
                } else if upper == "H" {
                    x = first + dx
                } else {
                    y = first + dy
                }
                segments.append(.line(x, y))
                control = nil
            case "C", "S":
                let first: (x: Double, y: Double)
                if command.uppercased() == "C" {
                    guard let x1 = number(), let y1 = number() else { return nil }
                    first = (x1 + dx, y1 + dy)
                } else {
                    first = control.flatMap { $0.cubic ? (2 * x - $0.x, 2 * y - $0.y) : nil } ?? (x, y)
                }
                guard let x2 = number(), let y2 = number(), let nx = number(), let ny = number() else { return nil }
                segments.append(.curve(first.x, first.y, x2 + dx, y2 + dy, nx + dx, ny + dy))
                control = (x2 + dx, y2 + dy, true)
                (x, y) = (nx + dx, ny + dy)
            case "Q", "T":
                let middle: (x: Double, y: Double)
                if command.uppercased() == "Q" {
                    guard let x1 = number(), let y1 = number() else { return nil }
                    middle = (x1 + dx, y1 + dy)
                } else {
                    middle = control.flatMap { $0.cubic ? nil : (2 * x - $0.x, 2 * y - $0.y) } ?? (x, y)
                }
                guard let nx = number(), let ny = number() else { return nil }
                let end = (x: nx + dx, y: ny + dy)
                segments.append(.curve(x + 2 / 3 * (middle.x - x), y + 2 / 3 * (middle.y - y),
                                       end.x + 2 / 3 * (middle.x - end.x), end.y + 2 / 3 * (middle.y - end.y), end.x, end.y))
                control = (middle.x, middle.y, false)
                (x, y) = end
            case "Z":
                segments.append(.close)
                (x, y) = (startX, startY)
                control = nil
                // A number straight after a close is no command's.
                if index < tokens.count, case .number = tokens[index] { return nil }
            default:
                return nil
            }
        }
        return segments
    }

    /// Draws the strokes into `context`, whose transform places the pad's 300 × 100 box, clipped to the box.
    static func draw(_ segments: [Segment], in context: OpaquePointer) {
        cairo_rectangle(context, 0, 0, 300, 100)
        cairo_clip(context)
        cairo_new_path(context)
        for segment in segments {
            switch segment {
            case .move(let x, let y): cairo_move_to(context, x, y)
            case .line(let x, let y): cairo_line_to(context, x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(context, x1, y1, x2, y2, x, y)
            case .close: cairo_close_path(context)
            }
        }
    }

    private enum Token {
        case command(Character)
        case number(Double)
    }

    /// Letters and numbers, as SVG's path grammar splits them: `M12.5-3` is M, 12.5, -3. Nil for a letter
    /// no pad sends or a number out of range.
    private static func tokenize(_ pathData: String) -> [Token]? {
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
                if number.contains(".") && !number.contains("e") { guard flush() else { return nil } }
                number.append(character)
            case "-", "+":
                if !number.isEmpty && number.last != "e" { guard flush() else { return nil } }
                number.append(character)
            case "e":
                guard !number.isEmpty else { return nil }
                number.append(character)
            case " ", ",", "\n", "\t", "\r":
                guard flush() else { return nil }
            default:
                guard flush(), "MmLlHhVvCcSsQqTtZz".contains(character) else { return nil }
                tokens.append(.command(character))
            }
        }
        return flush() ? tokens : nil
    }
}
