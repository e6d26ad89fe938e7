/// How the fields of a record are named in its JSON form, whose member
/// `$class` holds the type name. A field named `$class`, `$$class`,
/// `$$$class`… is written with one more `$` in front, and bootstrapping
/// takes one off again: no field can take the type's place, and every
/// record converts to JSON and back unchanged. Other names stay as they are.
///
/// ```swift
/// BinaryRecordFieldNames.jsonName(of: "$class")        // "$$class"
/// BinaryRecordFieldNames.fieldName(ofJSON: "$$class")  // "$class"
/// ```
enum BinaryRecordFieldNames {
    /// The member of a record's JSON form that holds its type name.
    static let typeMember = "$class"

    /// The name field `field` has in the record's JSON form.
    static func jsonName(of field: String) -> String {
        isTypeMember(field, escapedAtLeast: 0) ? "$" + field : field
    }

    /// The field a member named `name` of a record's JSON form stands for.
    static func fieldName(ofJSON name: String) -> String {
        isTypeMember(name, escapedAtLeast: 1) ? String(name.dropFirst()) : name
    }

    /// Whether `name` is `$class` with at least `escapes` more `$` in front.
    private static func isTypeMember(_ name: String, escapedAtLeast escapes: Int) -> Bool {
        let utf8 = name.utf8
        guard utf8.first == UInt8(ascii: "$") else { return false }
        let dollars = utf8.prefix { $0 == UInt8(ascii: "$") }.count
        return dollars > escapes && utf8.dropFirst(dollars).elementsEqual("class".utf8)
    }
}
