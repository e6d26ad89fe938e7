extension JSON.Document {
    /// The document of an owned value, written straight from it: the tape as
    /// parsing would build it, with the strings' UTF-8 (and exact number
    /// text) laid end to end as the input and numbers kept as their bits
    /// (flagged ``TapeEntry/noText``: they have no text of their own).
    /// Nothing is escaped, scanned or converted, so decoding a value costs a
    /// walk over it, not writing text and parsing it back. The walk keeps
    /// its own stack, so any depth is safe.
    ///
    /// - Throws: ``JSON/ParseError/Kind/inputTooLarge`` when the strings
    ///   pass 4 GiB or the values 4 Gi, which a tape's 32-bit offsets and
    ///   indexes cannot reach.
    package init(flattening value: JSON) throws(JSON.ParseError) {
        enum Step {
            case value(JSON)
            case key(String)
            /// The container opened at this tape index ends here.
            case close(Int)
        }
        let tape = Tape(capacity: 16)
        var bytes: [UInt8] = []
        var steps: [Step] = [.value(value)]
        func text(_ string: String) throws(JSON.ParseError) -> (offset: Int, length: Int) {
            let offset = bytes.count
            bytes.append(contentsOf: string.utf8)
            guard bytes.count <= Int(UInt32.max) else {
                throw JSON.ParseError(.inputTooLarge, at: 0, in: UnsafeBufferPointer(start: nil, count: 0), "a value whose strings pass 4 GiB")
            }
            return (offset, bytes.count - offset)
        }
        while let step = steps.popLast() {
            switch step {
            case .close(let index):
                guard tape.count <= Int(UInt32.max) else {
                    throw JSON.ParseError(.inputTooLarge, at: 0, in: UnsafeBufferPointer(start: nil, count: 0), "a value of more than 4 Gi values")
                }
                tape[index].payload |= UInt64(tape.count)  // index < tape.count: opened before its elements
            case .key(let name):
                let (offset, length) = try text(name)
                tape.append(TapeEntry(.string, offset: offset, payload: UInt64(length)))
            case .value(let value):
                switch value {
                case .null: tape.append(TapeEntry(.null, offset: 0))
                case .bool(let flag): tape.append(TapeEntry(flag ? .true : .false, offset: 0))
                case .number(let number):
                    switch number.storage {
                    case .int64(let integer): tape.append(TapeEntry(.int64, offset: 0, flags: TapeEntry.noText, payload: UInt64(bitPattern: integer)))
                    case .uint64(let integer): tape.append(TapeEntry(.uint64, offset: 0, flags: TapeEntry.noText, payload: integer))
                    case .double(let double): tape.append(TapeEntry(.double, offset: 0, flags: TapeEntry.noText, payload: double.bitPattern))
                    case .decimal(let digits):
                        let (offset, length) = try text(digits)
                        tape.append(TapeEntry(.decimal, offset: offset, payload: UInt64(length)))
                    }
                case .string(let string):
                    let (offset, length) = try text(string)
                    tape.append(TapeEntry(.string, offset: offset, payload: UInt64(length)))
                case .array(let elements):
                    steps.append(.close(tape.count))
                    tape.append(TapeEntry(.array, offset: 0, payload: UInt64(elements.count) << 32))
                    for element in elements.reversed() { steps.append(.value(element)) }
                case .object(let object):
                    steps.append(.close(tape.count))
                    tape.append(TapeEntry(.object, offset: 0, payload: UInt64(object.count) << 32))
                    for position in (0..<object.count).reversed() {
                        let member = object.member(at: position)
                        steps.append(.value(member.value))
                        steps.append(.key(member.key.string))
                    }
                }
            }
        }
        tape.checkInvariants(inputCount: bytes.count)
        self.bytes = InputBytes(bytes)
        self.tape = tape
        self.options = JSON.ParseOptions()
        self.endOffset = bytes.count
    }
}
