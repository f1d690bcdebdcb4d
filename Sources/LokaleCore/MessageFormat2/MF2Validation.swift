extension MF2.Message {
    /// The spec's Data Model Errors of a well-formed message, in source order; empty when it is
    /// valid. Names and literal keys are compared as Swift compares `String`s, by canonical
    /// equivalence: equal exactly when their NFC forms are, which is the spec's comparison.
    public var dataModelErrors: [MF2.DataModelError] {
        var errors = MF2Validation.declarationErrors(declarations)
        for d in declarations { errors += MF2Validation.optionErrors(d.expression) }
        switch self {
        case .pattern(let m):
            errors += MF2Validation.optionErrors(m.pattern)
        case .select(let m):
            errors += MF2Validation.matcherErrors(m)
            for v in m.variants { errors += MF2Validation.optionErrors(v.pattern) }
        }
        // By position; errors at the same place keep the order they were found in.
        return errors.enumerated().sorted { ($0.element.position.offset, $0.offset) < ($1.element.position.offset, $1.offset) }.map(\.element)
    }
}

enum MF2Validation {
    /// Duplicate Declaration: a declaration must not bind a variable that appears anywhere in an
    /// earlier declaration (an input variable is declared implicitly where it is first used), nor
    /// one that its own expression uses (beyond the operand of `.input`).
    static func declarationErrors(_ declarations: [MF2.Declaration]) -> [MF2.DataModelError] {
        var errors: [MF2.DataModelError] = []
        var seen: Set<String> = []
        for d in declarations {
            let name = d.variable.name
            let own = d.kind == .input ? optionVariables(d.expression.function) : variables(d.expression)
            if seen.contains(name) {
                errors.append(MF2.DataModelError(.duplicateDeclaration, at: d.variable.position,
                                                 "$\(name) is declared, or used, by an earlier declaration"))
            } else if own.contains(name) {
                errors.append(MF2.DataModelError(.duplicateDeclaration, at: d.variable.position,
                                                 "$\(name) is used in its own declaration"))
            }
            seen.insert(name)
            seen.formUnion(variables(d.expression))
        }
        return errors
    }

    /// The variables an expression uses: its operand's and its options'.
    private static func variables(_ e: MF2.Expression) -> [String] {
        var names = optionVariables(e.function)
        if case .variable(let v) = e.operand { names.append(v.name) }
        return names
    }

    private static func optionVariables(_ f: MF2.Function?) -> [String] {
        (f?.options ?? []).compactMap { if case .variable(let v) = $0.value { v.name } else { nil } }
    }

    /// Duplicate Option Name, for every function and markup of a pattern.
    static func optionErrors(_ pattern: MF2.Pattern) -> [MF2.DataModelError] {
        pattern.flatMap { part -> [MF2.DataModelError] in
            switch part {
            case .text: []
            case .expression(let e): optionErrors(e)
            case .markup(let m): duplicateOptions(m.options)
            }
        }
    }

    static func optionErrors(_ e: MF2.Expression) -> [MF2.DataModelError] { duplicateOptions(e.function?.options ?? []) }

    private static func duplicateOptions(_ options: [MF2.Option]) -> [MF2.DataModelError] {
        var seen: Set<MF2.Identifier> = []
        return options.compactMap { o in
            seen.insert(o.identifier).inserted
                ? nil : MF2.DataModelError(.duplicateOptionName, at: o.position, "the option `\(o.identifier)` is given twice")
        }
    }

    /// Variant Key Mismatch, Duplicate Variant, Missing Fallback Variant, Missing Selector Annotation.
    static func matcherErrors(_ m: MF2.SelectMessage) -> [MF2.DataModelError] {
        var errors: [MF2.DataModelError] = []
        // Whether each variable, as bound so far, has a function: its own, or that of the variable
        // a `.local` takes as its operand.
        var annotated: [String: Bool] = [:]
        for d in m.declarations {
            var has = d.expression.function != nil
            if !has, d.kind == .local, case .variable(let v) = d.expression.operand { has = annotated[v.name] ?? false }
            annotated[d.variable.name] = has
        }
        for selector in m.selectors where annotated[selector.name] != true {
            errors.append(MF2.DataModelError(.missingSelectorAnnotation, at: selector.position,
                                             "$\(selector.name) is not declared with a function, directly or through other declarations"))
        }
        // nil stands for `*`: the key `|*|` is the literal `*`, not the catch-all.
        var seen: Set<[String?]> = []
        for v in m.variants {
            if v.keys.count != m.selectors.count {
                errors.append(MF2.DataModelError(.variantKeyMismatch, at: v.position,
                                                 "\(v.keys.count) keys for \(m.selectors.count) selectors"))
            }
            let keys = v.keys.map { key -> String? in if case .literal(let l) = key { l.value } else { nil } }
            if !seen.insert(keys).inserted {
                errors.append(MF2.DataModelError(.duplicateVariant, at: v.position, "an earlier variant has the same keys"))
            }
        }
        if !m.variants.contains(where: { $0.keys.allSatisfy { $0 == .catchAll } }) {
            errors.append(MF2.DataModelError(.missingFallbackVariant, at: m.position, "no variant has only `*` keys"))
        }
        return errors
    }
}
