#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Calls libFuzzer's `LLVMFuzzerRunDriver`, found at run time (it is linked in by
    /// `-sanitize=fuzzer`).
    public enum FuzzerDriver {
        public static func run(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
            typealias TestOne = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
            typealias Driver =
                @convention(c) (
                    UnsafeMutablePointer<CInt>,
                    UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                    TestOne
                ) -> CInt
            guard let driverSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver"),
                let testSymbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerTestOneInput")
            else {
                let message = "libFuzzer is not linked in (build with -sanitize=fuzzer)\n"
                _ = write(2, message, message.utf8.count)
                return 2
            }
            let driver = unsafeBitCast(driverSymbol, to: Driver.self)
            let testOne = unsafeBitCast(testSymbol, to: TestOne.self)
            var count = argc
            var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = argv
            return driver(&count, &arguments, testOne)
        }
    }
#endif
