@testable import PeregrineCore
import PeregrineMacros

/// An untagged enum whose cases see one member two ways: ``TightStrand``
/// reads `next` as another ``Knot``, ``Strand`` as a chain of strands,
/// a recursive model that is not untagged. Nested n deep, the knot at
/// each level fails its first case after the knots below are known,
/// then walks the chain of strands from its level down.
@JSONCodable
@Untagged
indirect enum Knot {
    case tight(TightStrand)
    case loose(Strand)
}

/// ``Knot``'s first case: the array, the next level as a knot, and a member no input has.
@JSONCodable
struct TightStrand {
    var items: [Tick]
    var next: Knot?
    var must: Int
}

/// One link of a chain that is not untagged: its array, the next link
/// and a knot of its own.
@JSONCodable
final class Strand {
    var items: [Tick] = []
    var next: Strand?
    var knot: Knot?
}

/// ``Knot`` again, whose chain passes through an array of structs, not a class.
@JSONCodable
@Untagged
indirect enum Braid {
    case tight(TightTwig)
    case loose(Twig)
}

/// ``Braid``'s first case: the array, the next level as a braid, and a member no input has.
@JSONCodable
struct TightTwig {
    var items: [Tick]
    var next: [Braid]
    var must: Int
}

/// One link of a chain of structs held in arrays: its array, the next
/// links and a braid of its own.
@JSONCodable
struct Twig {
    var items: [Tick]
    var next: [Twig]
    var knot: Braid?
}

/// ``Knot`` again, whose chain passes only through an enum larger than
/// two words (``Vine``), neither untagged nor held in a class or array.
@JSONCodable
@Untagged
indirect enum Tangle {
    case tight(TightVine)
    case loose(Vine)
}

/// ``Tangle``'s first case: `{"vine": …}` read with the next level as a tangle.
@JSONCodable
struct TightVine {
    var vine: TightTendril
}

/// ``TightVine``'s content: the array, the next level as a tangle, and a member no input has.
@JSONCodable
struct TightTendril {
    var items: [Tick]
    var next: Tangle
    var must: Int
}

/// A chain of enum cases, externally tagged: a link (`indirect`, its
/// array, the next link and a tangle of its own) or a leaf, whose wide
/// payload makes the enum larger than two words.
@JSONCodable
enum Vine {
    case leaf(end: Triple)
    indirect case vine(items: [Tick], next: Vine, tangle: Tangle?)
}

/// Three numbers: a payload wider than two words.
@JSONCodable
struct Triple {
    var a: Int
    var b: Int
    var c: Int
}
