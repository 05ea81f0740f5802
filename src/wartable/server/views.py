"""Views as JSON text: built once per table version and seat, and patches between them.

After every change each page gets the view of each seat it holds. A view is a few KB to tens
of KB of JSON (a VOTOMS map, a card catalogue, the legal actions with their words), and most
of it is the same as the view before. So a seat's view is kept as the texts of its parts (a
`Node` tree, below), built once per version of its table whatever the number of pages that
show it, and:

- a part that is the same as in the seat's previous view (its `marshal` bytes are equal: same
  values, same types, same order) keeps its text instead of being encoded again;
- a page that said it can apply patches (``"patches": true`` in its hello) gets, after its
  first view of a seat, only what changed (`patch`: the parts that differ, with their paths,
  so never much longer than the view itself).

The tree: the view's keys, then the keys of each dict under them (``board``'s), are split
(`SPLIT_DEPTH`); a list at a split place with `SPLIT_LIST` items or more is kept as its items'
texts (units, legal actions); everything else is one text. A view never leaves this module as
live data: it is turned into text under the table's lock, so what a game changes later (a view
may share dicts with the game's state) never reaches a page that was not sent it.

A patch is a JSON list of operations, applied in order to the previous view of that seat:

- ``[path, value]``: set the value at `path` (a list of keys and list indices; ``[]`` is the
  whole view);
- ``[path]``: delete the key at `path`;
- ``[path, start, count, items]``: in the list at `path`, replace `count` items from `start`
  with `items` (JavaScript's ``list.splice(start, count, ...items)``).
"""

from __future__ import annotations

import gc
import json
import marshal
import operator
from collections.abc import Callable
from itertools import compress, count
from json import encoder as json_encoder
from typing import Any, TypeAlias, TypeGuard

# A part of a view as text (a tree of texts, immutable, so that once the garbage collector has
# seen it, it never walks it again):
# - one JSON text (a short value);
# - `Memo`: a long value's text and its marshal bytes (the text is kept while they match);
# - `Items`: a long list as its items' marshal bytes and texts (an item keeps its text while
#   its bytes match one of the list's before; no bytes if the items are not plain data);
# - a dict of parts (the view's keys, the board's).
Memo: TypeAlias = "tuple[bytes, str]"
Items: TypeAlias = "tuple[tuple[bytes, ...], tuple[str, ...]]"
Leaf: TypeAlias = "str | Memo"
Node: TypeAlias = "str | Memo | Items | dict[str, Node]"

SPLIT_DEPTH = 2  # the view's keys, and the keys of the dicts under them
SPLIT_LIST = 8  # a list of at least this many items at a split place: kept item by item
MEMO_MIN = 384  # a text at least this long is kept with its value's marshal bytes


