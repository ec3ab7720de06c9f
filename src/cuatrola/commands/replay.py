"""``cuatrola replay``: check and score ``cuatrola-hand/1`` records, one result per record.

Reads JSON Lines (one record per line), one JSON record (also pretty-printed over several
lines) or a JSON array of records, from a file or standard input, UTF-8 with or without a
byte order mark. It streams: each record is replayed and its result printed as soon as it is
read, in constant memory whatever the size of the input.

A line that is not JSON, or not UTF-8, gives ``{"ok": false, "error": "...: line L column C",
"at": {"line": L, "column": C}}`` for that line, and the lines after it are still replayed (in
an array, a syntax error ends the array).

Exit status: 0 when every record is valid, 1 when any record or line is invalid, 2 when the
input cannot be read or is empty (one line on stderr).
"""

from __future__ import annotations

import argparse
import codecs
import json
import sys
from collections import deque
from collections.abc import Iterator
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
    """The input cannot be read at all (it is empty)."""


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
        InputError: when the input holds nothing but white space.
    """
    lines = _Lines(stream)
    # The first piece of input that is not white space tells an array (read piece by piece,
    # as it may be one long line) from records.
    start = lines.piece()
    while start and not start.strip():
        lines.number += start.endswith(b"\n")
        start = lines.piece()
    if start.lstrip().startswith(b"["):
        yield from _read_array(lines, start, lines.number + 1)
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
        found = _read_document(lines, stripped)
        if found is None:
            yield None, json_error(first_error, number, column)
        else:
            yield found, None
    if not seen:
        raise InputError("the input is empty: expected JSON Lines, a JSON record or an array")


def _read_document(lines: _Lines, start: str) -> Any:
    """The JSON value that begins with line ``start`` and goes on over the next lines, or
    ``None`` (the lines read pushed back) when the next lines are records of their own."""
    taken: list[tuple[int, bytes]] = []
    parts = [start + "\n"]
    size = len(start)
    while size < MAX_VALUE:
        item = lines.next()
        if item is None:
            break
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
            return json.loads("".join(parts))
        except json.JSONDecodeError:
            continue
    lines.push_back(taken)
    return None


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
    decoder = json.JSONDecoder()
    utf8 = codecs.getincrementaldecoder("utf-8")()
    try:
        buffer = utf8.decode(first)
    except UnicodeDecodeError:
        yield None, _not_utf8(number)
        return
    line_base = number  # the input line of buffer[0]
    column_base = 0  # the column of buffer[0] in that line, less one
    eof = False

    def refill() -> bool:
        nonlocal buffer, eof
        if eof:
            return False
        data = lines.piece()
        if not data:
            eof = True
            return False
        try:
            buffer += utf8.decode(data)
        except UnicodeDecodeError:
            eof = True
            return False
        return True

    def where(pos: int) -> tuple[int, int]:
        newlines = buffer.count("\n", 0, pos)
        if not newlines:
            return line_base, column_base + pos + 1
        return line_base + newlines, pos - buffer.rfind("\n", 0, pos)

    def skip(pos: int) -> int:
        while True:
            while pos < len(buffer) and buffer[pos] in " \t\r\n":
                pos += 1
            if pos < len(buffer) or not refill():
                return pos

    def broken(pos: int, message: str) -> dict[str, Any]:
        line, column = where(pos)
        return json_error(json.JSONDecodeError(message, buffer, pos), line, column)

    pos = skip(0) + 1  # past the "["
    count = 0
    while True:
        pos = skip(pos)
        if pos >= len(buffer):
            yield None, broken(pos, "the array is not closed")
            return
        if buffer[pos] == "]":
            rest = skip(pos + 1)
            if rest < len(buffer):
                yield None, broken(rest, "extra data after the array")
            return
        if count:
            if buffer[pos] != ",":
                yield None, broken(pos, "Expecting ',' delimiter")
                return
            pos = skip(pos + 1)
        while True:
            try:
                value, end = decoder.raw_decode(buffer, pos)
            except json.JSONDecodeError as exc:
                if len(buffer) - pos < MAX_VALUE and refill():
                    continue
                line, column = where(exc.pos)
                yield None, json_error(exc, line, column)
                return
            # A number that ends where the buffer does may go on in the next piece.
            if end == len(buffer) and refill():
                continue
            break
        yield value, None
        count += 1
        pos = end
        if pos > CHUNK:
            # Drop what has been read, keeping the line and column of the new buffer[0].
            line_base, column = where(pos)
            column_base = column - 1
            buffer = buffer[pos:]
            pos = 0


def _open(path: str) -> IO[bytes]:
    if path == "-":
        return sys.stdin.buffer
    return open(path, "rb")


def run(args: argparse.Namespace) -> int:
    """Replay every record of the input; see the module docstring for the exit status."""
    try:
        stream = _open(args.file)
    except OSError as exc:
        print(f"cuatrola replay: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    status = 0
    out = sys.stdout
    try:
        for record, error in read_records(stream):
            summary = error if error is not None else replay_summary(record)
            if not summary["ok"]:
                status = 1
            out.write(json.dumps(summary) + "\n")
            out.flush()
    except InputError as exc:
        print(f"cuatrola replay: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # the reader of the output went away: the command line ends quietly
    except OSError as exc:
        print(f"cuatrola replay: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    return status
