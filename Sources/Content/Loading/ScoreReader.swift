import CareModel
import StudyModel

/// Reads a task's `scores` and checks each can be computed: its items are
/// numeric items of the survey, reversed items are among them, and
/// `minAnswered` is at most their number.
extension FieldReader {
    func scores(_ node: YAMLNode, survey: [FormItem]) -> [Score]? {
        enter(.scores)
        defer { leave() }
        guard let list = list(node, "scores") else { return nil }
        var scores: [Score] = []
        for scoreNode in list {
            guard let score = score(scoreNode, survey: survey) else { continue }
            if let other = survey.first(where: { $0.id == score.id }) {
                error("the score '\(score.id)' has the id of the question '\(other.id)'; give the score an id of its own",
                      at: CrossReferences.value("id", in: scoreNode) ?? scoreNode)
            } else if scores.contains(where: { $0.id == score.id }) {
                error("two scores have the id '\(score.id)'", at: CrossReferences.value("id", in: scoreNode) ?? scoreNode)
            } else {
                scores.append(score)
            }
        }
        return scores.count == list.count ? scores : nil
    }

    private func score(_ node: YAMLNode, survey: [FormItem]) -> Score? {
        guard let fields = fields(node, in: "a score", allowed: ["id", "label", "items", "method", "reverse", "minAnswered", "rescale", "better"],
                                  required: ["id", "label", "items"]) else { return nil }
        let id = identifier(fields["id"], "the score id")
        let label = text(fields["label"], "label")
        var valid = true
        var items: [String] = []
        for itemNode in fields["items"].flatMap({ list($0, "items") }) ?? [] {
            guard let itemID = identifier(itemNode, "an item") else { valid = false; continue }
            guard let item = survey.first(where: { $0.id == itemID }) else {
                let suggestion = Self.closest(to: itemID, in: survey.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                error("the survey has no question '\(itemID)'\(suggestion)", at: itemNode)
                valid = false
                continue
            }
            guard Score.range(of: item) != nil else {
                error("'\(itemID)' cannot be scored: a score adds up numbers, so its items are scales, numbers with a min "
                      + "and a max, or single choices whose values are all numbers", at: itemNode)
                valid = false
                continue
            }
            if items.contains(itemID) {
                error("'\(itemID)' is listed twice", at: itemNode)
                valid = false
            }
            items.append(itemID)
        }
        if let itemsNode = fields["items"], items.isEmpty, valid {
            error("a score needs at least one item", at: itemsNode)
            valid = false
        }
        var method = Score.Method.mean
        if let methodNode = fields["method"], let name = text(methodNode, "method") {
            guard let known = Score.Method(rawValue: name) else {
                error("method must be mean or sum, not '\(name)'", at: methodNode)
                return nil
            }
            method = known
        }
        var reverse: [String] = []
        for reverseNode in fields["reverse"].flatMap({ list($0, "reverse") }) ?? [] {
            guard let itemID = identifier(reverseNode, "a reversed item") else { valid = false; continue }
            guard items.contains(itemID) || !valid else {
                error("'\(itemID)' is reversed but is not one of the score's items (\(items.joined(separator: ", ")))", at: reverseNode)
                valid = false
                continue
            }
            reverse.append(itemID)
        }
        var minAnswered = items.count
        if let minNode = fields["minAnswered"] {
            guard let number = integer(minNode, "minAnswered") else { return nil }
            if number < 1 || (valid && number > items.count) {
                error("minAnswered must be from 1 to the number of the score's items, \(items.count), not \(number)", at: minNode)
                valid = false
            }
            minAnswered = number
        }
        var rescale: Score.Rescale?
        if let rescaleNode = fields["rescale"] {
            guard let rescaleFields = self.fields(rescaleNode, in: "rescale", allowed: ["from", "to"], required: ["from", "to"]),
                  let from = pair(rescaleFields["from"], "from"), let to = pair(rescaleFields["to"], "to") else { return nil }
            guard from.0 != from.1 else {
                error("from must give two different numbers, such as [0, 4]", at: rescaleFields["from"] ?? rescaleNode)
                return nil
            }
            rescale = Score.Rescale(from: from, to: to)
        }
        var better: Score.Better?
        if let betterNode = fields["better"], let name = text(betterNode, "better") {
            guard let known = Score.Better(rawValue: name) else {
                error("better must be higher or lower (which end of the score is the good one), not '\(name)'", at: betterNode)
                return nil
            }
            better = known
        }
        guard valid, let id, let label else { return nil }
        let score = Score(id: id, label: label, items: items, method: method, reverse: reverse, minAnswered: minAnswered,
                          rescale: rescale, better: better)
        // A score is a finite number whatever the answers: its items' sums and its rescale must stay finite.
        if let extremes = score.extremes(items: survey), !extremes.low.isFinite || !extremes.high.isFinite {
            let rescaled = Score(id: id, label: label, items: items, method: method, minAnswered: minAnswered)
                .extremes(items: survey).map { $0.low.isFinite && $0.high.isFinite } ?? true
            error(rescaled ? "rescale gives no finite score: its numbers are too large or too close together; "
                             + "use numbers such as from: [0, 4], to: [100, 0]"
                           : "the items' values add up past the largest number a score can hold; use smaller min and max",
                  at: rescaled ? fields["rescale"] ?? node : fields["items"] ?? node)
            return nil
        }
        return score
    }

    /// `[0, 4]`: two numbers.
    private func pair(_ node: YAMLNode?, _ what: String) -> (Double, Double)? {
        guard let node, let list = list(node, what) else { return nil }
        guard list.count == 2 else {
            error("\(what) must give two numbers, such as [0, 4]", at: node)
            return nil
        }
        guard let low = number(list[0], what), let high = number(list[1], what) else { return nil }
        return (low, high)
    }
}
