import Foundation
import ListAdapter

/// Names the target in failure messages (``fail(_:)``).
let fuzzTargetName = "sample-input"

/// libFuzzer's entry point: what the sample reads from files and standard input, compiled
/// from Sample/ (build.sh lists the files). The first byte picks the reader:
///
/// - 0x01: the rest is what `sample browse` reads from the terminal (``Terminal/parse(_:)``);
/// - 0x02: the rest is text from a database row that `browse` draws (``TerminalText``);
/// - anything else: `sample diff`'s two JSON files, `OLD \0 NEW` (NUL is never valid JSON
///   text, so it cannot cut a valid file); without a NUL, the whole input is NEW and OLD
///   is the empty list. Seeds start with `{`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    switch bytes.first {
    case 0x01: KeyInput.check(Array(bytes.dropFirst()))
    case 0x02: TerminalTextInput.check(Array(bytes.dropFirst()))
    default: DiffFiles.check(bytes)
    }
    return 0
}
