"""Component data: TOML files checked against a game's schema, errors naming file, line, field.

Every entry carries a ``source``: ``rule <number> ...`` or ``reconstructed: <reason>``.
A user's file is an overlay: its entries replace or extend the shipped ones field by field, and
the result is checked whole, each error pointing into the file that holds the bad value.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from wartable.engine.errors import OptionError, WartableError

DataPath = tuple[str | int, ...]
T = TypeVar("T")


class DataError(WartableError):
    """A bad component file: ``file:line: field: what is wrong``."""

    def __init__(self, file: str, line: int, field_path: str, message: str) -> None:
        self.file, self.line, self.field, self.message = file, line, field_path, message
        super().__init__(f"{file}:{line}: {field_path}: {message}")


class _Bad(Exception):
    pass


class Field:
    """A value's type and bounds; `check` returns nothing or raises `_Bad` with the reason."""

    def check(self, value: Any) -> None:
        raise NotImplementedError

    def refs(self, value: Any) -> Iterable[tuple[DataPath, str, Any]]:
        """(path within the value, table, key) of every reference it makes to another table."""
        return ()


@dataclass
class Int(Field):
    min: int | None = None
    max: int | None = None

    def check(self, value: Any) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise _Bad(f"must be a whole number, got {value!r}")
        if self.min is not None and value < self.min:
            raise _Bad(f"must be at least {self.min}, got {value}")
        if self.max is not None and value > self.max:
            raise _Bad(f"must be at most {self.max}, got {value}")


@dataclass
class Float(Field):
    """A real number (a whole number is accepted too)."""

    min: float | None = None
    max: float | None = None

    def check(self, value: Any) -> None:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise _Bad(f"must be a number, got {value!r}")
        if self.min is not None and value < self.min:
            raise _Bad(f"must be at least {self.min}, got {value}")
        if self.max is not None and value > self.max:
            raise _Bad(f"must be at most {self.max}, got {value}")


@dataclass
class Str(Field):
    choices: tuple[str, ...] = ()
    pattern: str | None = None

    def check(self, value: Any) -> None:
        if not isinstance(value, str):
            raise _Bad(f"must be text, got {value!r}")
        if self.choices and value not in self.choices:
            raise _Bad(f"must be one of {', '.join(self.choices)}; got {value!r}")
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise _Bad(f"{value!r} is not of the form {self.pattern}")


class Bool(Field):
    def check(self, value: Any) -> None:
        if not isinstance(value, bool):
            raise _Bad(f"must be true or false, got {value!r}")


class Names(Field):
    """A name in both languages: ``{ ja = "…", en = "…" }``."""

    def check(self, value: Any) -> None:
        if not isinstance(value, dict) or set(value) != {"ja", "en"}:
            raise _Bad('must be { ja = "…", en = "…" }')
        for lang in ("ja", "en"):
            if not isinstance(value[lang], str) or not value[lang].strip():
                raise _Bad(f"the {lang} name must be non-empty text")


class Source(Field):
    """Where a value comes from: the rulebook, or a reconstruction with its reason."""

    def check(self, value: Any) -> None:
        if not isinstance(value, str) or not re.match(r"(rule \S|reconstructed: \S)", value):
            raise _Bad('must start with "rule <number>" or "reconstructed: <reason>"')


@dataclass
class Ref(Field):
    """The key of an entry in another table, or a value from a set the game computes."""

    table: str

    def check(self, value: Any) -> None:
        if not isinstance(value, str):
            raise _Bad(f"must be the name of an entry of [{self.table}], got {value!r}")

    def refs(self, value: Any) -> Iterable[tuple[DataPath, str, Any]]:
        yield (), self.table, value


@dataclass
class ListOf(Field):
    item: Field
    min_len: int = 0
    max_len: int | None = None

    def check(self, value: Any) -> None:
        if not isinstance(value, list):
            raise _Bad(f"must be a list, got {value!r}")
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            bound = self.min_len if self.max_len is None else f"{self.min_len}-{self.max_len}"
            raise _Bad(f"must have {bound} items, got {len(value)}")
        for i, item in enumerate(value):
            try:
                self.item.check(item)
            except _Bad as bad:
                raise _Bad(f"item {i + 1}: {bad}") from None

    def refs(self, value: Any) -> Iterable[tuple[DataPath, str, Any]]:
        for i, item in enumerate(value):
            for path, table, key in self.item.refs(item):
                yield (i, *path), table, key


