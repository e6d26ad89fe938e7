/// How the generated encoders write a property with `@EncodedUnless`
/// (left out when its condition holds) or `@NilAsNull` (`nil` written as
/// `null`): the same shape on the generated path and in the written
/// `encode(to:)`, around the line each writes a member with.
extension GeneratedCode {
    /// The lines that write property `index`: `write` of its value, within
    /// `@EncodedUnless`'s check, and for `@NilAsNull` with `null` (the
    /// line `null` gives) when it is `nil`.
    func encoding(ofProperty index: Int, indent: String, write: (String) -> String, null: () -> String) -> [String] {
        let property = model.properties[index]
        var lines: [String]
        if property.nilAsNull {
            lines = ["if let value = \(encodedValue(ofProperty: index)) {", "    " + write("value"), "} else {", "    " + null(), "}"]
        } else {
            lines = [write(encodedValue(ofProperty: index))]
        }
        if let condition = property.omittedWhen {
            lines = ["if !Peregrine.EncodingCondition.holds(\(condition), for: self.\(property.storage)) {"] + lines.map { "    " + $0 } + ["}"]
        }
        return lines.map { indent + $0 }
    }
}
