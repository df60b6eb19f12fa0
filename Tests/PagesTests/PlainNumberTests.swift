import Foundation
import Pages
import Testing

@Suite struct PlainNumberTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.5, "1.5"), (0.05, "0.05"), (-2.25, "-2.25"), (1234.567, "1234.57"),
        (-0.001, "0"), (-0.005, "0"), (0.125, "0.12"), (0.375, "0.38"), (12.1, "12.1"), (100, "100"), (-100.5, "-100.5"),
        (94.24777960769379, "94.25"), (1e20, "0"), (-1e20, "0"), (9_999_999_999_999.99, "9999999999999.99"),
    ] as [(Double, String)])
    func aNumberIsWrittenWithAtMostTwoDecimalsAndNoTrailingZero(_ value: Double, _ written: String) {
        #expect(PlainNumber.format(value) == written)
    }

    /// As `String(format: "%.2f")` writes it, its trailing zeros and point dropped, for numbers
    /// across the sizes a chart draws and far beyond.
    @Test func everyNumberReadsBackAsItsValueToTheHundredth() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double.random(in: -1e6...1e6, using: &generator) / Double(Int.random(in: 1...10_000, using: &generator))
            let hundredths = (value * 100).rounded(.toNearestOrEven)
            var expected = String(format: "%.2f", hundredths / 100)
            if expected.contains(".") {
                while expected.hasSuffix("0") { expected.removeLast() }
                if expected.hasSuffix(".") { expected.removeLast() }
            }
            if expected == "-0" { expected = "0" }
            #expect(PlainNumber.format(value) == expected, "\(value)")
        }
    }
}
