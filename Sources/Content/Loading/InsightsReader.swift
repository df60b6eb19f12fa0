import StudyModel
/// Reads `study.yaml`'s `insights`: each chart, its series, their colours
/// and target bands. That a series names a task's numeric form item is
/// checked with the other cross-references.
extension FieldReader {
    func chart(_ node: YAMLNode) -> (chart: InsightChart, nodes: [YAMLNode])? {
        enter(.charts)
        defer { leave() }
        guard let fields = fields(node, in: "an insights chart", allowed: ["title", "type", "series"],
                                  required: ["title", "type", "series"]) else { return nil }
        let title = text(fields["title"], "title")
        var kind: InsightChart.Kind?
        if let typeNode = fields["type"], let value = text(typeNode, "type") {
            kind = InsightChart.Kind(rawValue: value)
            if kind == nil {
                error("type must be bar, scatter or line, not '\(value)'", at: typeNode)
            }
        }
        let seriesNodes = list(fields["series"], "series") ?? []
        if seriesNodes.isEmpty, let seriesNode = fields["series"] {
            error("a chart needs at least one series", at: seriesNode)
        }
        let series = seriesNodes.compactMap(self.series)
        guard let title, let kind, series.count == seriesNodes.count, !series.isEmpty else { return nil }
        return (InsightChart(title: title, kind: kind, series: series), seriesNodes)
    }

    private func series(_ node: YAMLNode) -> ChartSeries? {
        guard let fields = fields(node, in: "a chart series", allowed: ["task", "value", "score", "count", "legend", "color", "target"],
                                  required: ["task", "legend"]) else { return nil }
        let task = identifier(fields["task"], "task")
        let measured = measure(fields)
        let legend = text(fields["legend"], "legend")
        // A wrong colour or target is reported and left out, so the
        // series is still checked against its task.
        var color: String?
        if let colorNode = fields["color"], let written = text(colorNode, "color") {
            if let rgb = ColorContrast.rgb(written) {
                color = written.lowercased()
                let ratio = ColorContrast.ratio(rgb, ColorContrast.chartBackground)
                if ratio < ColorContrast.minimum {
                    warning("color \(written) is \(ColorContrast.describe(ratio)) against the chart's white background, "
                            + "under the 3:1 that marks need to be told apart from it; a darker shade such as "
                            + "\"\(ColorContrast.hex(ColorContrast.darkened(rgb)))\" would do", at: colorNode)
                }
            } else {
                error("color must be '#rrggbb', such as \"#0a84ff\", not '\(written)'", at: colorNode)
            }
        }
        let target = fields["target"].flatMap(self.target)
        guard let task, let measured, let legend else { return nil }
        return ChartSeries(task: task, value: measured.value, legend: legend, color: color, target: target,
                           measure: measured.measure)
    }

    /// `value: <form item>`, `score: <score>`, or `count: entries` for a log task's entries a day.
    private func measure(_ fields: Fields) -> (value: String, measure: ChartSeries.Measure)? {
        if let scoreNode = fields["score"] {
            if let other = fields["value"] ?? fields["count"] {
                error("give one of value (a form item's answers), score (a score of the task) or count: entries, not two",
                      at: other)
                return nil
            }
            return identifier(scoreNode, "score").map { ($0, .score) }
        }
        switch (fields["value"], fields["count"]) {
        case (let valueNode?, nil):
            return identifier(valueNode, "value").map { ($0, .value) }
        case (nil, let countNode?):
            guard let count = text(countNode, "count") else { return nil }
            guard count == "entries" else {
                error("count must be 'entries', the number of entries a day of a log task, not '\(count)'", at: countNode)
                return nil
            }
            return (TaskKind.log.valueKind ?? "", .entries)
        case (_?, let countNode?):
            error("give either value (a form item's answers) or count: entries (a log's entries a day), not both", at: countNode)
            return nil
        case (nil, nil):
            error("a chart series is missing 'value' (a form item), 'score' (a score of the task) or 'count: entries' "
                  + "(a log's entries a day)", at: fields.node)
            return nil
        }
    }

    /// `target: { min, max, label }`: at least one bound, the lower below the upper.
    private func target(_ node: YAMLNode) -> ChartTarget? {
        guard let fields = fields(node, in: "target", allowed: ["min", "max", "label"], required: ["label"]) else {
            return nil
        }
        let label = text(fields["label"], "label")
        let low = fields["min"].map { number($0, "min") }
        let high = fields["max"].map { number($0, "max") }
        if low == nil && high == nil {
            error("a target needs min, max or both: the values the band runs from and to", at: node)
            return nil
        }
        // A bound that was given but is not a number has been reported.
        guard let label, low.map({ $0 != nil }) ?? true, high.map({ $0 != nil }) ?? true else { return nil }
        if let low = low ?? nil, let high = high ?? nil, low >= high, let maxNode = fields["max"] {
            error("a target's max must be above its min, not \(Self.format(high)) with min \(Self.format(low))", at: maxNode)
            return nil
        }
        return ChartTarget(min: low ?? nil, max: high ?? nil, label: label)
    }
}
