#!/usr/bin/env python3
"""Writes one app's texts in every source format Lokale reads, for benchmarks/sources.sh.

usage: gen_sources.py OUTDIR N

N strings (default 10,000) in 20 locales, the same texts in each format:
  res/values[-QUALIFIER]/strings.xml   Android string resources (values/ is English, the development one)
  arb/app_LOCALE.arb                   Flutter ARB (app_en.arb is the template)
  Localizable.xcstrings                a String Catalog with the 20 localizations
  po/LOCALE.po                         gettext catalogs (msgid = the English text), for msgfmt and lokale

Of the N strings, 1 in 20 takes arguments (`%1$s … %2$d` / `{name} … {count}` / `%1$@ … %2$lld` /
`%s … %d`) and 1 in 20 is a plural with the CLDR categories of its language; the rest are plain
texts of ~30 bytes. Besides the numbered strings, every format has `greet` (a string and a number)
and `songs` (a plural of one number), the messages sources.c formats.
"""
import json
import os
import sys

# locale (BCP 47), Android qualifier, CLDR cardinal categories, gettext Plural-Forms
LOCALES = [
    ("en", "", ["one", "other"], "nplurals=2; plural=(n != 1);"),
    ("ru", "ru", ["one", "few", "many", "other"],
     "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    ("fr", "fr", ["one", "many", "other"], "nplurals=2; plural=(n > 1);"),
    ("de", "de", ["one", "other"], "nplurals=2; plural=(n != 1);"),
    ("es", "es", ["one", "many", "other"], "nplurals=2; plural=(n != 1);"),
    ("it", "it", ["one", "many", "other"], "nplurals=2; plural=(n != 1);"),
    ("pt-BR", "pt-rBR", ["one", "many", "other"], "nplurals=2; plural=(n > 1);"),
    ("pl", "pl", ["one", "few", "many", "other"],
     "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    ("uk", "uk", ["one", "few", "many", "other"],
     "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    ("cs", "cs", ["one", "few", "many", "other"], "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"),
    ("ja", "ja", ["other"], "nplurals=1; plural=0;"),
    ("zh-CN", "zh-rCN", ["other"], "nplurals=1; plural=0;"),
    ("ko", "ko", ["other"], "nplurals=1; plural=0;"),
    ("ar", "ar", ["zero", "one", "two", "few", "many", "other"],
     "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"),
    ("he", "iw", ["one", "two", "other"], "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);"),
    ("tr", "tr", ["one", "other"], "nplurals=2; plural=(n != 1);"),
    ("nl", "nl", ["one", "other"], "nplurals=2; plural=(n != 1);"),
    ("sv", "sv", ["one", "other"], "nplurals=2; plural=(n != 1);"),
    ("fi", "fi", ["one", "other"], "nplurals=2; plural=(n != 1);"),
    ("hi", "hi", ["one", "other"], "nplurals=2; plural=(n > 1);"),
]
WORDS = ["file", "folder", "window", "panel", "ready", "item", "save", "open",
         "settings", "delete", "journal", "network", "print", "screen", "sound", "search"]


def kind(i: int) -> str:
    return "format" if i % 20 == 7 else "plural" if i % 20 == 13 else "plain"


def text(loc: str, i: int) -> str:
    return f"{loc}: {WORDS[i % 16]} {WORDS[(i // 16) % 16]} #{i}"


def xml_escape(s: str) -> str:
    # Android: XML's escapes, then aapt2's: an apostrophe and a double quote are escaped.
    return s.replace("&", "&amp;").replace("<", "&lt;").replace("'", "\\'").replace('"', '\\"')


def android(loc, cats, n):
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<resources>"]
    for i in range(n):
        name, k = f"s_{i:05d}", kind(i)
        if k == "plain":
            out.append(f'    <string name="{name}">{xml_escape(text(loc, i))}</string>')
        elif k == "format":
            out.append(f'    <string name="{name}">{xml_escape(text(loc, i))}: %1$s has %2$d</string>')
        else:
            out.append(f'    <plurals name="{name}">')
            out += [f'        <item quantity="{c}">%d {c} {xml_escape(text(loc, i))}</item>' for c in cats]
            out.append("    </plurals>")
    out.append(f'    <string name="greet">{loc}: %1$s has %2$d new messages</string>')
    out.append('    <plurals name="songs">')
    out += [f'        <item quantity="{c}">{loc} {c}: %d songs</item>' for c in cats]
    out += ["    </plurals>", "</resources>", ""]
    return "\n".join(out)


def icu_quote(s: str) -> str:
    return s.replace("'", "''")


def arb(loc, cats, n):
    d = {"@@locale": loc.replace("-", "_")}
    for i in range(n):
        name, k = f"s_{i:05d}", kind(i)
        if k == "plain":
            d[name] = icu_quote(text(loc, i))
        elif k == "format":
            d[name] = icu_quote(text(loc, i)) + ": {name} has {count}"
        else:
            d[name] = "{count, plural, " + " ".join(f"{c}{{# {c} {icu_quote(text(loc, i))}}}" for c in cats) + "}"
    d["greet"] = f"{loc}: {{name}} has {{count}} new messages"
    d["songs"] = "{count, plural, " + " ".join(f"{c}{{{loc} {c}: # songs}}" for c in cats) + "}"
    if loc == "en":
        d["@greet"] = {"placeholders": {"name": {"type": "String"}, "count": {"type": "int"}}}
    return json.dumps(d, ensure_ascii=False, indent=1)


def unit(v):
    return {"stringUnit": {"state": "translated", "value": v}}


def xcstrings(n):
    strings = {}
    for i in range(n):
        name, k = f"s_{i:05d}", kind(i)
        locs = {}
        for loc, _, cats, _ in LOCALES:
            if k == "plain":
                locs[loc] = unit(text(loc, i))
            elif k == "format":
                locs[loc] = unit(text(loc, i) + ": %1$@ has %2$lld")
            else:
                locs[loc] = {"variations": {"plural": {c: unit(f"%lld {c} {text(loc, i)}") for c in cats}}}
        strings[name] = {"localizations": locs}
    strings["greet"] = {"localizations": {loc: unit(f"{loc}: %1$@ has %2$lld new messages") for loc, *_ in LOCALES}}
    strings["songs"] = {"localizations": {loc: {"variations": {"plural": {c: unit(f"{loc} {c}: %lld songs") for c in cats}}}
                                          for loc, _, cats, _ in LOCALES}}
    return json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": strings}, ensure_ascii=False, indent=1)


def po_quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def po(loc, forms, n):
    nplurals = int(forms.split("nplurals=")[1].split(";")[0])
    out = ['msgid ""', f'msgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: {loc.replace("-", "_")}\\n'
           f'Plural-Forms: {forms}\\n"', ""]
    for i in range(n):
        k = kind(i)
        if k == "plain":
            out += [f"msgid {po_quote(text('en', i))}", f"msgstr {po_quote(text(loc, i))}", ""]
        elif k == "format":
            out += ["#, c-format", f"msgid {po_quote(text('en', i) + ': %s has %d')}",
                    f"msgstr {po_quote(text(loc, i) + ': %s has %d')}", ""]
        else:
            out += ["#, c-format", f"msgid {po_quote('%d one ' + text('en', i))}",
                    f"msgid_plural {po_quote('%d other ' + text('en', i))}"]
            out += [f"msgstr[{j}] {po_quote(f'%d form{j} ' + text(loc, i))}" for j in range(nplurals)] + [""]
    out += ["#, c-format", 'msgid "%s has %d new messages"', f"msgstr {po_quote(loc + ': %s has %d new messages')}", ""]
    out += ["#, c-format", 'msgid "%d song"', 'msgid_plural "%d songs"']
    out += [f"msgstr[{j}] {po_quote(f'{loc} form{j}: %d songs')}" for j in range(nplurals)] + [""]
    return "\n".join(out)


def write(path, content):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(content)


def main():
    out, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    for loc, qualifier, cats, forms in LOCALES:
        write(f"{out}/res/values{'-' + qualifier if qualifier else ''}/strings.xml", android(loc, cats, n))
        write(f"{out}/arb/app_{loc.replace('-', '_')}.arb", arb(loc, cats, n))
        if loc != "en":
            write(f"{out}/po/{loc.replace('-', '_')}.po", po(loc, forms, n))
    write(f"{out}/Localizable.xcstrings", xcstrings(n))


if __name__ == "__main__":
    main()
