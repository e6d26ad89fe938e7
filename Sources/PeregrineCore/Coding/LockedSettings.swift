import Foundation

/// The settings of a coder class, read and changed from any thread under a
/// lock; each decode or encode takes a copy of them all when it starts.
///
/// ```swift
/// let settings = LockedSettings(JSON.Encoder.Settings())
/// settings[\.outputFormatting] = .prettyPrinted
/// let now = settings.current
/// ```
final class LockedSettings<Settings: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var value: Settings

    init(_ value: Settings) { self.value = value }

    /// All the settings, as they are now.
    var current: Settings { lock.withLock { value } }

    /// One setting.
    subscript<Value>(key: WritableKeyPath<Settings, Value>) -> Value {
        get { lock.withLock { value[keyPath: key] } }
        set { lock.withLock { value[keyPath: key] = newValue } }
    }
}
