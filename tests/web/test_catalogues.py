"""The web client's translation catalogues and its documented test ids (no browser needed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cuatrola.protocol.messages import BOT_LEVELS, QUICK_PHRASES

WEB = Path(__file__).resolve().parents[2] / "web"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"
LANGS = ("es", "en", "pt", "tr", "th")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(lang: str) -> dict[str, str]:
    data = json.loads((WEB / "public" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def scripts() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((WEB / "src").rglob("*.js")))


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_has_the_spanish_keys_and_placeholders(lang: str) -> None:
    spanish = catalogue("es")
    other = catalogue(lang)
    assert set(other) == set(spanish)
    for key, text in other.items():
        assert isinstance(text, str)
        assert text.strip(), f"{lang}:{key} is empty"
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(spanish[key])), (
            f"{lang}:{key} has other placeholders than Spanish"
        )


def test_every_key_the_scripts_use_is_in_the_catalogue() -> None:
    spanish = catalogue("es")
    source = scripts()
    literal = set(re.findall(r"\bt\(\s*\"([\w.]+)\"", source))
    assert literal, "no t(...) calls found: the pattern is out of date"
    assert sorted(literal - set(spanish)) == []
    # keys built from a prefix: every value the code can produce must exist
    families = {
        "bid.": ("pass", "solo", "cuatrola", "quintola"),
        "bidHelp.": ("pass", "solo", "cuatrola", "quintola"),
        "suit.": ("oros", "copas", "espadas", "bastos"),
        "rank.": ("as", "tres", "rey", "caballo", "sota"),
        "level.": BOT_LEVELS,
        "lobby.status.": ("open", "playing", "finished", "closed"),
        "auth.tab.": ("guest", "login", "register"),
        "help.": ("1", "2", "3", "4", "5", "6"),
        "settings.deck.": ("letters", "numbers"),
        "phrase.": QUICK_PHRASES,
    }
    for prefix, names in families.items():
        for name in names:
            assert f"{prefix}{name}" in spanish


def test_quick_phrases_match_the_protocol() -> None:
    spanish = catalogue("es")
    for phrase in QUICK_PHRASES:
        assert f"phrase.{phrase}" in spanish


def _js_list(source: str, name: str) -> tuple[str, ...]:
    found = re.search(rf"export const {name} = \[(.*?)\];", source, re.S)
    assert found, f"web/src/protocol.js does not export {name}"
    return tuple(re.findall(r'"(\w+)"', found.group(1)))


def test_the_web_client_offers_the_protocol_levels_and_phrases() -> None:
    source = (WEB / "src" / "protocol.js").read_text(encoding="utf-8")
    assert _js_list(source, "BOT_LEVELS") == BOT_LEVELS
    assert _js_list(source, "QUICK_PHRASES") == QUICK_PHRASES


def test_every_protocol_error_a_player_can_meet_has_a_translation() -> None:
    protocol = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()
    section = protocol.split("## Errors", 1)[1].split("\n## ", 1)[0]
    codes: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            codes |= set(re.findall(r"`(\w+)`", line.split("|")[1]))
    assert "illegal" in codes
    # errors a correct client never causes (it always sends valid, small, known frames)
    client_bugs = {"oversized", "malformed", "unknown_type", "not_authenticated"}
    client_bugs.add("unsupported_protocol")
    spanish = catalogue("es")
    assert sorted(c for c in codes - client_bugs if f"error.{c}" not in spanish) == []


def test_every_test_id_in_the_scripts_is_documented() -> None:
    source = scripts()
    # h("tag", {"data-testid": "x"}) and htm's data-testid="x" / data-testid=${`x-${...}`}
    ids = set(re.findall(r"\"data-testid\": \"([\w-]+)\"", source))
    ids |= set(re.findall(r"data-testid=\"([\w-]+)\"", source))
    templated = set(re.findall(r"\"data-testid\": `([\w-]+)\$\{", source))
    templated |= set(re.findall(r"data-testid=\$\{`([\w-]+)\$\{", source))
    doc = DOCS.read_text(encoding="utf-8")
    assert ids
    assert sorted(i for i in ids if f"`{i}`" not in doc) == []
    assert sorted(p for p in templated if f"`{p}" not in doc) == []


#: Arrows, technical and geometric symbols, dingbats and emoji: a machine with only basic
#: fonts shows boxes for them, so controls and suits are drawn as SVG instead.
SYMBOLS = re.compile("[\u2190-\u2bff\U0001f000-\U0001ffff\ufe0f]")


def test_no_visible_text_needs_a_symbol_font() -> None:
    found = [
        f"{lang}: {key} = {text!r}"
        for lang in LANGS
        for key, text in catalogue(lang).items()
        if SYMBOLS.search(text)
    ]
    for path in [*sorted((WEB / "src").rglob("*.js")), WEB / "index.html"]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            code = line.split("//", 1)[0] if not line.lstrip().startswith("*") else ""
            if SYMBOLS.search(code):
                found.append(f"{path.relative_to(WEB)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


# The word for a cante in each language's catalogue: one term, never a second one beside it
# (the summary once said "Cante'ler" in one row and "Deklareler" under it).
OTHER_CANTE_WORDS = {"tr": re.compile(r"cante|kante|söyl", re.IGNORECASE), "th": re.compile("ร้อง")}


@pytest.mark.parametrize("lang", sorted(OTHER_CANTE_WORDS))
def test_a_cante_has_one_name_in_each_language(lang: str) -> None:
    words = catalogue(lang)
    mixed = {k: v for k, v in words.items() if OTHER_CANTE_WORDS[lang].search(v)}
    assert mixed == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_summarys_last_trick_is_a_trick_not_a_hand(lang: str) -> None:
    words = catalogue(lang)
    assert words["summary.lastTrick"] != words["table.lastHand"]


def test_turkish_names_the_last_trick_as_the_tables_button_does() -> None:
    words = catalogue("tr")
    assert words["summary.lastTrick"] == words["table.lastTrick"] == "Son löve"
