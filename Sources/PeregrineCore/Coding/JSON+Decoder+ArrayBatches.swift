extension JSON.Decoder {
    /// `type` decoded from `bytes` with `settings` a batch of elements at a
    /// time (``ArrayBatches``), when it is an `Array`, the input is large
    /// enough and holds an array; `nil` otherwise, and after any error, for
    /// the caller to decode the input whole (which reports it).
    func decodedInBatches<T: Decodable>(_ type: T.Type, from bytes: InputBytes, settings: Settings) -> T? {
        guard bytes.count >= settings.arrayBatchMinimumBytes, let arrayType = T.self as? any DecodableArray.Type else { return nil }
        return arrayType.decodedInBatches(from: bytes, settings: settings) as? T
    }
}

extension Array where Element: Decodable {
    /// ``DecodableArray/decodedInBatches(from:settings:)``.
    static func decodedInBatches(from bytes: InputBytes, settings: JSON.Decoder.Settings) -> [Element]? {
        // What the batches decoded before an error is taken back from the
        // report: the whole decode then records its own.
        let report = ReportCollector.current
        let recorded = report?.report.events.count ?? 0
        var elements: [Element] = []
        do {
            let covered = try ArrayBatches.scan(bytes, options: settings.documentOptions, batchEntries: settings.arrayBatchEntries) {
                batch, first in
                let state = JSONDecodingState(document: batch, settings: settings, firstRootPosition: first)
                elements += try JSONTapeDecoder(state: state, index: 0).decodeTopLevel([Element].self)
            }
            if covered { return elements }
        } catch {}
        report?.removeEvents(from: recorded)
        return nil
    }
}