def _refuse(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _make_encoder() -> Callable[[Any], str]:
    """The fastest exact equivalent of ``json.dumps(value, ensure_ascii=False,
    separators=(",", ":"))``: the C encoder made once (`json.dumps` makes one per call)."""
    make = getattr(json_encoder, "c_make_encoder", None)
    if make is not None:
        try:
            c_encode = make(
                None, _refuse, json_encoder.encode_basestring, None, ":", ",", False, False, True
            )
            c_encode({"a": [1, 2.5, None, True, "é"]}, 0)
        except TypeError:  # pragma: no cover - another Python's C encoder
            pass
        else:

            def encode(value: Any, _c: Any = c_encode, _join: Any = "".join) -> str:
                return str(_join(_c(value, 0)))

            return encode
    slow = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # pragma: no cover
    return slow.encode  # pragma: no cover


encode = _make_encoder()
"""One value as compact JSON text, non-ASCII kept (as ``json.dumps`` would write it)."""


_encode_str = json_encoder.encode_basestring  # a str as JSON, non-ASCII kept
_CONTAINERS = (dict, list)


class Same:
    """The long texts of the containers met while the views of one version of a table are
    built, by identity. The state does not change within a version (it changes under the
    table's lock, and the version with it), and building one seat's view never changes what
    another seat's view holds (tests/server/test_speed_views.py checks every game), so a dict
    that several seats' views share (a game's static catalogue, a part of the state shown as
    it is) is checked or turned into text once per version. Only a dict already met in the
    version before is kept (with a reference, so that its id stays its own): one made afresh
    for each view would be kept alive for nothing."""

    __slots__ = ("kept", "met", "version", "was_met")

    def __init__(self) -> None:
        self.version = -1
        self.kept: dict[int, tuple[Any, Leaf]] = {}
        self.met: set[int] = set()  # ids of the long containers met in this version
        self.was_met: set[int] = set()  # and in the version before

    def start(self, version: int) -> None:
        if version != self.version:
            self.version, self.kept = version, {}
            self.was_met, self.met = self.met, set()


def build(value: Any, old: Node | None = None, same: Same | None = None, depth: int = 0) -> Node:
    """`value` as a tree of texts, reusing the texts of `old` (the seat's previous view)
    where the value is the same, and those in `same` (this version's, by identity)."""
    kind = type(value)
    if depth < SPLIT_DEPTH and kind is dict and {*map(type, value)} <= {str}:
        previous: Any = old if type(old) is dict else {}
        return {k: build(v, previous.get(k), same, depth + 1) for k, v in value.items()}
    if kind is str:
        return _encode_str(value)
    if kind is int:
        return int.__repr__(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if depth and kind is list and len(value) >= SPLIT_LIST:
        return _items(value, old)
    if same is None or kind not in _CONTAINERS:
        return _leaf(value, old)
    key = id(value)
    known = same.kept.get(key)
    if known is not None and known[0] is value:
        return known[1]
    leaf = _leaf(value, old)
    if type(leaf) is tuple:  # a long text: worth keeping for the other seats
        if key in same.was_met:
            same.kept[key] = (value, leaf)
        same.met.add(key)
    return leaf


def _is_items(node: Node | None) -> TypeGuard[Items]:
    return type(node) is tuple and type(node[0]) is tuple


def _items(value: list[Any], old: Node | None) -> Items:
    """A long list item by item; an item the same as one of `old`'s keeps its text."""
    try:
        keys = tuple([marshal.dumps(item, 2) for item in value])  # (2: no reference table)
    except ValueError:  # not plain data: every item encoded, none reused
        return (), tuple([encode(item) for item in value])
    if not _is_items(old) or not old[0]:
        return keys, tuple([encode(item) for item in value])
    before, texts = old
    if keys == before:
        return old
    # Items usually change in one place (a unit moved, a few legal actions replaced): the
    # items before and after it keep their places and texts; the others are looked for among
    # the old ones in between (no hashing of the whole list).
    shortest = min(len(keys), len(before))
    head = next(compress(count(), map(operator.ne, keys, before)), shortest)
    tail = next(compress(count(), map(operator.ne, reversed(keys), reversed(before))), shortest)
    tail = min(tail, shortest - head)
    known = dict(
        zip(before[head : len(before) - tail], texts[head : len(texts) - tail], strict=True)
    )
    middle: list[str] = []
    for key, item in zip(
        keys[head : len(keys) - tail], value[head : len(keys) - tail], strict=True
    ):
        text = known.get(key)
        middle.append(encode(item) if text is None else text)
    return keys, texts[:head] + tuple(middle) + texts[len(texts) - tail :]


def _leaf(value: Any, old: Node | None) -> Leaf:
    """A value as one text; a long one is kept with its marshal bytes, and keeps its text
    while they stay the same (checking them is several times quicker than writing it)."""
    if type(old) is tuple and type(old[0]) is bytes:
        try:
            key = marshal.dumps(value)
        except ValueError:  # not plain data: never kept, always written
            return encode(value)
        if key == old[0]:
            return old
        text = encode(value)
    else:
        text = encode(value)
        if len(text) < MEMO_MIN:
            return text
        try:
            key = marshal.dumps(value)
        except ValueError:
            return text
    return (key, text)


def text_of(node: Node) -> str:
    """The JSON text of a tree (of a whole view, or of one of its parts)."""
    if isinstance(node, str):
        return node
    if isinstance(node, dict):
        return "{" + ",".join([f"{_encode_str(k)}:{text_of(v)}" for k, v in node.items()]) + "}"
    if _is_items(node):
        return "[" + ",".join(node[1]) + "]"
    return node[1]  # type: ignore[return-value]


def _text(leaf: Node) -> str:
    return leaf if isinstance(leaf, str) else leaf[1]  # type: ignore[index, return-value]


# -- patches -------------------------------------------------------------------------------


def patch(old: Node, new: Node) -> str:
    """The JSON text of the operations that turn the view `old` into `new`."""
    ops: list[str] = []
    _diff(old, new, [], ops)
    return "[" + ",".join(ops) + "]"


def _set(path: list[str | int], text: str) -> str:
    return f"[{encode(path)},{text}]"


def _diff(old: Node, new: Node, path: list[str | int], ops: list[str]) -> None:
    if old is new:
        return
    if isinstance(new, dict):
        if not isinstance(old, dict):
            ops.append(_set(path, text_of(new)))
            return
        for key, child in new.items():
            was = old.get(key)
            if was is child:
                continue
            if was is None:
                ops.append(_set([*path, key], text_of(child)))
            elif type(child) is str and type(was) is str:  # a short value (the most of them)
                if was != child:
                    ops.append(_set([*path, key], child))
            else:
                _diff(was, child, [*path, key], ops)
        ops.extend(f"[{encode([*path, key])}]" for key in old if key not in new)
        return
    if _is_items(new):
        if not _is_items(old):
            ops.append(_set(path, text_of(new)))
            return
        _diff_list(old[1], new[1], path, ops)
        return
    text = _text(new)
    if isinstance(old, dict) or _is_items(old) or _text(old) != text:
        ops.append(_set(path, text))


def _diff_list(
    old: tuple[str, ...], new: tuple[str, ...], path: list[str | int], ops: list[str]
) -> None:
    if old == new:
        return
    if len(old) == len(new):
        changed = list(compress(count(), map(operator.ne, old, new)))
        if len(changed) * 2 <= len(new):
            ops.extend(_set([*path, i], new[i]) for i in changed)
            return
    # the items before and after the part that changed stay; the rest is replaced
    shortest = min(len(old), len(new))
    head = next(compress(count(), map(operator.ne, old, new)), shortest)
    tail = next(compress(count(), map(operator.ne, reversed(old), reversed(new))), shortest)
    tail = min(tail, shortest - head)
    items = ",".join(new[head : len(new) - tail])
    if head == 0 and tail == 0:
        ops.append(_set(path, f"[{items}]"))
    else:
        ops.append(f"[{encode(path)},{head},{len(old) - head - tail},[{items}]]")


def apply_patch(view: Any, operations: list[list[Any]]) -> Any:
    """`view` changed by a patch's operations (in place where it can be); what a page does
    with a patch, in Python (the tests and the load benchmark use it)."""
    for op in operations:
        path = op[0]
        if len(op) == 4:
            target = view
            for key in path:
                target = target[key]
            target[op[1] : op[1] + op[2]] = op[3]
            continue
        if not path:
            view = op[1]
            continue
        target = view
        for key in path[:-1]:
            target = target[key]
        if len(op) == 1:
            del target[path[-1]]
        else:
            target[path[-1]] = op[1]
    return view


# -- one seat's view at one version ----------------------------------------------------------


class SeatView:
    """One seat's view (None: a spectator's) at one version of its table, as text only."""

    __slots__ = ("_text", "events", "moves", "patches", "seat", "tree", "version")

    def __init__(self, seat: str | None, version: int, moves: int, events: int, tree: Node) -> None:
        self.seat = seat
        self.version = version
        self.moves = moves
        self.events = events  # the log's length at this version
        self.tree = tree
        self._text: str | None = None
        self.patches: dict[int, str] = {}  # by the version of the view they start from

    @property
    def text(self) -> str:
        """The whole view's JSON text."""
        if self._text is None:
            self._text = text_of(self.tree)
        return self._text

    def patch_from(self, base: SeatView) -> str:
        """The patch from `base` (an earlier view of the same seat) to this one."""
        text = self.patches.get(base.version)
        if text is None:
            text = patch(base.tree, self.tree)
            if len(self.patches) >= 4:
                self.patches.clear()
            self.patches[base.version] = text
        return text


class ViewCache:
    """The latest view of each seat of one table; a seat's view is built at most once per
    version of the table (the caller holds the table's lock, so the state is stored)."""

    __slots__ = ("latest", "same")

    def __init__(self) -> None:
        self.latest: dict[str | None, SeatView] = {}
        self.same = Same()

    def get(
        self,
        seat: str | None,
        version: int,
        build_view: Callable[[], dict[str, Any]],
        moves: int,
        events: int,
    ) -> SeatView:
        current = self.latest.get(seat)
        if current is not None and current.version == version:
            return current
        self.same.start(version)
        # A view is thousands of short-lived dicts (freed as soon as it is text): no garbage
        # collector pass while it is built, each of which would walk them all.
        collecting = gc.isenabled()
        gc.disable()
        try:
            tree = build(build_view(), current.tree if current is not None else None, self.same)
        finally:
            if collecting:
                gc.enable()
        seen = SeatView(seat, version, moves, events, tree)
        self.latest[seat] = seen
        return seen

    def clear(self) -> None:
        self.latest.clear()
        self.same = Same()
