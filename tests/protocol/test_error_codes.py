"""The error codes of docs/protocol.md are exactly the ErrorCode enum."""

from __future__ import annotations

import re
from pathlib import Path

from cuatrola.protocol.errors import ErrorCode

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_the_protocol_document_lists_every_error_code_and_no_other() -> None:
    text = DOC.read_text()
    section = text.split("## Errors", 1)[1].split("\n## ", 1)[0]
    documented = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first_cell = line.split("|")[1]
            documented.update(re.findall(r"`([a-z_]+)`", first_cell))
    assert documented == {code.value for code in ErrorCode}
