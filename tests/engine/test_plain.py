"""Plain-data helpers: the deep copy every clone and determinized copy makes of a state."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from wartable.engine.plain import copy_plain

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=40,
)


def containers(value: Any) -> list[Any]:
    """Every dict and list inside `value`, itself included."""
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in containers(v))]
    return []


@given(json_values)
def test_a_copy_is_equal_and_shares_no_dict_or_list(value: Any) -> None:
    copy = copy_plain(value)
    assert copy == value
    originals = {id(c) for c in containers(value)}
    assert not originals & {id(c) for c in containers(copy)}


def test_flat_and_nested_containers_are_copied_alike() -> None:
    state = {"units": {"u1": {"hex": "A01", "up": False}}, "cups": [["a", "b"], []], "turn": 3}
    copy = copy_plain(state)
    copy["units"]["u1"]["hex"] = "B02"
    copy["cups"][0].append("c")
    copy["cups"][1].append("d")
    assert state == {
        "units": {"u1": {"hex": "A01", "up": False}},
        "cups": [["a", "b"], []],
        "turn": 3,
    }
    shared = (1, 2)  # not JSON, but immutable: shared, as every other non-container value
    assert copy_plain({"t": shared})["t"] is shared
