import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `.lproj` folders (Base.lproj included) and bundle folders with an Info.plist, down to what the
/// compiled table records.
struct BundleFolderTests {
    static func infoPlist(_ entries: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(entries)
        </dict>
        </plist>
        """
    }

    @Test func infoPlistKeysReachTheCompiledTable() throws {
        let dir = Fixtures.temporaryDirectory("lokale-bundle")
        Fixtures.write(Self.infoPlist("""
            <key>CFBundleIdentifier</key><string>org.example.viewer</string>
            <key>CFBundleDevelopmentRegion</key><string>de</string>
            <key>CFBundleLocalizations</key><array><string>de</string><string>fr</string><string>pt-BR</string></array>
            <key>CFBundleAllowMixedLocalizations</key><true/>
            <key>CFBundleName</key><string>Viewer</string>
            """), to: "Viewer/Info.plist", in: dir)
        Fixtures.write("\"open\" = \"Öffnen\";\n", to: "Viewer/de.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"open\" = \"Ouvrir\";\n", to: "Viewer/fr.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"window.title\" = \"Window\";\n", to: "Viewer/Base.lproj/Main.strings", in: dir)

        let loaded = try CatalogLoader.load([dir + "/Viewer"])
        #expect(loaded.identifier == "org.example.viewer")
        #expect(loaded.developmentLocalization == "de")
        #expect(loaded.allowsMixedLocalizations)
        #expect(loaded.localizations == ["Base", "de", "fr", "pt-BR"])

        let compiled = try CompiledBundle([dir + "/Viewer"])
        let table = try compiled.table
        #expect(table.identifier == "org.example.viewer")
        #expect(table.localizations == ["Base", "de", "fr", "pt-BR"])
        #expect(table.localizations[table.developmentLocalization] == "de")
        #expect(table.isBaseLocalization == [true, false, false, false])
        #expect(table.allowsMixedLocalizations)
        #expect(table.tables == ["Localizable", "Main"])

        let fr = try compiled.open(["fr"])
        #expect(fr.identifier == "org.example.viewer")
        #expect(fr.developmentLocalization == "de")
        #expect(try fr.string("open") == "Ouvrir")
        // Only Base has the Main table: it answers after the preferred and development localizations.
        let title = try fr.format("window.title", table: "Main", arguments: [])
        #expect(title.text == "Window")
        #expect(title.resolution.served.map { table.localizations[$0] } == "Base")
        // Declared without resources: pt-BR is chosen but has no table, so the development one answers.
        let pt = try compiled.open(["pt-BR"])
        #expect(pt.preferredLocalizations.first == "pt-BR")
        #expect(try pt.string("open") == "Öffnen")
        // No preference matches: the development localization.
        #expect(try compiled.open(["ja"]).string("open") == "Öffnen")
    }

    @Test func macOSBundleLayoutWithBinaryInfoPlist() throws {
        struct Info: Encodable {
            var CFBundleIdentifier = "com.example.Mac"
            var CFBundleDevelopmentRegion = "en"
            var CFBundleAllowMixedLocalizations = "YES"
        }
        let dir = Fixtures.temporaryDirectory("lokale-bundle")
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try writeBytes([UInt8](try encoder.encode(Info())), to: "Mac.app/Contents/Info.plist", in: dir)
        Fixtures.write("\"quit\" = \"Quit\";\n", to: "Mac.app/Contents/Resources/en.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"quit\" = \"Beenden\";\n", to: "Mac.app/Contents/Resources/de.lproj/Localizable.strings", in: dir)
        Fixtures.write(#"{"sourceLanguage":"en","strings":{"about":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Über"}}}}}}"#,
                       to: "Mac.app/Contents/Resources/Menu.xcstrings", in: dir)
        let compiled = try CompiledBundle([dir + "/Mac.app"])
        let table = try compiled.table
        #expect(table.identifier == "com.example.Mac")
        #expect(table.allowsMixedLocalizations)
        #expect(table.localizations == ["de", "en"])
        #expect(table.localizations[table.developmentLocalization] == "en")
        #expect(table.tables == ["Localizable", "Menu"])
        let de = try compiled.open(["de"])
        #expect(try de.string("quit") == "Beenden")
        #expect(try de.string("about", table: "Menu") == "Über")
        #expect(try compiled.open(["en"]).string("about", table: "Menu") == "about")
    }

    @Test func withoutInfoPlistTheDefaultsApply() throws {
        let dir = Fixtures.temporaryDirectory("lokale-bundle")
        Fixtures.write("\"a\" = \"A\";\n", to: "Plain/es.lproj/Localizable.strings", in: dir)
        let table = try CompiledBundle([dir + "/Plain"]).table
        #expect(table.identifier == "")
        #expect(table.localizations == ["en", "es"])
        #expect(table.localizations[table.developmentLocalization] == "en")
        #expect(!table.allowsMixedLocalizations)
        #expect(table.isBaseLocalization == [false, false])
    }

    @Test func developmentLocalizationFollowsTheCatalogsSourceLanguage() throws {
        let dir = Fixtures.temporaryDirectory("lokale-bundle")
        let catalog = Fixtures.write(#"{"sourceLanguage":"fr","strings":{"oui":{}}}"#, to: "Words.xcstrings", in: dir)
        let loose = Fixtures.write("\"non\" = \"Non\";\n", to: "Words2.strings", in: dir)
        let table = try CompiledBundle([catalog, loose]).table
        #expect(table.localizations == ["fr"])
        #expect(table.localizations[table.developmentLocalization] == "fr")
        #expect(table.tables == ["Words", "Words2"])

        // Catalogs that disagree leave the default, and the caller can set it.
        let other = Fixtures.write(#"{"sourceLanguage":"ja","strings":{"hai":{}}}"#, to: "Japanese.xcstrings", in: dir)
        #expect(try CatalogLoader.load([catalog, other]).developmentLocalization == "en")
        var loader = CatalogLoader()
        try loader.add(catalog)
        try loader.add(other)
        loader.setDevelopmentLocalization("ja")
        loader.setIdentifier("org.example.words")
        loader.setAllowsMixedLocalizations(true)
        let bundle = try loader.finish()
        #expect(bundle.developmentLocalization == "ja")
        let compiled = try TableWriter.compile(bundle)
        let t = try CompiledTable(file: compiled.bytes.withUnsafeBytes { MappedFile(copying: $0) }, verifyPayload: true)
        #expect(t.identifier == "org.example.words")
        #expect(t.allowsMixedLocalizations)
        #expect(t.localizations[t.developmentLocalization] == "ja")
        #expect(compiled.statistics.messages == 2)
    }

    @Test func infoPlistAsASourceAndLprojFolders() throws {
        let dir = Fixtures.temporaryDirectory("lokale-bundle")
        let info = Fixtures.write(Self.infoPlist("""
            <key>CFBundleIdentifier</key><string>org.example.kit</string>
            <key>CFBundleDevelopmentRegion</key><string>it</string>
            <key>CFBundleAllowMixedLocalizations</key><false/>
            """), to: "Info.plist", in: dir)
        Fixtures.write("\"ciao\" = \"Ciao\";\n", to: "it.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"ciao\" = \"Hallo\";\n", to: "de.lproj/Localizable.strings", in: dir)
        // A loose .strings file belongs to the development region, known only at the end.
        let loose = Fixtures.write("\"extra\" = \"In più\";\n", to: "Extra.strings", in: dir)
        let compiled = try CompiledBundle([loose, dir + "/de.lproj", info, dir + "/it.lproj/"])
        let table = try compiled.table
        #expect(table.identifier == "org.example.kit")
        #expect(table.localizations == ["de", "it"])
        #expect(table.localizations[table.developmentLocalization] == "it")
        #expect(!table.allowsMixedLocalizations)
        let itIndex = try #require(table.localizations.firstIndex(of: "it"))
        let extra = try #require(table.tables.firstIndex(of: "Extra"))
        #expect(table.hasTable(localization: itIndex, table: extra))
        #expect(try compiled.open(["it"]).string("extra", table: "Extra") == "In più")
    }

    /// CFBundleAllowMixedLocalizations belongs to the app: with it, frameworks negotiate against the
    /// user's languages instead of following the app's choice.
    @Test func mixedLocalizationsFlagOfTheAppLetsAFrameworkChooseItsOwn() throws {
        let dir = Fixtures.temporaryDirectory("lokale-bundle")
        Fixtures.write("\"hi\" = \"Hi\";\n", to: "App/en.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"hi\" = \"Hallo\";\n", to: "App/de.lproj/Localizable.strings", in: dir)
        Fixtures.write(Self.infoPlist("<key>CFBundleAllowMixedLocalizations</key><true/>"), to: "MixedApp/Info.plist", in: dir)
        Fixtures.write("\"hi\" = \"Hi\";\n", to: "MixedApp/en.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"hi\" = \"Hallo\";\n", to: "MixedApp/de.lproj/Localizable.strings", in: dir)
        for l in ["en": "Hi", "de": "Hallo", "fr": "Salut"] {
            Fixtures.write("\"hi\" = \"\(l.value)\";\n", to: "Kit/\(l.key).lproj/Localizable.strings", in: dir)
        }
        let app = try CompiledBundle([dir + "/App"])
        let mixedApp = try CompiledBundle([dir + "/MixedApp"])
        let kit = try CompiledBundle([dir + "/Kit"])
        #expect(try !app.table.allowsMixedLocalizations)
        #expect(try mixedApp.table.allowsMixedLocalizations)

        let runtime = Runtime(preferredLanguages: ["fr", "de"])
        let main = try runtime.open(path: app.path, main: true)
        let framework = try runtime.open(path: kit.path)
        #expect(try main.string("hi") == "Hallo")
        #expect(try framework.string("hi") == "Hallo")
        withExtendedLifetime(main) {}

        let mixedRuntime = Runtime(preferredLanguages: ["fr", "de"])
        let mixedMain = try mixedRuntime.open(path: mixedApp.path, main: true)
        let mixedFramework = try mixedRuntime.open(path: kit.path)
        #expect(try mixedMain.string("hi") == "Hallo")
        #expect(try mixedFramework.string("hi") == "Salut")
        withExtendedLifetime(mixedMain) {}
    }

    @Test func lprojErrors() throws {
        let dir = Fixtures.temporaryDirectory("lokale-bundle")
        try FileManager.default.createDirectory(atPath: dir + "/Empty", withIntermediateDirectories: true)
        let empty = catalogError { _ = try CatalogLoader.load([dir + "/Empty"]) }
        #expect(empty?.file == dir + "/Empty")
        #expect(empty?.message.contains("Info.plist") == true)

        Fixtures.write("\"a\" = \"b\";\n", to: "X/.lproj/Localizable.strings", in: dir)
        let unnamed = catalogError { _ = try CatalogLoader.load([dir + "/X/.lproj"]) }
        #expect(unnamed?.file == dir + "/X/.lproj")

        // A bad file inside an .lproj is named, not the folder.
        let bad = Fixtures.write("\"a\" = \"b\"\n", to: "Y/de.lproj/Localizable.strings", in: dir)
        let e = catalogError { _ = try CatalogLoader.load([dir + "/Y"]) }
        #expect(e?.file == bad)
        #expect(e?.line == 1)
        #expect(e?.column == 10)

        let badInfo = Fixtures.write(Self.infoPlist("<key>CFBundleLocalizations</key><string>de</string>"), to: "Z/Info.plist", in: dir)
        let e2 = catalogError { _ = try CatalogLoader.load([dir + "/Z"]) }
        #expect(e2?.file == badInfo)
        #expect(e2?.message.contains("CFBundleLocalizations") == true)

        // A table defined by a catalog and by .strings is refused.
        Fixtures.write(#"{"sourceLanguage":"en","strings":{"k":{}}}"#, to: "W/Localizable.xcstrings", in: dir)
        Fixtures.write("\"k\" = \"v\";\n", to: "W/en.lproj/Localizable.strings", in: dir)
        let e3 = catalogError { _ = try CatalogLoader.load([dir + "/W"]) }
        #expect(e3?.message.contains("already defined") == true)
    }
}
