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
