import PeregrineMacros

/// The `untagged-decode` mode's model: a value whose every level is an
/// `@Untagged` enum, the root included, so that the decode keeps outcomes
/// (`UntaggedMemo`) for as much of the file as it can; run on generated
/// files under `/usr/bin/time -v` to see the decode's peak memory beside
/// the file's size.
@JSONCodable
@Untagged
indirect enum UntaggedValue {
    case number(Int)
    case text(String)
    case list([UntaggedValue])
    case entry(UntaggedEntry)
}

/// An object inside ``UntaggedValue``, holding another.
@JSONCodable
struct UntaggedEntry {
    var id: Int
    var value: UntaggedValue?
}
