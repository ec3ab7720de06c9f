"""The documents name files and modules that exist: a reader who follows a path or a dotted
name from docs/, the README or the benchmarks' README finds it (tests move with the code, and
the documents must follow them)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([*ROOT.glob("docs/*.md"), ROOT / "README.md", ROOT / "benchmarks" / "README.md"])

#: A path from the repository's root, as the documents write them.
ROOTED_PATH = re.compile(
    r"(?<![\w/.-])((?:tests|src|docs|web|benchmarks|research)/[\w./-]*\w\.(?:py|pyi|md|js|json|css|c))"
    r"(?![\w/])"
)
#: A test module named alone.
TEST_MODULE = re.compile(r"(?<![\w/])(test_\w+\.py)")
#: A dotted name under the package, in backquotes.
DOTTED = re.compile(r"`(cuatrola(?:\.[A-Za-z_]\w*)+)")
#: Dotted names that are not Python: a file name, an entry point group and the web client's
#: storage keys.
NOT_PYTHON = {
    "cuatrola.db",
    "cuatrola.players",
    "cuatrola.deck",
    "cuatrola.sound",
    "cuatrola.tutorial",
    "cuatrola.lang",
    "cuatrola.token",
}


def _text(document: Path) -> str:
    # A path may be cut by the line's end after a slash (`tests/core/` then `test_x.py`).
    return re.sub(r"/\n\s*", "/", document.read_text())


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_a_document_names_exists(document: Path) -> None:
    text = _text(document)
    # docs/web.md writes the web client's own paths from web/ (`src/app.js`).
    bases = (ROOT, ROOT / "web") if document.name == "web.md" else (ROOT,)
    missing = {
        p for p in ROOTED_PATH.findall(text) if not any((base / p).exists() for base in bases)
    }
    tests = {p.name for p in (ROOT / "tests").rglob("test_*.py")}
    missing |= {name for name in TEST_MODULE.findall(text) if name not in tests}
    assert not missing, f"{document.name} names what is not there: {sorted(missing)}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_a_document_names_imports(document: Path) -> None:
    unresolved = [
        name
        for name in sorted(set(DOTTED.findall(_text(document))) - NOT_PYTHON)
        if not _resolves(name)
    ]
    assert not unresolved, f"{document.name} names what does not import: {unresolved}"


def _resolves(name: str) -> bool:
    """Whether ``name`` is a module, or an attribute path from the longest module in it."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(obj, attribute):
                return False
            obj = getattr(obj, attribute)
        return True
    return False


def test_the_checks_see_a_stale_path_and_module(tmp_path: Path) -> None:
    # The patterns find what the documents write: a path cut at a line's end, a test module
    # named alone (not again as the end of a path), a dotted name.
    sample = tmp_path / "sample.md"
    sample.write_text(
        "Held by `tests/core/\ntest_views.py`, `tests/server/test_gone.py`, "
        "`test_gone_too.py` and `cuatrola.server.gone`."
    )
    text = _text(sample)
    assert ROOTED_PATH.findall(text) == ["tests/core/test_views.py", "tests/server/test_gone.py"]
    assert TEST_MODULE.findall(text) == ["test_gone_too.py"]
    assert not _resolves("cuatrola.server.gone")
    assert _resolves("cuatrola.core.views.view_for")


#: A test id in docs/web.md's list: words and `<...>` parts joined by hyphens.
LISTED_ID = re.compile(r"`((?:[a-z0-9]|<[a-z|.]+>)(?:[a-z0-9-]|<[a-z|.]+>)*)`")


def _client_ids() -> tuple[set[str], list[re.Pattern[str]]]:
    """What the web client can set as a `data-testid` (or an element's id): its quoted strings
    (ids are passed to helpers as plain strings, too), and its templated ids as patterns."""
    source = "\n".join(p.read_text() for p in sorted((ROOT / "web" / "src").rglob("*.js")))
    strings = set(re.findall(r"\"([^\"\n]*)\"", source))
    templates = re.findall(r"id=\$\{`([^`]+)`\}", source)
    patterns = [
        re.compile(".+".join(re.escape(part) for part in re.split(r"\$\{[^}]*\}", t)) + "$")
        for t in templates
    ]
    return strings, patterns


def test_every_test_id_docs_web_lists_is_one_the_client_sets() -> None:
    text = (ROOT / "docs" / "web.md").read_text()
    section = text[text.index("## Stable test ids") : text.index("## Tests")]
    strings, patterns = _client_ids()
    unknown = []
    for listed in LISTED_ID.findall(section):
        if listed.startswith("<") and listed.endswith(">") and "-" not in listed:
            continue  # a placeholder explained in the text (`<pos>`, `<code>`)
        if listed.startswith("data-"):
            continue  # an attribute the element carries
        sample = re.sub(r"<[^>]+>", "x1", listed)
        if "<" not in listed and listed in strings:
            continue
        if not any(p.match(sample) for p in patterns):
            unknown.append(listed)
    assert unknown == []
