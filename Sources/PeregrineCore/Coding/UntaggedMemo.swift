/// What one decode remembers of the untagged enums it has decoded: what
/// makes nested untagged values linear in the input, not merely bounded
/// in attempts.
///
/// An untagged enum tries its cases in order against one value, and a case
/// that fails deep inside may have decoded much on the way: for
/// `enum V { case a(W), b(W) }` with `struct W { var big: [Int]; var next: V? }`
/// nested n deep over a value that fails at the bottom, case `b` at each
/// level would decode again everything case `a` decoded, 2ⁿ times the
/// bottom. So, as a packrat parser does, the decode keeps the outcome of
/// each enum type at each tape index (and each set of coercions in force,
/// which can change it):
///
/// - a value decoded is kept, boxed, with the report events its decode
///   recorded, and later asks for it take the box (and the events again);
/// - a value no case matches is kept as a failure, and later asks fail at once;
/// - a value being decoded is marked, and an ask for it from inside its own
///   decode (a case holding the enum itself, at the same index) fails, as
///   it could only recurse until the stack ran out.
///
/// Outcomes are kept while a case is being tried (only a case that fails
/// can make the decode ask for a value again) and dropped when the
/// outermost untagged enum (one decoded outside every case) is done. Only
/// the outcomes of values that hold other untagged values are kept: a
/// value whose cases began no other entry (a number, a string, a model of
/// no untagged members) is decoded again when asked again, which costs
/// what its first decode did, once per ask of the value around it, and
/// that value's outcome is kept. So the table holds one entry per
/// untagged value that holds others, inside one outermost value, and
/// nothing for an array of untagged leaves however long. It is empty,
/// allocating nothing, in a decode without untagged enums, and in one
/// whose untagged values hold no others.
///
/// The bound, with no budget to reach: inside one outermost enum, each
/// key (enum type, index, coercions) begins once, since every later ask
/// finds its entry (a value, a failure, or the mark of a decode running).
/// So an untagged enum tries its cases at most once per value, and the
/// decode tries at most Σ (1 + cases) over the untagged enum types per
/// value of the input; the types, their cases and the coercions in force
/// are the model's, fixed at compile time, never the input's. Outermost
/// enums decode disjoint values, so the whole decode tries
/// O(cases × values) cases. A try walks its value down to the untagged
/// values inside it, each one lookup once known: a value between two
/// untagged ones is walked once per case of the nearest untagged enum
/// above it, so when each recursive type of the model recurs through an
/// untagged enum the decode is O(cases × values) in time
/// (`UntaggedMemoTests.adversarialNestingIsLinear`,
/// `UntaggedMemoTests.workStaysLinearHoweverTheInputIsShaped`).
///
/// A case holding a recursive type that is not untagged (a chain of
/// structs) would walk that chain again from each level an enum is asked
/// at below it, O(cases × values × depth). So, while a case is open, the
/// outcome of a value decoded through its type's own decoder (a generated
/// one, or `init(from:)` on the `Codable` path) is kept too, by the same
/// key (an error as well: inside a case it can only make the case fail,
/// and it is thrown again as it was), when it spans at least
/// ``smallestKeptValue`` tape entries outside the values inside it that
/// are kept. Those regions do not overlap, so a decode keeps at most one
/// value per ``smallestKeptValue`` entries of its input, and an array of
/// small models keeps none. A value that is not kept is decoded again
/// when asked again: it walks fewer than ``smallestKeptValue`` entries and
/// looks up the kept values inside it, and fewer than
/// ``smallestKeptValue`` values around it that are not kept either can
/// ask it, so a chain costs O(cases × values) in all
/// (`UntaggedChainTests`). Outside every case nothing is kept, and the
/// only cost is the test that no case is open.
///
/// ```swift
/// var memo = UntaggedMemo()
/// let key = UntaggedMemo.Key(index: 7, type: ObjectIdentifier(Value.self), leniency: 0)
/// memo.begin(key)
/// memo.keep(key, Value.int(1), events: [])
/// memo[key]   // .decoded(Value.int(1), events: [])
/// ```
@usableFromInline
struct UntaggedMemo {
    /// An enum type (or a type decoded inside a case) at a tape index, under a set of coercions.
    struct Key: Hashable {
        /// The value's tape index.
        var index: Int
        /// The enum type.
        var type: ObjectIdentifier
        /// The raw value of the coercions in force (``JSON/Decoder/Leniency``).
        var leniency: UInt
    }

