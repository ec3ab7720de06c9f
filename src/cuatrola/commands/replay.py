"""``cuatrola replay``: check and score ``cuatrola-hand/1`` records, one result per record.

Reads JSON Lines (one record per line), one JSON record (also pretty-printed over several
lines) or a JSON array of records, from a file or standard input, UTF-8 with or without a
byte order mark. It streams: each record is replayed and its result printed as soon as it is
read, in constant memory whatever the size of the input.

A line that is not JSON, or not UTF-8, gives ``{"ok": false, "error": "...: line L column C",
"at": {"line": L, "column": C}}`` for that line, and the lines after it are still replayed (in
an array, a syntax error ends the array).

A record pretty-printed over several lines that the input ends inside of is one result
naming the line where it starts, not one error per line.

Exit status: 0 when every record is valid, 1 when any record or line is invalid, 2 when the
input cannot be read or holds no record: it is empty or an empty array (one line on stderr).
"""

from __future__ import annotations

import argparse
import codecs
import json
import sys
from collections import deque
from collections.abc import Callable, Iterator
from typing import IO, Any

from cuatrola.core.records import replay_summary

NAME = "replay"
HELP = "replay cuatrola-hand/1 records (JSON Lines, a JSON record or array) and print each result"

#: Bytes read at a time from the input (and the longest piece of one line read at once).
CHUNK = 1 << 16
#: A record spread over several lines, or one element of an array, is read whole up to this
#: size; past it the input is taken to be broken there.
MAX_VALUE = 8 << 20
_BOM = codecs.BOM_UTF8


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "file",
        nargs="?",
        default="-",
        help="a record file (JSON Lines, a JSON record or a JSON array); - for stdin",
    )


class InputError(Exception):
    """The input holds no record at all (it is empty, or an empty array)."""


def json_error(exc: json.JSONDecodeError, line: int, column: int) -> dict[str, Any]:
    """The output object of a piece of input that is not JSON, at ``line``/``column``."""
    return {
        "ok": False,
        "error": f"{exc.msg}: line {line} column {column}",
        "at": {"line": line, "column": column},
    }


def _not_utf8(line: int) -> dict[str, Any]:
    return {
        "ok": False,
        "error": f"line {line} is not UTF-8 text",
        "at": {"line": line, "column": 1},
    }


