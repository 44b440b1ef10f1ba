import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The process's own metrics, read from `/proc` when `/metrics` is scraped and written in the
/// names Prometheus's client libraries use: `process_cpu_seconds_total`,
/// `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_open_fds`,
/// `process_max_fds`, `process_start_time_seconds`. On a system without `/proc` (macOS) there are none.
enum ProcessMetrics {
    struct Sample: Equatable {
        var cpuSeconds: Double
        var residentBytes: Double
        var virtualBytes: Double
        var startTimeSeconds: Double
        var openFileDescriptors: Double?
        var maxFileDescriptors: Double?
    }

    /// Appends the samples to Prometheus text in `buffer` (nothing when they cannot be read).
    static func emit(into buffer: inout [UInt8]) {
        guard let sample = read() else { return }
        var text = ""
        func add(_ name: String, _ type: String, _ help: String, _ value: Double?) {
            guard let value else { return }
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        add("process_cpu_seconds_total", "counter", "User and system CPU time spent, in seconds", sample.cpuSeconds)
        add("process_resident_memory_bytes", "gauge", "Resident memory size, in bytes", sample.residentBytes)
        add("process_virtual_memory_bytes", "gauge", "Virtual memory size, in bytes", sample.virtualBytes)
        add(
            "process_start_time_seconds", "gauge", "Start time of the process since the Unix epoch, in seconds",
            sample.startTimeSeconds)
        add("process_open_fds", "gauge", "Open file descriptors", sample.openFileDescriptors)
        add("process_max_fds", "gauge", "The most file descriptors the process may open", sample.maxFileDescriptors)
        buffer.append(contentsOf: Array(text.utf8))
    }

    static func read() -> Sample? {
        #if os(Linux)
            guard let stat = contents("/proc/self/stat"), let boot = bootTime() else { return nil }
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
            guard var sample = parse(stat: stat, ticksPerSecond: ticks, pageSize: pageSize, bootTime: boot) else {
                return nil
            }
            sample.openFileDescriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))
                .map { Double($0.count) }
            var limit = rlimit()
            if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
                sample.maxFileDescriptors = Double(limit.rlim_cur)
            }
            return sample
        #else
            return nil
        #endif
    }

    /// Reads `/proc/self/stat` (proc(5)): the fields after the command's closing parenthesis, which
    /// is the last one in the line since the command may hold spaces and parentheses itself.
    static func parse(stat: String, ticksPerSecond: Double, pageSize: Double, bootTime: Double) -> Sample? {
        guard let close = stat.lastIndex(of: ")"), ticksPerSecond > 0 else { return nil }
        // fields[0] is field 3 (state): utime is 14, stime 15, starttime 22, vsize 23, rss 24.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 21, let user = Double(fields[11]), let system = Double(fields[12]),
            let start = Double(fields[19]), let virtual = Double(fields[20]), let resident = Double(fields[21])
        else { return nil }
        return Sample(
            cpuSeconds: (user + system) / ticksPerSecond, residentBytes: resident * pageSize, virtualBytes: virtual,
            startTimeSeconds: bootTime + start / ticksPerSecond)
    }

    /// The `btime` line of `/proc/stat`: when the machine booted, in seconds since the epoch.
    private static func bootTime() -> Double? {
        guard let stat = contents("/proc/stat") else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// A `/proc` file whole (they report a size of 0, so read to the end).
    private static func contents(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).flatMap { String(decoding: $0, as: UTF8.self) }
    }
}
