"""JSON from a client, read in one place with the checks every JSON value gets (issue 26): by the API's parser (set
in REST_FRAMEWORK's DEFAULT_PARSER_CLASSES) and by the serializer field that reads JSON text from a form field.

Refused with a 400 naming the problem: nesting deeper than MAX_DEPTH (Python's parser raises RecursionError near
1,000 levels, and a view walking a value a little shallower would too), a NUL character (PostgreSQL's text columns
cannot hold one) and a lone surrogate (a "\\ud800" escape is valid JSON but no character: UTF-8 cannot encode it,
so storing it or echoing it in an answer failed)."""

from __future__ import annotations

import json
from typing import Any

from rest_framework import exceptions, parsers, serializers

MAX_DEPTH = 64
"""Arrays and objects inside one another: the deepest the API reads is a movement, about five."""
TOO_DEEP = f"the JSON is nested more than {MAX_DEPTH} levels deep"


class JSONRefused(ValueError):
    """JSON that is not read, and why (a sentence for the client)."""


def loads(text: str | bytes) -> Any:
    """The value of JSON text that passes the checks; JSONRefused naming the first problem otherwise."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise JSONRefused(TOO_DEEP) from None
    except ValueError as error:
        raise JSONRefused(f"JSON parse error - {error}") from None
    problem = _problem(value)
    if problem is not None:
        raise JSONRefused(problem)
    return value


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _problem(value: Any) -> str | None:
    """The first problem in a parsed value, in the order it was written (each key before its value). Walked with a
    stack, not recursion, so that any depth the parser returned is measured."""
    stack: list[tuple[Any, str, int, object]] = [(value, "", 1, None)]
    while stack:
        item, path, depth, key = stack.pop()
        if isinstance(key, str) and (problem := _text_problem(key, path)):
            return problem
        if isinstance(item, str):
            if problem := _text_problem(item, path):
                return problem
            continue
        children = list(
            item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        )
        if children and depth == MAX_DEPTH and any(isinstance(c, dict | list) for _, c in children):
            return TOO_DEEP
        for name, child in reversed(children):
            stack.append((child, f"{path}.{name}" if path else str(name), depth + 1, name))
    return None


def _text_problem(text: str, path: str) -> str | None:
    where = f"JSON field {path.replace(chr(0), '')!r}" if path else "the JSON text"
    if "\x00" in text:
        return f"{where} holds a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:  # only a surrogate cannot be encoded
        return f"{where} holds a lone surrogate (\\u{ord(text[error.start]):04x}), which is no character"
    return None


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with the checks above: a ParseError (400) naming the problem."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = parsers.get_encoding(parser_context or {})  # a text encoding (no bz2_codec bomb)
        try:
            return loads(stream.read().decode(encoding))
        except UnicodeDecodeError as error:
            raise exceptions.ParseError(f"the JSON is not {encoding} text (byte {error.start + 1})") from None
        except JSONRefused as error:
            raise exceptions.ParseError(str(error)) from None


class JSONField(serializers.JSONField):
    """A serializer's JSON value: sent as JSON it was read (and checked) by the parser; sent as a form field's
    text it is read here, with the same checks."""

    def to_internal_value(self, data):
        if self.binary or getattr(data, "is_json_string", False):
            try:
                return loads(data)
            except JSONRefused as error:
                raise serializers.ValidationError(str(error)) from None
        return super().to_internal_value(data)
