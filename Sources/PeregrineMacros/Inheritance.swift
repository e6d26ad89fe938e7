/// Codes a `@JSONCodable` subclass with its superclass (`@JSONCodable`
/// too, or with coders of the same shape): the subclass's members and the
/// superclass's in one object, `{"seats":5,"wheels":4}`. The subclass's
/// initializers read its members, then call `super.init` on the same
/// object; its encoding methods override the superclass's and write its
/// members, then the superclass's (MetaCodable's `@Inherits`, ReerCodable's
/// `@InheritedCodable`).
///
/// ```swift
/// @JSONCodable
/// class Vehicle { var wheels: Int }
///
/// @JSONCodable
/// @Inherits
/// final class Truck: Vehicle { var load: Double }   // {"load":2.5,"wheels":6}
/// ```
@attached(peer)
public macro Inherits() = #externalMacro(module: "PeregrineMacrosPlugin", type: "InheritsMacro")

/// Codes a `@JSONCodable` subclass with its superclass under a key of its
/// own: the subclass's members, and the superclass's object as the member
/// `key`, `{"seats":5,"super":{"wheels":4}}`, as a `Codable` subclass
/// writes it through `superEncoder(forKey:)` (MetaCodable's `@Inherits`
/// with a key). A missing or `null` super member is the error of opening it.
///
/// ```swift
/// @JSONCodable
/// @Inherits(key: "super")
/// final class Van: Vehicle { var seats: Int }   // {"seats":8,"super":{"wheels":4}}
/// ```
@attached(peer)
public macro Inherits(key: String) = #externalMacro(module: "PeregrineMacrosPlugin", type: "InheritsMacro")

/// Compiles only when `superclass` has generated coders (``DirectDecodable``
/// and ``DirectEncodable``, which ``JSONCodable()`` gives it), and does
/// nothing: the code ``Inherits()`` writes names the superclass through it,
/// so that a superclass without them is a compile error that says so
/// ("requires that 'Vehicle' conform to 'DirectDecodable'").
///
/// ```swift
/// superclassMustHaveGeneratedCoders(Vehicle.self)   // Vehicle is @JSONCodable
/// ```
@inlinable
public func superclassMustHaveGeneratedCoders<Superclass: DirectDecodable & DirectEncodable>(_ superclass: Superclass.Type) {}
