#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's sentence for the `errno` value `code`, starting in
/// lower case as the tool's messages do: `no space left on device`.
///
/// ```swift
/// systemErrorText(ENOSPC)   // "no space left on device"
/// ```
func systemErrorText(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}
