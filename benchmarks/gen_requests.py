#!/usr/bin/env python3
"""Data of the per-call languages benchmark (servers, a request's languages per call): the same
N messages in ten languages plus English (the development language), for lokale and for gettext.

usage: gen_requests.py OUTDIR N [--ops 200000] [--seed 18]

OUTDIR receives:
  po/<lang>.po                 one catalog per language, with a `Language:` header (en, fr, de,
                               es, it, pt-BR, ja, ru, pl, nl, sv); `lokale compile po/*.po
                               --development-region en -o bench.lokale` takes them (requests.sh)
  mo/<ll[_CC]>/LC_MESSAGES/    written by requests.sh with msgfmt from the same .po files
                               (gettext's spelling: pt_BR)
  keys.txt                     the N keys, one a line
  ops_uniform.bin              --ops uniformly random keys, 16-byte NUL-padded records (as gen_ops.py)
  plural_n.bin                 --ops little-endian uint32 counts in [0, 1000) for the plural case
  lists.txt                    100 distinct language lists, comma-separated, one a line; the first
                               10 start with 10 different languages (the per-call-10 rotation)
  headers.txt                  100 distinct Accept-Language headers, one a line
  lists_memory.txt             125,000 further distinct lists (ordered choices of 6 of the 11
                               languages), for the memory case (2,000 kept, 100,000 one-off) and
                               the colliding and spread cases
  meta.json                    N, languages, the sentinel and plural keys, expected first languages

Keys are msg.000000 ... (N - 1); every language translates every key. Two extra messages:
`bench.language`, whose text is the language's code (the driver checks which language a list
answers in), and `%d file` / `%d files`, a plural with one integer argument.
"""
import argparse
import json
import os
import random
import struct

from gen_ops import rec  # the same 16-byte key records as bench.sh's streams

LANGS = ["fr", "de", "es", "it", "pt-BR", "ja", "ru", "pl", "nl", "sv"]
DEV = "en"
SENTINEL = "bench.language"
PLURAL_KEY = "%d file"
PLURAL_KEY_PLURAL = "%d files"

WORDS = {
    "en": ["Open", "file", "folder", "window", "settings", "delete", "search", "print"],
    "fr": ["Ouvrir", "fichier", "dossier", "fenêtre", "réglages", "supprimer", "recherche", "imprimer"],
    "de": ["Öffnen", "Datei", "Ordner", "Fenster", "Einstellungen", "Löschen", "Suche", "Drucken"],
    "es": ["Abrir", "archivo", "carpeta", "ventana", "ajustes", "eliminar", "búsqueda", "imprimir"],
    "it": ["Apri", "file", "cartella", "finestra", "impostazioni", "elimina", "ricerca", "stampa"],
    "pt-BR": ["Abrir", "arquivo", "pasta", "janela", "ajustes", "apagar", "busca", "imprimir"],
    "ja": ["開く", "ファイル", "フォルダ", "ウインドウ", "設定", "削除", "検索", "印刷"],
    "ru": ["Открыть", "файл", "папка", "окно", "настройки", "удалить", "поиск", "печать"],
    "pl": ["Otwórz", "plik", "folder", "okno", "ustawienia", "usuń", "szukaj", "drukuj"],
    "nl": ["Openen", "bestand", "map", "venster", "instellingen", "verwijderen", "zoeken", "afdrukken"],
    "sv": ["Öppna", "fil", "mapp", "fönster", "inställningar", "radera", "sök", "skriv ut"],
}
# gettext Plural-Forms and the forms, in gettext's order.
PLURALS = {
    "en": ("nplurals=2; plural=(n != 1);", ["%d file", "%d files"]),
    "fr": ("nplurals=2; plural=(n > 1);", ["%d fichier", "%d fichiers"]),
    "de": ("nplurals=2; plural=(n != 1);", ["%d Datei", "%d Dateien"]),
    "es": ("nplurals=2; plural=(n != 1);", ["%d archivo", "%d archivos"]),
    "it": ("nplurals=2; plural=(n != 1);", ["%d file", "%d file"]),
    "pt-BR": ("nplurals=2; plural=(n > 1);", ["%d arquivo", "%d arquivos"]),
    "ja": ("nplurals=1; plural=0;", ["%d 個のファイル"]),
    "ru": ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
           ["%d файл", "%d файла", "%d файлов"]),
    "pl": ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
           ["%d plik", "%d pliki", "%d plików"]),
    "nl": ("nplurals=2; plural=(n != 1);", ["%d bestand", "%d bestanden"]),
    "sv": ("nplurals=2; plural=(n != 1);", ["%d fil", "%d filer"]),
}
# Regional spellings a browser sends; the list's first language is one of these or the bare code.
REGIONS = {
    "fr": ["fr-CA", "fr-FR", "fr-BE", "fr-CH"], "de": ["de-AT", "de-DE", "de-CH"],
    "es": ["es-MX", "es-ES", "es-AR", "es-419"], "it": ["it-IT", "it-CH"], "pt-BR": ["pt-BR"],
    "ja": ["ja-JP"], "ru": ["ru-RU", "ru-UA"], "pl": ["pl-PL"], "nl": ["nl-NL", "nl-BE"],
    "sv": ["sv-SE", "sv-FI"],
}


