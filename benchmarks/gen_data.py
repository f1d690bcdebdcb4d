#!/usr/bin/env python3
"""Writes the same N messages for every engine of the benchmark suite.

usage: gen_data.py OUTDIR N

OUTDIR receives:
  Localizable.xcstrings   String Catalog (source language ru; the table name comes from the file name)
  messages.po             gettext catalog (compiled to .mo by bench.sh with msgfmt)
  ru.txt                  ICU resource bundle source (compiled to ru.res with genrb)
  messages.tsv            key<TAB>value lines for the bare hash writer (hash_build)
  meta.json               N, value sizes, the plural message

Keys are msg.000000 ... msg.(N-1) (six digits, seven at N > 1,000,000); values are ~30-byte UTF-8
Russian texts. One extra message, files.count, is a Russian plural (one/few/many/other) with an
integer argument.
"""
import json
import os
import sys

WORDS = ["файл", "папка", "окно", "панель", "готово", "элемент", "сохранить", "открыть",
         "настройки", "удалить", "журнал", "сеть", "печать", "экран", "звук", "поиск"]
PLURAL_KEY = "files.count"
# CLDR categories for Russian; gettext's ru Plural-Forms map 0->one, 1->few, 2->many.
PLURAL = {
    "one": "%lld файл в «Документах»",
    "few": "%lld файла в «Документах»",
    "many": "%lld файлов в «Документах»",
    "other": "%lld файла в «Документах»",
}
RU_PLURAL_FORMS = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                   "(n%100<10 || n%100>=20) ? 1 : 2);")


def key(i: int) -> str:
    return f"msg.{i:06d}"


def value(i: int) -> str:
    return f"{WORDS[i % 16]} {WORDS[(i // 16) % 16]} №{i}"


def main() -> None:
    out, n = sys.argv[1], int(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    keys = [key(i) for i in range(n)]
    values = [value(i) for i in range(n)]

    # String Catalog
    strings = {k: {"localizations": {"ru": {"stringUnit": {"state": "translated", "value": v}}}}
               for k, v in zip(keys, values)}
    strings[PLURAL_KEY] = {"localizations": {"ru": {"variations": {"plural": {
        cat: {"stringUnit": {"state": "translated", "value": text}} for cat, text in PLURAL.items()
    }}}}}
    with open(os.path.join(out, "Localizable.xcstrings"), "w", encoding="utf-8") as f:
        json.dump({"sourceLanguage": "ru", "strings": strings, "version": "1.0"}, f,
                  ensure_ascii=False, separators=(",", ":"))

    # gettext .po
    with open(os.path.join(out, "messages.po"), "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                f'"Language: ru\\n"\n"Plural-Forms: {RU_PLURAL_FORMS}\\n"\n\n')
        for k, v in zip(keys, values):
            f.write(f'msgid "{k}"\nmsgstr "{v}"\n\n')
        f.write(f'msgid "{PLURAL_KEY}"\nmsgid_plural "{PLURAL_KEY}"\n'
                f'msgstr[0] "{PLURAL["one"]}"\nmsgstr[1] "{PLURAL["few"]}"\n'
                f'msgstr[2] "{PLURAL["many"]}"\n')

    # ICU resource bundle (genrb text format)
    with open(os.path.join(out, "ru.txt"), "w", encoding="utf-8") as f:
        f.write("\ufeffru:table(nofallback) {\n")
        # genrb keeps a table's items in a sorted linked list, walked from the smallest key at
        # each insertion: keys written in descending order insert at its head (linear, not
        # quadratic: 1M ascending keys take most of an hour). The compiled bundle is the same.
        for k, v in zip(reversed(keys), reversed(values)):
            f.write(f'    "{k}" {{ "{v}" }}\n')
        f.write(f'    "{PLURAL_KEY}" {{\n')
        for cat, text in PLURAL.items():
            f.write(f'        {cat} {{ "{text}" }}\n')
        f.write("    }\n}\n")

    # bare hash input
    with open(os.path.join(out, "messages.tsv"), "w", encoding="utf-8") as f:
        for k, v in zip(keys, values):
            f.write(f"{k}\t{v}\n")
        f.write(f"{PLURAL_KEY}\t{PLURAL['other']}\n")

    sizes = [len(v.encode()) for v in values]
    with open(os.path.join(out, "meta.json"), "w", encoding="utf-8") as f:
        json.dump({"n": n, "value_bytes_mean": sum(sizes) / len(sizes), "value_bytes_min": min(sizes),
                   "value_bytes_max": max(sizes), "example": {keys[-1]: values[-1]},
                   "plural_key": PLURAL_KEY, "plural": PLURAL}, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
