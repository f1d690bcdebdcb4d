internal import LokaleABIHeader

/// The library's version, from lokale.h's LOKALE_VERSION_MAJOR/MINOR/PATCH (written there only).
public enum Lokale {
    public static let versionMajor = Int(LOKALE_VERSION_MAJOR)
    public static let versionMinor = Int(LOKALE_VERSION_MINOR)
    public static let versionPatch = Int(LOKALE_VERSION_PATCH)
    public static let version = "\(versionMajor).\(versionMinor).\(versionPatch)"
    public static let versionNumber = versionMajor * 10000 + versionMinor * 100 + versionPatch
}