@dataclass
class MapOf(Field):
    """A table of free keys to values of one kind (e.g. place -> count)."""

    value: Field
    key: Field = field(default_factory=Str)

    def check(self, value: Any) -> None:
        if not isinstance(value, dict):
            raise _Bad(f"must be a table, got {value!r}")
        for k, v in value.items():
            try:
                self.key.check(k)
                self.value.check(v)
            except _Bad as bad:
                raise _Bad(f"{k}: {bad}") from None

    def refs(self, value: Any) -> Iterable[tuple[DataPath, str, Any]]:
        for k, v in value.items():
            for _, table, key in self.key.refs(k):
                yield (k,), table, key
            for path, table, key in self.value.refs(v):
                yield (k, *path), table, key


@dataclass
class Entry:
    """A TOML table with known fields; `required` fields must be present."""

    fields: dict[str, Field]
    required: frozenset[str] = frozenset()
    sourced: bool = True  # every entry says where its values come from


@dataclass
class Schema:
    """A game's data: single tables (`one`), tables of named entries (`many`), plain values."""

    one: dict[str, Entry] = field(default_factory=dict)
    many: dict[str, Entry] = field(default_factory=dict)
    values: dict[str, Field] = field(default_factory=dict)
    # game-specific checks across tables: yield (path, message)
    extra: Callable[[dict[str, Any]], Iterable[tuple[DataPath, str]]] | None = None
    # values of reference kinds that are not tables (e.g. "hex" -> the hexes on the map)
    domains: Callable[[dict[str, Any]], dict[str, set[Any]]] | None = None


def problems(doc: dict[str, Any], schema: Schema) -> list[tuple[DataPath, str]]:
    """Every problem of a whole data set, as (path, message), in file order."""
    found: list[tuple[DataPath, str]] = []
    for key, value in doc.items():
        if key in schema.values:
            _check_field(schema.values[key], value, (key,), found)
        elif key in schema.one:
            _check_entry(schema.one[key], value, (key,), found)
        elif key in schema.many:
            if not isinstance(value, dict):
                found.append(((key,), "must be a table of named entries"))
                continue
            for name, entry in value.items():
                _check_entry(schema.many[key], entry, (key, name), found)
        else:
            found.append(((key,), f"unknown field (known: {', '.join(_known(schema))})"))
    for key in [*schema.values, *schema.one, *schema.many]:
        if key not in doc:
            found.append(((key,), "missing"))
    if not found:
        found.extend(_reference_problems(doc, schema))
    if not found and schema.extra is not None:
        found.extend(schema.extra(doc))
    return found


def _known(schema: Schema) -> list[str]:
    return sorted([*schema.values, *schema.one, *schema.many])


def _check_field(
    kind: Field, value: Any, path: DataPath, found: list[tuple[DataPath, str]]
) -> None:
    try:
        kind.check(value)
    except _Bad as bad:
        found.append((path, str(bad)))


def _check_entry(
    entry: Entry, value: Any, path: DataPath, found: list[tuple[DataPath, str]]
) -> None:
    if not isinstance(value, dict):
        found.append((path, "must be a table"))
        return
    fields = {**entry.fields, "source": Source()} if entry.sourced else entry.fields
    for name, item in value.items():
        if name not in fields:
            found.append(((*path, name), f"unknown field (known: {', '.join(sorted(fields))})"))
        else:
            _check_field(fields[name], item, (*path, name), found)
    required = entry.required | ({"source"} if entry.sourced else set())
    for name in sorted(required - set(value)):
        found.append(((*path, name), "missing"))


def _reference_problems(doc: dict[str, Any], schema: Schema) -> Iterable[tuple[DataPath, str]]:
    domains = schema.domains(doc) if schema.domains else {}

    def known(table: str) -> set[Any]:
        return domains[table] if table in domains else set(doc.get(table, {}))

    def walk(kind: Field, value: Any, path: DataPath) -> Iterable[tuple[DataPath, str]]:
        for sub, table, key in kind.refs(value):
            if key not in known(table):
                yield (*path, *sub), f"{key!r} is not a known {table} entry"

    for key, kind in schema.values.items():
        yield from walk(kind, doc[key], (key,))
    for key, entry in schema.one.items():
        for name, kind in entry.fields.items():
            if name in doc[key]:
                yield from walk(kind, doc[key][name], (key, name))
    for key, entry in schema.many.items():
        for entry_name, value in doc[key].items():
            for name, kind in entry.fields.items():
                if name in value:
                    yield from walk(kind, value[name], (key, entry_name, name))


