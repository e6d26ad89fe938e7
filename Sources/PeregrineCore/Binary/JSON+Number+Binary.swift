extension BinaryWriter {
    /// Writes a number with the tag that keeps its kind.
    mutating func number(_ number: JSON.Number) {
        switch number.storage {
        case .int64(let value):
            tag(.int)
            zigzag(value)
        case .uint64(let value):
            tag(.uint)
            varint(value)
        case .double(let value):
            tag(.double)
            double(value)
        case .decimal(let text):
            tag(.numberText)
            string(text)
        }
    }
}
