"""MessageFormat 2 messages of a compiled bundle (.mf2.json resources compiled by the real
``lokale compile``) through the real liblokale: ``Bundle.format_named`` with keyword arguments,
under the bundle contract, its problems and ``explain_named``'s selection."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Callable

import pytest

import lokale
from conftest import compile_bundle

INVITE = (
    ".input {$gender :string}\n.input {$count :integer}\n.match $gender $count\n"
    "female one {{{$host} invited one guest to her party.}}\nfemale * {{{$host} invited {$count} guests to her party.}}\n"
    "* one {{{$host} invited one guest to their party.}}\n* * {{{$host} invited {$count} guests to their party.}}"
)
INVITE_FR = (
    ".input {$gender :string}\n.input {$count :integer}\n.match $gender $count\n"
    "female one {{{$host} a invité une personne à sa fête.}}\nfemale * {{{$host} a invité {$count} personnes à sa fête.}}\n"
    "* one {{{$host} a invité une personne à leur fête.}}\n* * {{{$host} a invité {$count} personnes à leur fête.}}"
)


@pytest.fixture
def mf2_path(tmp_path: Path) -> Path:
    (tmp_path / "src/en.lproj").mkdir(parents=True)
    (tmp_path / "src/fr.lproj").mkdir(parents=True)
    (tmp_path / "src/en.lproj/Localizable.mf2.json").write_text(json.dumps({
        "invite": INVITE, "@invite": {"description": "A party invitation"},
        "due": "Due {$when :date style=long}.", "default": "Your {$default} setting",
    }))
    (tmp_path / "src/fr.lproj/Localizable.mf2.json").write_text(json.dumps({"invite": INVITE_FR}))
    return compile_bundle(tmp_path / "src/en.lproj/Localizable.mf2.json", tmp_path / "MF2.lokale",
                          str(tmp_path / "src/fr.lproj/Localizable.mf2.json"))


def test_keyword_arguments_under_the_bundle_contract(mf2_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    fr = runtime_factory(["fr-CA", "en"]).open(mf2_path, main=True)
    assert fr.format_named("invite", host="Ana", gender="female", count=1) == "\u2068Ana\u2069 a invité une personne à sa fête."
    assert fr.format_named("invite", host="Ana", gender="x", count=12345) == "\u2068Ana\u2069 a invité 12\u202f345 personnes à leur fête."
    en = runtime_factory(["de"]).open(mf2_path, main=True)
    assert en.format_named("invite", {"host": "Bo"}, gender="female", count=2) == "\u2068Bo\u2069 invited 2 guests to her party."
    # A name that is also an option of the method goes in the mapping.
    assert en.format_named("default", {"default": "dark"}) == "Your \u2068dark\u2069 setting"
    when = datetime.datetime(2026, 1, 2, 12, 0, tzinfo=datetime.timezone.utc)
    assert en.format_named("due", when=when) == "Due January 2, 2026."
    # The table lacks the key: the default value, as MF2.
    assert en.format_named("missing", default="{$n :integer} more", n=3) == "3 more"
    assert fr.format_named("invite", languages=["en"], host="Ana", gender="female", count=1) == "\u2068Ana\u2069 invited one guest to her party."


def test_problems_and_explain(mf2_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    fr = runtime_factory(["fr"]).open(mf2_path, main=True)
    assert fr.format_named("invite", count=2) == "\u2068{$host}\u2069 a invité 2 personnes à leur fête."
    assert any(p.startswith("unresolved-variable") for p in fr.format_named_problems("invite", count=2))
    assert fr.format_named_problems("invite", host="Ana", gender="female", count=2) == []
    trace = fr.explain_named("invite", host="Ana", gender="female", count=2)
    assert trace["served"] == "fr" and trace["result"].endswith("à sa fête.")
    assert trace["selection"]["variant"] == 1 and trace["selection"]["keys"] == ["female", "*"]
    with pytest.raises(TypeError):
        fr.format_named("invite", count=object())


def test_parts_of_a_catalog_message(mf2_path: Path, runtime_factory: Callable[..., lokale.Runtime]) -> None:
    en = runtime_factory(["en"]).open(mf2_path, main=True)
    parts = en.format_named_to_parts("invite", host="Ana", gender="female", count=3)
    assert "".join(p.value for p in parts) == en.format_named("invite", host="Ana", gender="female", count=3)
    count = next(p for p in parts if isinstance(p, lokale.ExpressionPart) and p.source == "$count")
    assert (count.value, count.type) == ("3", "number")
    assert en.format_named_to_parts("missing", default="plain") == [lokale.TextPart("plain")]
