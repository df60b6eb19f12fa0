import CareModel
import HTTP
import Pages
import Words

/// The printed name and signature of a consent step's form. A drawn
/// signature must be a drawing: strokes of real extent inside the pad's
/// 300 × 100 box, not a dot or a stray mark; the typed alternative is the
/// printed name, confirmed by the participant as their signature.
enum SignatureEntry {
    /// The pad's box, in the units of its path data.
    static let width = 300.0, height = 100.0
    /// How much ink a drawing needs: its strokes' length, and the size of the box around them.
    static let minimumLength = 40.0, minimumExtent = 20.0

    /// Reads the form into `fields`; returns what to fix, by field.
    static func enter(_ form: FormData, into fields: inout OnboardingFields, words: Words) -> [String: String] {
        var errors: [String: String] = [:]
        fields.printedName = (form["printedName"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if fields.printedName.isEmpty { errors["printedName"] = words(.typeFullName) }
        if fields.printedName.count > 200 { errors["printedName"] = words(.nameTooLong) }
        let path = (form["signature"] ?? "").trimmingCharacters(in: .whitespaces)
        fields.signature = nil
        if form["typedSignature"] == "yes" {
            fields.signature = fields.printedName.isEmpty ? nil : .typed(name: fields.printedName)
        } else if path.isEmpty {
            errors["signature"] = words(.drawOrTick)
        } else if !SignaturePath.isValid(path) {
            errors["signature"] = words(.signatureUnreadable)
        } else if !isDrawing(path) {
            errors["signature"] = words(.signatureTooSmall)
        } else {
            fields.signature = .drawn(pathData: path)
        }
        return errors
    }

    /// Whether path data of absolute moves and lines, as the pad writes them,
    /// draws strokes of real extent inside the pad.
    static func isDrawing(_ path: String) -> Bool {
        var tokens: [Substring] = []
        var current = ""
        for character in path {
            if character == "M" || character == "L" || character.isWhitespace || character == "," {
                if !current.isEmpty { tokens.append(Substring(current)); current = "" }
                if character == "M" || character == "L" { tokens.append(Substring(String(character))) }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(Substring(current)) }
        var points: [(x: Double, y: Double, starts: Bool)] = []
        var command: Substring = ""
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "M" || token == "L" {
                command = token
                index += 1
                continue
            }
            guard !command.isEmpty, index + 1 < tokens.count, let x = Double(token), let y = Double(tokens[index + 1]),
                  (0...width).contains(x), (0...height).contains(y) else { return false }
            points.append((x, y, command == "M"))
            command = command == "M" ? "L" : command
            index += 2
        }
        guard points.count >= 3 else { return false }
        var length = 0.0
        for (previous, point) in zip(points, points.dropFirst()) where !point.starts {
            length += ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y) * (point.y - previous.y)).squareRoot()
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        let extent = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        return length >= minimumLength && extent >= minimumExtent
    }
}