def merge(base: dict[str, Any], overlay: dict[str, Any]) -> dict[str, Any]:
    """`base` with `overlay` laid over it: tables merge key by key, other values replace."""
    out = dict(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def locate(text: str, path: DataPath) -> int:
    """The line of `text` (a TOML file) that defines `path`, or of its nearest enclosing table."""
    header: DataPath = ()
    arrays: dict[DataPath, int] = {}
    best_line, best_depth = 1, -1
    key_re = re.compile(r"""\s*(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))\s*=""")
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("[["):
            name = _split_key(stripped[2 : stripped.find("]]")])
            arrays[name] = arrays.get(name, -1) + 1
            header = (*name, arrays[name])
            candidate: DataPath = header
        elif stripped.startswith("["):
            header = _split_key(stripped[1 : stripped.find("]")])
            candidate = header
        else:
            match = key_re.match(line)
            if not match:
                continue
            candidate = (*header, next(g for g in match.groups() if g is not None))
        if len(candidate) > best_depth and path[: len(candidate)] == candidate:
            best_line, best_depth = lineno, len(candidate)
    return best_line


def _split_key(text: str) -> DataPath:
    return tuple(part.strip().strip("\"'") for part in text.split("."))


def path_text(path: DataPath) -> str:
    return ".".join(str(p) for p in path) or "(file)"


@dataclass
class DataFile:
    """A parsed TOML file with its text, for naming lines in errors."""

    name: str
    text: str
    doc: dict[str, Any]

    @classmethod
    def read(cls, path: str | Path) -> DataFile:
        name = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise DataError(name, 0, "(file)", f"cannot read: {error.strerror}") from error
        except UnicodeDecodeError as error:
            raise DataError(name, 1, "(file)", "not UTF-8 text") from error
        return cls.parse(name, text)

    @classmethod
    def parse(cls, name: str, text: str) -> DataFile:
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            found = re.search(r"line (\d+)", str(error))
            line = int(found.group(1)) if found else 1
            raise DataError(name, line, "(syntax)", str(error)) from error
        return cls(name, text, doc)

    def has(self, path: DataPath) -> bool:
        node: Any = self.doc
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return False
        return True


def load(schema: Schema, shipped: DataFile, overlay: DataFile | None = None) -> dict[str, Any]:
    """The checked data set: `shipped` with `overlay` over it. Raises `DataError` for the first
    problem, in the file that holds the offending value."""
    doc = shipped.doc if overlay is None else merge(shipped.doc, overlay.doc)
    found = problems(doc, schema)
    if found:
        path, message = found[0]
        source = overlay if overlay is not None and _owns(overlay, path) else shipped
        raise DataError(source.name, locate(source.text, path), path_text(path), message)
    return doc


def _owns(file: DataFile, path: DataPath) -> bool:
    """Whether `file` holds `path` or, for a missing field, the entry that lacks it."""
    return file.has(path) or (len(path) > 1 and file.has(path[:-1]))


class ComponentSet(Generic[T]):
    """A game's components: the shipped file, built once, and any set of printed values laid
    over it (the game's ``data`` option), each checked by the schema and built once."""

    def __init__(self, schema: Schema, path: Path, build: Callable[[dict[str, Any]], T]) -> None:
        self.schema, self.path, self.build = schema, path, build
        self._built: dict[str, T] = {}

    def shipped(self) -> DataFile:
        return DataFile.read(self.path)

    def load_file(self, path: str | Path) -> T:
        """The components with a user's file of printed values laid over the shipped one;
        `DataError` names the file, line and field of the first problem."""
        return self.build(load(self.schema, self.shipped(), DataFile.read(path)))

    def get(self, overlay: dict[str, Any]) -> T:
        """The components with `overlay` laid over the shipped file; `OptionError` names the
        first bad field of the overlay."""
        key = json.dumps(overlay, sort_keys=True) if overlay else ""
        if key not in self._built:
            shipped = self.shipped()
            if not overlay:
                self._built[key] = self.build(load(self.schema, shipped))
            else:
                doc = merge(shipped.doc, overlay)
                found = problems(doc, self.schema)
                if found:
                    path, message = found[0]
                    raise OptionError(f"option data: {path_text(path)}: {message}")
                self._built[key] = self.build(doc)
        return self._built[key]