    /// The outcome of an enum type, or of a value decoded inside a case, at an index.
    enum Entry {
        /// Its decode is running.
        case decoding
        /// No case matched.
        case failed
        /// The value decoded, and the report events its decode recorded.
        case decoded(Any, events: [DecodingReport.Event])
        /// The decode of a value inside a case threw `error`.
        case threw(any Error)
    }

    /// The cases being tried, one inside another.
    @usableFromInline var openCases = 0
    /// The entries begun in this decode: a decode that began none inside
    /// its own holds no untagged value.
    private(set) var begun = 0
    /// The fewest tape entries a value decoded inside a case spans, outside
    /// the values inside it that are kept, for its outcome to be kept:
    /// fewer cost, asked again, little more than a lookup would save.
    static let smallestKeptValue = 32
    /// Whether a generated value of `type` decoded inside a case may be
    /// kept: one a recursion of the model must pass through, since a
    /// struct cannot hold itself. That is a value of at most two words (a
    /// class instance, an array, a dictionary, an enum all of whose cases
    /// are `indirect`) or an enum with an `indirect` case
    /// (``DirectDecodable/mayHoldItself``). A test the compiler folds, so
    /// that a larger struct decodes inside a case as fast as outside.
    @inlinable @inline(__always)
    static func mayKeep<T: DirectDecodable>(_ type: T.Type) -> Bool {
        MemoryLayout<T>.size <= 2 &* MemoryLayout<Int>.size || T.mayHoldItself
    }

    /// The tape entries that values kept inside cases (or found kept)
    /// span, counted as they end: what a value's decode adds to it is
    /// what its kept values cover.
    private(set) var keptSpan = 0
    /// The key of the untagged enum whose decode ended last: a value
    /// decoded inside a case that is an untagged enum's keeps the entry
    /// (or none) its own decode chose.
    private(set) var lastEnum: Key?
    /// The outcomes, by type and index: of untagged enums, and of the
    /// values decoded inside cases.
    private var entries: [Key: Entry] = [:]

    /// The outcomes kept.
    var count: Int { entries.count }

    /// The outcome of `key`, if its decode has begun.
    subscript(key: Key) -> Entry? { entries[key] }

    /// Keeps the outcome of the value of `key` decoded inside a case, which
    /// spans `span` tape entries, when at least ``smallestKeptValue`` of
    /// them are outside the values kept since ``keptSpan`` was `since`,
    /// unless it is an untagged enum's, which its own decode keeps or not.
    mutating func keepValue(_ key: Key, _ outcome: @autoclosure () -> Entry, span: Int, since: Int) {
        guard span &- (keptSpan &- since) >= Self.smallestKeptValue, lastEnum != key else { return }
        entries[key] = outcome()
        keptSpan = since &+ span
    }

    /// Notes that the decode of the untagged enum of `key` has ended.
    mutating func end(_ key: Key) { lastEnum = key }

    /// Counts the `span` tape entries of a kept value found again.
    mutating func found(span: Int) { keptSpan &+= span }

    /// Marks `key`'s decode as running.
    mutating func begin(_ key: Key) {
        entries[key] = .decoding
        begun &+= 1
    }

    /// Keeps `value`, decoded for `key`, and the report events its decode recorded.
    mutating func keep(_ key: Key, _ value: Any, events: [DecodingReport.Event]) { entries[key] = .decoded(value, events: events) }

    /// Keeps that no case matched `key`.
    mutating func fail(_ key: Key) { entries[key] = .failed }

    /// Forgets `key`: its decode stopped on an error that is not the
    /// enum's own (the stack's end), or it holds no untagged value, so
    /// that decoding it again, if asked again, costs what its first
    /// decode did, no more.
    mutating func forget(_ key: Key) { entries[key] = nil }

