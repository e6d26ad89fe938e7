/// Writes a ``JSON`` value into one growing byte buffer; given a `flush`,
/// pretty-printed output (which indentation can make far larger than the
/// value) is handed over each time it passes 64 KiB, so it needs one buffer
/// of memory. Compact output is about the size of the value already held.
///
/// The walk is iterative: an explicit stack of open containers replaces
/// recursion, so the call stack stays flat whatever the nesting, and the
/// depth check throws before the stack grows past `options.maxDepth`.
struct Serializer {
    private(set) var output: [UInt8] = []
    private let options: JSON.SerializationOptions
    /// Whether non-finite doubles are written as `NaN`/`Infinity` (for
    /// `description`) instead of throwing.
    private let allowsNonFinite: Bool
    /// Takes pretty-printed output so far; `false` refuses the rest.
    private let flush: (([UInt8]) -> Bool)?
    /// Whether `flush` refused the rest.
    private(set) var stopped = false

    /// An array or object being written: its elements in output order and how
    /// many have been written so far.
    private enum Frame {
        case array([JSON], next: Int)
        case object(JSON.Object, order: [Int]?, next: Int)
    }

    init(options: JSON.SerializationOptions, allowsNonFinite: Bool = false, flush: (([UInt8]) -> Bool)? = nil) {
        self.options = options
        self.allowsNonFinite = allowsNonFinite
        self.flush = flush
    }

    mutating func write(_ root: JSON) throws(JSON.SerializationError) {
        var stack: [Frame] = []
        var pending: JSON? = root
        while true {
            if let value = pending {
                pending = nil
                if let frame = try writeScalarOrOpen(value, depth: stack.count) {
                    stack.append(frame)
                }
            }
            guard let top = stack.popLast() else { return }
            switch top {
            case .array(let elements, let next):
                if next < elements.count {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth: stack.count + 1)
                    pending = elements[next]
                    stack.append(.array(elements, next: next + 1))
                } else {
                    newline(depth: stack.count)
                    output.append(UInt8(ascii: "]"))
                }
            case .object(let object, let order, let next):
                if next < object.count {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    newline(depth: stack.count + 1)
                    let member = object.member(at: order?[next] ?? next)
                    appendString(
                        member.key.string, quoted: true, escapeUnicode: options.escapeUnicode,
                        escapeSlashes: options.escapeSlashes, to: &output)
                    output.append(UInt8(ascii: ":"))
                    if options.prettyPrinted { output.append(UInt8(ascii: " ")) }
                    pending = member.value
                    stack.append(.object(object, order: order, next: next + 1))
                } else {
                    newline(depth: stack.count)
                    output.append(UInt8(ascii: "}"))
                }
            }
        }
    }

    /// Writes a scalar or an empty container completely; for a non-empty
    /// container writes the opening bracket and returns the frame to continue it.
    private mutating func writeScalarOrOpen(
        _ value: JSON, depth: Int
    ) throws(JSON.SerializationError) -> Frame? {
        switch value {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            if case .double(let double) = number.storage, !double.isFinite, !allowsNonFinite {
                try writeNonFinite(double)
            } else {
                appendNumber(number, to: &output)
            }
        case .string(let string):
            appendString(
                string, quoted: true, escapeUnicode: options.escapeUnicode,
                escapeSlashes: options.escapeSlashes, to: &output)
        case .array(let elements):
            try checkDepth(depth)
            guard !elements.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return nil
            }
            output.append(UInt8(ascii: "["))
            return .array(elements, next: 0)
        case .object(let object):
            try checkDepth(depth)
            guard !object.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return nil
            }
            output.append(UInt8(ascii: "{"))
            let order = options.sortedKeys ? object.sortedPositions() : nil
            return .object(object, order: order, next: 0)
        }
        return nil
    }

    private mutating func writeNonFinite(_ value: Double) throws(JSON.SerializationError) {
        switch options.nonConformingFloats {
        case .throw:
            throw JSON.SerializationError(.nonFiniteNumber, "\(JSON.Number(value)) cannot be written as JSON")
        case .json5Literals:
            appendNumber(JSON.Number(value), to: &output)
        case .strings(let positiveInfinity, let negativeInfinity, let nan):
            let text = value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity
            appendString(
                text, quoted: true, escapeUnicode: options.escapeUnicode, escapeSlashes: options.escapeSlashes,
                to: &output)
        }
    }

    private func checkDepth(_ depth: Int) throws(JSON.SerializationError) {
        guard depth < options.maxDepth else {
            throw JSON.SerializationError(
                .tooDeep, "arrays and objects are nested deeper than \(options.maxDepth) levels")
        }
    }

    @inline(__always)
    private mutating func newline(depth: Int) {
        guard options.prettyPrinted else { return }
        if output.count >= 1 << 16, flush != nil { handOver() }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * options.indentWidth))
    }

    /// Gives the output so far to `flush`; after a refusal what follows is
    /// dropped, a piece at a time.
    @inline(never)
    private mutating func handOver() {
        if !stopped, let flush { stopped = !flush(output) }
        output.removeAll(keepingCapacity: true)
    }
}
