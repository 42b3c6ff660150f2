import Testing
@testable import Sample

/// The browser's measure of how long rows stay `… loading`: frame to frame, as drawn.
@Suite("fill times")
struct FillTimesTests {
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    /// Draws one frame: `placeholders` drawn loading, `payloads` drawn filled.
    func frame(_ times: inout FillTimes, at milliseconds: Int, placeholders: [String] = [], payloads: [String] = []) {
        times.beginFrame()
        for id in placeholders { times.drewPlaceholder(id, at: at(milliseconds)) }
        for id in payloads { times.drewPayload(id, at: at(milliseconds)) }
        times.endFrame()
    }

    @Test func aWaitRunsFromTheFirstPlaceholderFrameToThePayloadFrame() {
        var times = FillTimes()
        #expect(times.slowest == nil)
        frame(&times, at: 0, placeholders: ["a", "b"])
        frame(&times, at: 10, placeholders: ["a"], payloads: ["b"])
        frame(&times, at: 25, payloads: ["a", "b"])
        #expect(times.filled == 2)
        #expect(times.slowest == .milliseconds(25))
        // A row drawn filled from the start never waited.
        frame(&times, at: 40, payloads: ["c"])
        #expect(times.filled == 2)
    }

    @Test func aRowThatLeavesTheScreenStillLoadingIsNotCounted() {
        var times = FillTimes()
        frame(&times, at: 0, placeholders: ["gone", "kept"])
        frame(&times, at: 5, placeholders: ["kept"])            // "gone" scrolled away
        frame(&times, at: 900, placeholders: ["gone", "kept"])  // back on screen: a new wait
        frame(&times, at: 910, payloads: ["gone", "kept"])
        #expect(times.filled == 2)
        #expect(times.slowest == .milliseconds(910))            // "kept", waiting since 0
        var fresh = FillTimes()
        frame(&fresh, at: 0, placeholders: ["gone"])
        frame(&fresh, at: 5)
        frame(&fresh, at: 900, placeholders: ["gone"])
        frame(&fresh, at: 910, payloads: ["gone"])
        #expect(fresh.slowest == .milliseconds(10))
    }

    @Test func resetForgetsWaitsAndFigures() {
        var times = FillTimes()
        frame(&times, at: 0, placeholders: ["a", "b"])
        frame(&times, at: 50, placeholders: ["b"], payloads: ["a"])
        times.reset()
        frame(&times, at: 60, payloads: ["b"])
        #expect(times.filled == 0)
        #expect(times.slowest == nil)
    }
}
