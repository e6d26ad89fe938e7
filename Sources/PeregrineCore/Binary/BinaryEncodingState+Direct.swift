extension BinaryEncodingState {
    /// Begins what the format puts around a value of `type` that a
    /// generated encoder writes, as ``BinaryValueEncoder/encodeValue(_:)``
    /// does: for a class instance (`instance`) written before, a
    /// back-reference, and then `nil` (nothing more to write); for one met
    /// the first time, a shared value, whose number and the depth before it
    /// ``endInstance(_:number:depth:)`` takes; for a type the registry names,
    /// the record the value's object opens as.
    ///
    /// - Throws: ``Binary/EncodingError`` for an instance that contains
    ///   itself, or a shared value nesting too deep.
    @usableFromInline
    func beginGenerated(_ type: Any.Type, instance: AnyObject?) throws(Binary.EncodingError) -> (shared: Int, depth: Int)? {
        let encoded = encodedType(type)
        let depth = frames.count
        var shared = -1
        if encoded.isClass, let instance {
            if let number = try sharedNumber(of: instance, depth: depth) {
                writer.tag(.reference)
                writer.count(number)
                return nil
            }
            shared = try beginInstance(instance)
        }
        if case .plain = encoded.kind, let record = encoded.record { pending = (writer.position, .record, record) }
        return (shared, depth)
    }
}
