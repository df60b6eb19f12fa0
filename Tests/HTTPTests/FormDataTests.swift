import HTTP
import Testing

@Suite struct FormDataTests {
    @Test func decodesPlusesPercentsAndRepeatedNames() throws {
        let form = try FormData(Array("a=1&name=Ada+Lovelace&sig=M1%2C1+L2%202&grant=x&grant=y&empty=&flag".utf8))
        #expect(form["name"] == "Ada Lovelace")
        #expect(form["sig"] == "M1,1 L2 2")
        #expect(form.all("grant") == ["x", "y"])
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
    }

    @Test func refusesBadEncodingsAndOversizedForms() {
        #expect(throws: FormData.Failure.badEncoding) { try FormData(Array("a=%ZZ".utf8)) }
        #expect(throws: FormData.Failure.badEncoding) { try FormData(Array("a=%4".utf8)) }
        #expect(throws: FormData.Failure.badEncoding) { try FormData(Array("a=%FF%FE".utf8)) }
        #expect(throws: FormData.Failure.badEncoding) { try FormData(Array("a=%00".utf8)) }
        #expect(throws: FormData.Failure.tooManyFields(3)) {
            try FormData(Array("a=1&b=2&c=3&d=4".utf8), limits: .init(fields: 3, valueBytes: 10))
        }
        #expect(throws: FormData.Failure.valueTooLong("a")) {
            try FormData(Array("a=12345678901".utf8), limits: .init(fields: 3, valueBytes: 10))
        }
    }
}
