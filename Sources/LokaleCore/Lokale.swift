/// Library version. Kept in step with LOKALE_VERSION_* in include/lokale.h (a test checks).
public enum Lokale {
    public static let versionMajor = 0
    public static let versionMinor = 1
    public static let versionPatch = 0
    public static let version = "\(versionMajor).\(versionMinor).\(versionPatch)"
    public static let versionNumber = versionMajor * 10000 + versionMinor * 100 + versionPatch
}