    /// Forgets every outcome: the outermost untagged enum is done, and no
    /// case is left that could ask for them again.
    ///
    /// - Complexity: O(the entries), their memory freed.
    mutating func forgetAll() {
        if !entries.isEmpty { entries = [:] }
    }
}

extension DecodingSource {
    /// The untagged `Enum` at `index`: the value `cases` decodes (trying
    /// each case, ``attemptCase(at:_:)``), remembered (``UntaggedMemo``) so
    /// that it is decoded once however often the cases around it ask.
    ///
    /// - Throws: `dataCorrupted` at the value when `cases` gives `nil` (no
    ///   case matches) or the value is asked for inside its own decode.
    func decodeUntagged<Enum>(_ type: Enum.Type, at index: Int, _ cases: () throws -> Enum?) throws -> Enum {
        let key = UntaggedMemo.Key(index: index, type: ObjectIdentifier(Enum.self), leniency: scopedLeniency.rawValue)
        defer { untagged.end(key) }
        if let known = untagged[key] {
            guard case .decoded(let boxed, let events) = known, let value = boxed as? Enum else {
                throw invalidValue(at: index, UntaggedCases.noMatchMessage(Enum.self))
            }
            ReportCollector.current?.append(events)
            return value
        }
        untagged.begin(key)
        let begun = untagged.begun
        let collector = ReportCollector.current
        let mark = collector?.report.events.count ?? 0
        let outermost = untagged.openCases == 0
        let decoded: Enum?
        do {
            decoded = try cases()
        } catch {
            if outermost { untagged.forgetAll() } else { untagged.forget(key) }
            throw error
        }
        if outermost {
            untagged.forgetAll()
        } else if untagged.begun == begun {
            untagged.forget(key)
        } else if let decoded {
            untagged.keep(key, decoded, events: collector?.events(from: mark) ?? [])
        } else {
            untagged.fail(key)
        }
        guard let decoded else { throw invalidValue(at: index, UntaggedCases.noMatchMessage(Enum.self)) }
        return decoded
    }

    /// The `type` at `index` that `decode` gives, asked inside a case of
    /// an untagged enum: its outcome kept when the value spans at least
    /// ``UntaggedMemo/smallestKeptValue`` tape entries outside the values
    /// kept inside it, and taken (value and report events, or the error
    /// thrown again) when asked again (``UntaggedMemo``).
    func decodeInCase<T>(_ type: Any.Type, at index: Int, _ decode: () throws -> T) throws -> T {
        let span = next(after: index) &- index
        guard span >= UntaggedMemo.smallestKeptValue else { return try decode() }
        let key = UntaggedMemo.Key(index: index, type: ObjectIdentifier(type), leniency: scopedLeniency.rawValue)
        switch untagged[key] {
        case .decoded(let boxed, let events)?:
            if let value = boxed as? T {
                untagged.found(span: span)
                ReportCollector.current?.append(events)
                return value
            }
        case .threw(let error)?:
            untagged.found(span: span)
            throw error
        default:
            break
        }
        let since = untagged.keptSpan
        let collector = ReportCollector.current
        let mark = collector?.report.events.count ?? 0
        do {
            let value = try decode()
            untagged.keepValue(key, .decoded(value, events: collector?.events(from: mark) ?? []), span: span, since: since)
            return value
        } catch {
            untagged.keepValue(key, .threw(error), span: span, since: since)
            throw error
        }
    }

    /// The value `body` decodes as one case of an untagged enum at
    /// `index`, or `nil` when it throws: the case did not match, and the
    /// report events it recorded are taken back.
    func attemptCase<T>(at index: Int, _ body: () throws -> T) -> T? {
        untagged.openCases += 1
        defer { untagged.openCases -= 1 }
        guard let collector = ReportCollector.current else { return try? body() }
        let mark = collector.report.events.count
        do {
            return try body()
        } catch {
            collector.removeEvents(from: mark)
            return nil
        }
    }
}
