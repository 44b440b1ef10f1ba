/// The device id a reader sends (`X-Device-ID`, or the web reader's cookie): dismissed cards are
/// recorded against it. One rule for the API and the web reader.
enum DeviceID {
    /// 1–128 letters, digits and `-_.:`.
    static func isValid(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= 128
            && value.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || [0x2D, 0x5F, 0x2E, 0x3A].contains(byte)
            }
    }
}
