import LokaleCatalog

/// The typed accessors of a bundle that compiled (`--swift-messages`, `--emit-c-header`,
/// `--emit-python`): whatever the catalog holds, the writers must not trap, the same bundle must
/// give the same bytes, and no namespace may hold one name twice.
public func checkTypedAccessors(_ bundle: CatalogBundle) {
    let typed = TypedCatalog(bundle)
    let swift = SwiftMessagesWriter.source(typed, bundle: ".module", command: "fuzz")
    let header = CHeaderWriter.source(typed, prefix: "app", guardName: "APP_H", command: "fuzz")
    let python = PythonModuleWriter.source(typed, command: "fuzz")
    let again = TypedCatalog(bundle)
    guard again == typed, swift == SwiftMessagesWriter.source(again, bundle: ".module", command: "fuzz"),
          header == CHeaderWriter.source(again, prefix: "app", guardName: "APP_H", command: "fuzz"),
          python == PythonModuleWriter.source(again, command: "fuzz") else {
        fatalError("typed accessors differ between two generations of the same bundle")
    }
    for table in typed.tables {
        let members = SwiftMessagesWriter.members(table)
        if Set(members).count != members.count { fatalError("two accessors of table \(table.name) share a name: \(members)") }
    }
}