def key(i: int) -> str:
    return f"msg.{i:06d}"


def value(lang: str, i: int) -> str:
    w = WORDS[lang]
    return f"{w[i % 8]} {w[(i // 8) % 8]} {w[(i // 64) % 8]} #{i}"


def po_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def write_po(path: str, lang: str, keys: list) -> None:
    forms, texts = PLURALS[lang]
    with open(path, "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                f'"Language: {lang}\\n"\n"Plural-Forms: {forms}\\n"\n\n')
        f.write(f'msgid "{SENTINEL}"\nmsgstr "{lang}"\n\n')
        for i, k in enumerate(keys):
            f.write(f'msgid "{k}"\nmsgstr "{po_escape(value(lang, i))}"\n\n')
        f.write(f'msgid "{PLURAL_KEY}"\nmsgid_plural "{PLURAL_KEY_PLURAL}"\n')
        for j, t in enumerate(texts):
            f.write(f'msgstr[{j}] "{t}"\n')


def lists_100(rng: random.Random) -> list:
    """100 distinct two-language lists: [regional first, second]; lists 0..9 start with the 10
    different languages (so the rotation of 10 answers in 10 languages)."""
    out, seen = [], set()
    seconds = [DEV] + LANGS
    for j in range(10):
        for li, lang in enumerate(LANGS):
            regs = REGIONS[lang]
            first = regs[j % len(regs)] if j % 3 != 2 else lang
            # the j-th second choice other than the first language itself
            others = [s for s in seconds if s != lang]
            second = others[(j + li) % len(others)]
            lst = (first, second)
            if lst in seen:  # never: (first, second) varies with j; kept as a guard
                raise SystemExit(f"duplicate list {lst}")
            seen.add(lst)
            out.append(lst)
    return out


def headers_100(lists: list) -> list:
    """100 distinct Accept-Language headers in the shapes browsers send."""
    out = []
    for i, (first, second) in enumerate(lists):
        base = first.split("-")[0]
        tail = "" if second == DEV else ",en;q=0.5"
        if i % 4 == 0:
            h = f"{first},{base};q=0.9,{second};q=0.8{tail}"
        elif i % 4 == 1:
            h = f"{first};q=1.0, {second};q=0.7, *;q=0.1"
        elif i % 4 == 2:
            h = f"{first},{second};q=0.8"
        else:
            h = f"{first}, {base};q=0.9, {second};q=0.6, en-US;q=0.4" + ("" if second == DEV else ", en;q=0.3")
        out.append(h)
    assert len(set(out)) == len(out)
    return out


def memory_lists(count: int) -> list:
    """count distinct lists: ordered choices of 6 of the 11 languages (332,640 exist), index i
    decoded in mixed radix, so that consecutive lists differ early."""
    pool = LANGS + [DEV]
    out = []
    for i in range(count):
        avail = list(pool)
        x = i
        lst = []
        for _ in range(6):
            x, r = divmod(x, len(avail))
            lst.append(avail.pop(r))
        out.append(",".join(lst))
    assert len(set(out)) == count
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("n", type=int)
    ap.add_argument("--ops", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=18)
    a = ap.parse_args()
    out, n, rng = a.dir, a.n, random.Random(a.seed)
    os.makedirs(os.path.join(out, "po"), exist_ok=True)
    keys = [key(i) for i in range(n)]
    for lang in [DEV] + LANGS:
        write_po(os.path.join(out, "po", f"{lang}.po"), lang, keys)
    with open(os.path.join(out, "keys.txt"), "w") as f:
        f.write("\n".join(keys) + "\n")
    with open(os.path.join(out, "ops_uniform.bin"), "wb") as f:
        recs = [rec(k) for k in keys]
        f.write(b"".join(recs[rng.randrange(n)] for _ in range(a.ops)))
    with open(os.path.join(out, "plural_n.bin"), "wb") as f:
        f.write(struct.pack(f"<{a.ops}I", *(rng.randrange(1000) for _ in range(a.ops))))
    lists = lists_100(rng)
    with open(os.path.join(out, "lists.txt"), "w") as f:
        f.write("\n".join(",".join(l) for l in lists) + "\n")
    headers = headers_100(lists)
    with open(os.path.join(out, "headers.txt"), "w") as f:
        f.write("\n".join(headers) + "\n")
    with open(os.path.join(out, "lists_memory.txt"), "w") as f:
        f.write("\n".join(memory_lists(125_000)) + "\n")
    expected = [next(l for l in LANGS if first == l or first.startswith(l.split("-")[0] + "-"))
                for first, _ in lists]
    with open(os.path.join(out, "meta.json"), "w", encoding="utf-8") as f:
        json.dump({"n": n, "languages": LANGS, "development": DEV, "sentinel": SENTINEL,
                   "plural_key": PLURAL_KEY, "plural_key_plural": PLURAL_KEY_PLURAL,
                   "lists_expected_language": expected, "example": {keys[-1]: value("fr", n - 1)}},
                  f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
