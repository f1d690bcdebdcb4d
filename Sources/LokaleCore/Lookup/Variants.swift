/// CLDR plural categories, in the order the compiled table stores a plural node's children.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// Apple's device classes, in the order the compiled table stores a device node's children.
public enum DeviceClass: String, CaseIterable, Sendable {
    case iphone, ipad, ipod, mac, applewatch, appletv, applevision, other
}
