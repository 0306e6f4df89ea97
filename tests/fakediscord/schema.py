"""A small JSON-Schema validator for the keywords Discord's OpenAPI 3.1 description uses.

Keywords: ``$ref`` (local ``#/...`` pointers), ``type`` (a name or a list: ``["string", "null"]``
is how 3.1 says nullable), ``const``, ``enum``, ``format`` (int32/int64 ranges, date-time, uri,
snowflake), ``minLength``/``maxLength``/``pattern``, ``minimum``/``maximum``, ``items``,
``minItems``/``maxItems``/``uniqueItems``, ``properties``/``required``/``additionalProperties``,
``minProperties``/``maxProperties``, ``allOf``, ``anyOf``, ``oneOf``. Annotations (``title``,
``description``, ``contentEncoding``, ``x-discord-union``) are ignored.

Documented leniency: Discord accepts a snowflake sent as an integer (docs, Reference >
Snowflakes: "snowflakes ... are always returned as strings ... you may send them as integers"),
so a non-negative integer below 2**64 satisfies ``SnowflakeType``.

``errors(instance, schema)`` returns ``["embeds.0.footer.text: longer than 2048", ...]``:
Discord's own dotted error paths, empty when valid.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

Schema = dict[str, Any]

INT_RANGES = {"int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1)}
SNOWFLAKE_MAX = 2**64 - 1


def _type_ok(value: Any, name: str) -> bool:
    if name == "null":
        return value is None
    if name == "boolean":
        return isinstance(value, bool)
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if name == "string":
        return isinstance(value, str)
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, dict)
    raise ValueError(f"unknown JSON-Schema type {name!r}")


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


class Validator:
    """Validates instances against schemas of one document (``#/...`` refs resolve in it)."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._kinds: dict[tuple[int, type, Any], list[str]] = {}

    def resolve(self, ref: str) -> Schema:
        if not ref.startswith("#/"):
            raise ValueError(f"only local $refs are supported, got {ref!r}")
        node: Any = self.document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def errors(self, value: Any, schema: Schema, path: str = "") -> list[str]:
        if "$ref" in schema:
            target = self.resolve(schema["$ref"])
            rest = {k: v for k, v in schema.items() if k != "$ref"}
            return self.errors(value, target, path) + (
                self.errors(value, rest, path) if rest else []
            )
        if schema.get("format") == "snowflake" and _is_int_snowflake(value):
            return []  # the documented leniency: snowflakes may be sent as integers
        types = schema.get("type")
        if types is not None:
            names = types if isinstance(types, list) else [types]
            if not any(_type_ok(value, n) for n in names):
                return [f"{path or '<body>'}: expected {'/'.join(names)}, got {_kind(value)}"]
        out: list[str] = []
        out += self._value_rules(value, schema, path)
        if isinstance(value, str):
            out += self._string_rules(value, schema, path)
        elif isinstance(value, list):
            out += self._array_rules(value, schema, path)
        elif isinstance(value, dict):
            out += self._object_rules(value, schema, path)
        out += self._combinators(value, schema, path)
        return out

    # --- keyword groups ---------------------------------------------------------------
    def _value_rules(self, value: Any, schema: Schema, path: str) -> list[str]:
        out: list[str] = []
        where = path or "<body>"
        if "const" in schema and not _equal(value, schema["const"]):
            out.append(f"{where}: must be {schema['const']!r}")
        if "enum" in schema and not any(_equal(value, e) for e in schema["enum"]):
            out.append(f"{where}: {value!r} is not one of {schema['enum']!r}")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                out.append(f"{where}: {value} is less than {schema['minimum']}")
            if "maximum" in schema and value > schema["maximum"]:
                out.append(f"{where}: {value} is greater than {schema['maximum']}")
            bounds = INT_RANGES.get(schema.get("format", ""))
            if bounds and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
                out.append(f"{where}: {value} does not fit {schema['format']}")
        return out

    def _string_rules(self, value: str, schema: Schema, path: str) -> list[str]:
        out: list[str] = []
        where = path or "<body>"
        if "minLength" in schema and len(value) < schema["minLength"]:
            out.append(f"{where}: shorter than {schema['minLength']} (got {len(value)})")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            out.append(f"{where}: longer than {schema['maxLength']} (got {len(value)})")
        if "pattern" in schema:
            pattern = self._patterns.get(schema["pattern"])
            if pattern is None:
                pattern = self._patterns[schema["pattern"]] = re.compile(schema["pattern"])
            if not pattern.search(value):
                out.append(f"{where}: {value[:40]!r} does not match {schema['pattern']}")
        fmt = schema.get("format")
        if fmt == "date-time" and not _is_datetime(value):
            out.append(f"{where}: {value[:40]!r} is not an ISO 8601 date-time")
        if fmt == "uri" and not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$", value):
            out.append(f"{where}: {value[:40]!r} is not a URI")
        return out

    def _array_rules(self, value: list, schema: Schema, path: str) -> list[str]:
        out: list[str] = []
        where = path or "<body>"
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.append(f"{where}: fewer than {schema['minItems']} items (got {len(value)})")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append(f"{where}: more than {schema['maxItems']} items (got {len(value)})")
        if schema.get("uniqueItems"):
            keys = [json.dumps(v, sort_keys=True) for v in value]
            if len(set(keys)) != len(keys):
                out.append(f"{where}: items must be unique")
        items = schema.get("items")
        if isinstance(items, dict):
            for i, item in enumerate(value):
                out += self.errors(item, items, _join(path, i))
        return out

    def _object_rules(self, value: dict, schema: Schema, path: str) -> list[str]:
        out: list[str] = []
        where = path or "<body>"
        props: dict[str, Schema] = schema.get("properties") or {}
        out += [f"{_join(path, k)}: required" for k in schema.get("required", ()) if k not in value]
        if "minProperties" in schema and len(value) < schema["minProperties"]:
            out.append(f"{where}: fewer than {schema['minProperties']} properties")
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            out.append(f"{where}: more than {schema['maxProperties']} properties")
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                out += self.errors(item, props[key], _join(path, key))
            elif extra is False:
                out.append(f"{_join(path, key)}: unknown property")
            elif isinstance(extra, dict):
                out += self.errors(item, extra, _join(path, key))
        return out

    def _combinators(self, value: Any, schema: Schema, path: str) -> list[str]:
        out: list[str] = []
        for sub in schema.get("allOf", ()):
            out += self.errors(value, sub, path)
        for key in ("anyOf", "oneOf"):
            branches = schema.get(key)
            if not branches:
                continue
            results = [
                self._discriminator_errors(value, sub, path) or self.errors(value, sub, path)
                for sub in branches
            ]
            matches = sum(1 for r in results if not r)
            if matches == 0:
                out += _closest(results, path)
            elif key == "oneOf" and matches > 1 and not _nullable_pair(branches):
                out.append(f"{path or '<body>'}: matches {matches} of the oneOf branches")
        return out

    def _discriminator_errors(self, value: Any, schema: Schema, path: str) -> list[str]:
        """The errors of ``value``'s ``type`` property against ``schema``'s, when ``schema`` (a
        union branch) is an object shape with one: a component of type 2 is not walked through
        the fifteen other component shapes (each again a union of components) only to be
        refused on its ``type``. Non-empty means the branch fails, and these are the first of
        its errors ``_closest`` looks at; empty means "walk it all". The same answer as the
        full walk, found without it (a whole game's messages were minutes of validation)."""
        if not isinstance(value, dict) or "type" not in value:
            return []
        while "$ref" in schema and len(schema) == 1:
            schema = self.resolve(schema["$ref"])
        props = schema.get("properties")
        if not isinstance(props, dict) or "type" not in props or "$ref" in schema:
            return []
        types = schema.get("type", "object")
        if "object" not in (types if isinstance(types, list) else [types]):
            return []  # the full walk refuses it on its JSON type at once
        kind = value["type"]
        if not isinstance(kind, int | str):
            return self.errors(kind, props["type"], _join(path, "type"))
        key = (id(props["type"]), type(kind), kind)
        found = self._kinds.get(key)
        if found is None:  # the same few discriminators again and again: found once each
            found = self._kinds[key] = self.errors(kind, props["type"], "\0")
        where = _join(path, "type")
        return [where + e[1:] for e in found]


def _closest(results: list[list[str]], path: str) -> list[str]:
    """The errors of the branch that came nearest: a branch refused on its discriminator (the
    wrong JSON type here, or the wrong ``type`` value) is not the one meant, so for a component
    of type 2 these are the button branch's errors, not the select branches'."""
    where = path or "<body>"
    own = (f"{where}: expected ", f"{_join(path, 'type')}: ")

    def wrong_shape(errs: list[str]) -> bool:
        return any(e.startswith(own) for e in errs)

    candidates = [r for r in results if not wrong_shape(r)]
    if not candidates:
        detail = next((e for e in results[0] if e.startswith(own)), results[0][0])
        return [f"{where}: matches none of the allowed shapes ({detail})"]
    return min(candidates, key=len)


def _nullable_pair(branches: list[Schema]) -> bool:
    return any(b.get("type") == "null" for b in branches)


def _is_int_snowflake(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= SNOWFLAKE_MAX


def _is_datetime(value: str) -> bool:
    try:
        dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "array"}.get(
        type(value), "object"
    )