class _Lines:
    """The input's lines as ``(number, raw bytes)``, with push-back, read in bounded pieces."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.number = 0
        self._back: deque[tuple[int, bytes]] = deque()
        self._first = True

    def push_back(self, lines: list[tuple[int, bytes]]) -> None:
        """Give ``lines`` back, to be read again first, in order."""
        self._back.extendleft(reversed(lines))

    def piece(self) -> bytes:
        """Up to :data:`CHUNK` bytes of the current line (the BOM of the input dropped)."""
        data = self.stream.readline(CHUNK)
        if self._first:
            self._first = False
            if data.startswith(_BOM):
                data = data[len(_BOM) :]
        return data

    def next(self, start: bytes = b"") -> tuple[int, bytes] | None:
        """The next whole line (the rest of it when ``start`` is its first piece already
        read), or ``None`` at the end of the input."""
        if self._back and not start:
            return self._back.popleft()
        data = start or self.piece()
        if not data:
            return None
        parts = [data]
        while not data.endswith(b"\n"):
            data = self.piece()
            if not data:
                break
            parts.append(data)
        self.number += 1
        return self.number, b"".join(parts)


def _decode(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def read_records(stream: IO[bytes]) -> Iterator[tuple[Any, dict[str, Any] | None]]:
    """``(record, None)`` for each record of the input, ``(None, error)`` for each broken part.

    Raises:
        InputError: when the input holds nothing but white space, or an empty array.
    """
    lines = _Lines(stream)
    # The first piece of input that is not white space tells an array (read piece by piece,
    # as it may be one long line) from records.
    start = lines.piece()
    while start and not start.strip():
        lines.number += start.endswith(b"\n")
        start = lines.piece()
    if start.lstrip().startswith(b"["):
        elements = 0
        for element in _read_array(lines, start, lines.number + 1):
            elements += 1
            yield element
        if not elements:
            # Like an empty input: nothing to replay is an error, not an empty success.
            raise InputError("the input holds no record: the JSON array is empty")
        return
    seen = False
    while True:
        item = lines.next(start)
        start = b""
        if item is None:
            break
        number, raw = item
        text = _decode(raw)
        if text is None:
            seen = True
            yield None, _not_utf8(number)
            continue
        stripped = text.strip()
        if not stripped:
            continue
        seen = True
        try:
            yield json.loads(stripped), None
            continue
        except json.JSONDecodeError as exc:
            first_error = exc
        # A record pretty-printed over several lines ran out of input on its first line: read
        # on to its end. Anything else is one broken line.
        column = first_error.colno + len(text) - len(text.lstrip())
        if first_error.pos < len(stripped) or not stripped.startswith("{"):
            yield None, json_error(first_error, number, column)
            continue
        found = _read_document(lines, stripped, number, column - first_error.colno)
        if found is None:
            yield None, json_error(first_error, number, column)
        else:
            yield found
    if not seen:
        raise InputError("the input is empty: expected JSON Lines, a JSON record or an array")


def _read_document(
    lines: _Lines, start: str, number: int, indent: int
) -> tuple[Any, dict[str, Any] | None] | None:
    """The JSON value that begins with line ``start`` (input line ``number``, after ``indent``
    blanks) and goes on over the next lines, as ``(value, None)``; ``(None, error)`` when it
    is one document that is broken; or ``None`` (the lines read pushed back) when the next
    lines are records of their own."""
    taken: list[tuple[int, bytes]] = []
    parts = [start + "\n"]
    size = len(start)
    while size < MAX_VALUE:
        item = lines.next()
        if item is None:
            return _document_at_end(lines, parts, taken, number, indent)
        taken.append(item)
        text = _decode(item[1])
        if text is None:
            break
        stripped = text.strip()
        if stripped.startswith("{") and stripped.endswith("}") and _is_json(stripped):
            break  # a whole record on one line: this is JSON Lines after a broken line
        parts.append(text)
        size += len(text)
        if not stripped.startswith("}"):
            continue  # a pretty-printed object ends on a line that starts with its brace
        try:
            return json.loads("".join(parts)), None
        except json.JSONDecodeError:
            continue
    lines.push_back(taken)
    return None


def _document_at_end(
    lines: _Lines,
    parts: list[str],
    taken: list[tuple[int, bytes]],
    number: int,
    indent: int,
) -> tuple[Any, dict[str, Any] | None] | None:
    """What the lines from ``number`` on are when the input ends before they made a value:
    one record that ends early, one pretty-printed record with a syntax error, or (``None``,
    the lines pushed back) broken lines of JSON Lines, each reported on its own."""
    text = "".join(parts)
    try:
        return json.loads(text), None  # its last line did not start with the closing brace
    except json.JSONDecodeError as exc:
        error = exc
    if not taken:
        lines.push_back(taken)
        return None  # one line: its own error says it all
    if error.pos >= len(text.rstrip()):
        # Every line read so far belongs to the value and the input ended inside it: a
        # record cut short, told once rather than as one bogus error per line after it.
        last = taken[-1][0]
        message = f"the record starting at line {number} ends early (the input ends at line {last})"
        return None, {
            "ok": False,
            "error": message,
            "at": {"line": number, "column": indent + 1},
        }
    if all(_continues(raw) for _, raw in taken):
        # Indented lines and closing brackets: one pretty-printed record with a syntax error.
        line = number + error.lineno - 1
        column = error.colno + (indent if error.lineno == 1 else 0)
        return None, json_error(error, line, column)
    lines.push_back(taken)
    return None


def _continues(raw: bytes) -> bool:
    """Whether an input line reads as the inside of a pretty-printed value: blank, indented,
    or closing a bracket (a line of JSON Lines starts with its own brace at column 1)."""
    return not raw.strip() or raw[:1] in (b" ", b"\t") or raw.lstrip()[:1] in (b"}", b"]")


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except json.JSONDecodeError:
        return False
    return True


def _read_array(
    lines: _Lines, first: bytes, number: int
) -> Iterator[tuple[Any, dict[str, Any] | None]]:
    """The elements of a JSON array read piece by piece (the array begins in ``first``, the
    first piece of input line ``number``)."""
    utf8 = codecs.getincrementaldecoder("utf-8")()
    try:
        text = utf8.decode(first)
    except UnicodeDecodeError:
        yield None, _not_utf8(number)
        return
    yield from _ArrayReader(lines, utf8, text, number).elements()


class _ArrayReader:
    """A JSON array read from a growing buffer, which drops what it has read and keeps the
    input line and column of its first character, so errors still point at the input."""

    def __init__(
        self, lines: _Lines, utf8: codecs.IncrementalDecoder, text: str, number: int
    ) -> None:
        self.lines = lines
        self.utf8 = utf8
        self.buffer = text
        self.line_base = number  # the input line of buffer[0]
        self.column_base = 0  # the column of buffer[0] in that line, less one
        self.eof = False
        self.decoder = json.JSONDecoder()

    def refill(self) -> bool:
        """Read one more piece of input into the buffer; ``False`` at the end."""
        if self.eof:
            return False
        data = self.lines.piece()
        if not data:
            self.eof = True
            return False
        try:
            self.buffer += self.utf8.decode(data)
        except UnicodeDecodeError:
            self.eof = True
            return False
        return True

    def where(self, pos: int) -> tuple[int, int]:
        """The input line and column of ``buffer[pos]``."""
        newlines = self.buffer.count("\n", 0, pos)
        if not newlines:
            return self.line_base, self.column_base + pos + 1
        return self.line_base + newlines, pos - self.buffer.rfind("\n", 0, pos)

    def skip(self, pos: int) -> int:
        """The first position at or after ``pos`` that is not white space (reading on)."""
        while True:
            while pos < len(self.buffer) and self.buffer[pos] in " \t\r\n":
                pos += 1
            if pos < len(self.buffer) or not self.refill():
                return pos

    def broken(self, pos: int, message: str) -> dict[str, Any]:
        """The error report of a malformed array at ``pos``."""
        line, column = self.where(pos)
        return json_error(json.JSONDecodeError(message, self.buffer, pos), line, column)

    def value_at(self, pos: int) -> tuple[Any, int] | dict[str, Any]:
        """The JSON value that starts at ``pos`` and where it ends, or an error report."""
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buffer, pos)
            except json.JSONDecodeError as exc:
                if len(self.buffer) - pos < MAX_VALUE and self.refill():
                    continue
                line, column = self.where(exc.pos)
                return json_error(exc, line, column)
            # A number that ends where the buffer does may go on in the next piece.
            if end == len(self.buffer) and self.refill():
                continue
            return value, end

    def elements(self) -> Iterator[tuple[Any, dict[str, Any] | None]]:
        """Each element, or one error report (the last item) when the array is malformed."""
        pos = self.skip(0) + 1  # past the "["
        count = 0
        while True:
            pos = self.skip(pos)
            if pos >= len(self.buffer):
                yield None, self.broken(pos, "the array is not closed")
                return
            if self.buffer[pos] == "]":
                rest = self.skip(pos + 1)
                if rest < len(self.buffer):
                    yield None, self.broken(rest, "extra data after the array")
                return
            if count:
                if self.buffer[pos] != ",":
                    yield None, self.broken(pos, "Expecting ',' delimiter")
                    return
                pos = self.skip(pos + 1)
            found = self.value_at(pos)
            if isinstance(found, dict):
                yield None, found
                return
            value, pos = found
            yield value, None
            count += 1
            if pos > CHUNK:
                # Drop what has been read, keeping the line and column of the new buffer[0].
                self.line_base, column = self.where(pos)
                self.column_base = column - 1
                self.buffer = self.buffer[pos:]
                pos = 0


def with_input(command: str, path: str, consume: Callable[[IO[bytes]], int]) -> int:
    """Open ``path`` (``-``: standard input), return ``consume(stream)``, then close it.

    The record commands (``replay``, ``verify``, ``analyse``) read their input through this.
    When the input cannot be read (:class:`OSError`) or is empty (:class:`InputError`), it
    prints one line on stderr, ``cuatrola COMMAND: ...``, and returns 2.
    """

    def cannot_read(exc: OSError) -> int:
        print(f"cuatrola {command}: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2

    try:
        # Closed below unless it is standard input, which is not the command's to close.
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as exc:
        return cannot_read(exc)
    try:
        return consume(stream)
    except InputError as exc:
        print(f"cuatrola {command}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # the reader of the output went away: the command line ends quietly
    except OSError as exc:
        return cannot_read(exc)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def run(args: argparse.Namespace) -> int:
    """Replay every record of the input; see the module docstring for the exit status."""
    return with_input("replay", args.file, _replay_all)


def _replay_all(stream: IO[bytes]) -> int:
    status = 0
    out = sys.stdout
    for record, error in read_records(stream):
        summary = error if error is not None else replay_summary(record)
        if not summary["ok"]:
            status = 1
        out.write(json.dumps(summary) + "\n")
        out.flush()
    return status
