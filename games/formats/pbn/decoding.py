"""The text of a PBN file's bytes (games.formats.pbn.decode): the PBN standard's ISO-8859-1 (§2.2), UTF-8 as
most programs now write, or both line by line, as files edited by several programs are."""

from __future__ import annotations

import codecs


def decode(data: bytes) -> str:
    """Text of a PBN file. A UTF-16 BOM decides; otherwise (after any UTF-8 BOM) UTF-8 if the whole file is
    UTF-8, else each line is UTF-8 when it decodes as such and ISO-8859-1 (the PBN standard's character
    set, §2.2) when not. Never fails: every byte string is some ISO-8859-1 text."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if not data.translate(None, _NOT_CONTINUATION):
        # No byte that continues a UTF-8 character (0x80 to 0xBF): no line is UTF-8 above ASCII, so every line is
        # ISO-8859-1, as files written to the standard are; one decode, not one handler call per accented line.
        return data.decode("iso-8859-1")
    parts: list[str] = []
    done = 0  # bytes decoded so far: 0 or up to a "\n"
    while True:
        try:
            parts.append(codecs.utf_8_decode(memoryview(data)[done:], _LINE_AS_ISO_8859_1, True)[0])
            return "".join(parts)
        except UnicodeDecodeError as exc:
            bad = done + exc.start
        # A line with UTF-8 above ASCII before a byte that is not UTF-8 (rare): ISO-8859-1 as a whole. The lines
        # before it came out right, each UTF-8 or ISO-8859-1 (a "\n" byte never falls inside a UTF-8 sequence).
        start = data.rfind(b"\n", done, bad) + 1
        end = data.find(b"\n", bad)
        end = len(data) if end < 0 else end
        parts.append(data[done:start].decode("utf-8", _LINE_AS_ISO_8859_1))
        parts.append(data[start:end].decode("iso-8859-1"))
        done = end


def _line_as_iso_8859_1(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler (see `decode`): the rest of the line of a byte that is not UTF-8, as ISO-8859-1. Right
    when the line up to that byte is ASCII, the same in both; else the error stands. One decode of the file
    calls it once per such line: the file is not decoded again after each (and copied into each error)."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    data, at = error.object, error.start
    if not data[data.rfind(b"\n", 0, at) + 1 : at].isascii():
        raise error
    end = data.find(b"\n", at)
    end = len(data) if end < 0 else end
    return data[at:end].decode("iso-8859-1"), end


_NOT_CONTINUATION = bytes(range(0x80)) + bytes(range(0xC0, 0x100))
_LINE_AS_ISO_8859_1 = "games.formats.pbn.line-as-iso-8859-1"
codecs.register_error(_LINE_AS_ISO_8859_1, _line_as_iso_8859_1)
