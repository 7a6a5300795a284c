#if canImport(Glibc)
import Glibc
#endif

/// Writes one line to stderr.
func printError(_ text: String) {
    fputs(text + "\n", stderr)
}
