/// Sets, which the binary coders write with the set tag (`0x0F`) rather
/// than as arrays, and whose decoded size shows whether the file repeated
/// an element.
protocol BinarySetCoding {
    /// The number of distinct elements.
    var distinctCount: Int { get }
}

extension Set: BinarySetCoding {
    var distinctCount: Int { count }
}

/// Dictionaries: those whose `Codable` form is a list of alternating keys
/// and values (keys other than `String` and `Int`) are written with the
/// dictionary tag (`0x10`).
protocol BinaryDictionaryCoding {}

extension Dictionary: BinaryDictionaryCoding {}
