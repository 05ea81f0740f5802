"""Each game's action enumeration and observation encoding (docs/environments.md)."""

from __future__ import annotations

import numpy as np
import pytest

from env.support import game_ids, random_play
from wartable.env import encoding
from wartable.env.spaces import ActionIndexError
from wartable.games.votoms.components import components


@pytest.mark.parametrize("game_id", game_ids())
def test_every_legal_action_has_its_own_index(game_id: str) -> None:
    """Two random games to the end: each legal action gets an index of its own, the index
    gives the action back, and the observation stays in its fixed box."""
    enc = encoding(game_id)
    kinds_seen = set()
    for seed in (1, 2):
        for table, seat in random_play(game_id, seed, steps=None):
            legal = table.game.legal_actions(seat)
            indexed = table.legal(seat)
            assert len(indexed) == len(legal)
            assert all(0 <= i < enc.actions.n for i in indexed)
            for i, action in indexed.items():
                assert table.action(seat, i) == action
                kinds_seen.add(enc.actions.kind_of(i).keys)
            mask = table.mask(seat)
            assert mask.dtype == np.int8 and mask.sum() == len(legal)
            obs = table.observation(seat)
            assert obs.shape == (enc.layout.size,) and obs.dtype == np.float32
            assert obs.min() >= 0 and obs.max() <= 1
        low, high = enc.score_bounds
        assert all(low <= s <= high for s in table.scores().values())
    assert len(kinds_seen) > 2


@pytest.mark.parametrize("game_id", game_ids())
def test_the_kinds_cover_the_space_once(game_id: str) -> None:
    space = encoding(game_id).actions
    ends = [kind.offset + kind.size for kind in space.kinds]
    assert [k.offset for k in space.kinds] == [0, *ends[:-1]] and ends[-1] == space.n
    assert len({frozenset(k.keys) for k in space.kinds}) == len(space.kinds)
    for i in (0, space.n // 2, space.n - 1):
        assert space.kind_of(i).keys[0] in space.describe(i)
    with pytest.raises(ValueError):
        space.describe(space.n)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_layout_tiles_the_observation(game_id: str) -> None:
    layout = encoding(game_id).layout
    assert [p.name for p in layout.parts][:2] == ["you", "to_act"]
    assert sum(p.size for p in layout.parts) == layout.size
    assert len({p.name for p in layout.parts}) == len(layout.parts)


def test_an_action_outside_the_enumeration_is_an_error() -> None:
    enc = encoding("skirmish")
    with pytest.raises(ActionIndexError, match="no kind of action"):
        enc.actions.index({"fly": "r1"}, None)
    with pytest.raises(ActionIndexError, match="cannot enumerate"):
        enc.actions.index({"move": "r9", "to": "A1"}, None)


def test_skirmish_indices_are_mixed_radix_over_sorted_keys() -> None:
    """`move, to`: 6 units x 12 hexes first; then the stances, pass, defend."""
    space = encoding("skirmish").actions
    assert space.n == 6 * 12 + 2 + 1 + 6
    assert space.index({"move": "r1", "to": "A1"}, None) == 0
    assert space.index({"to": "B1", "move": "r2"}, None) == 1 * 12 + 3
    assert space.index({"stance": "defend"}, None) == 73
    assert space.describe(73) == 'stance="defend"'
    assert space.index({"defend": "b3"}, None) == space.n - 1


def test_votoms_names_counters_by_slot_and_steps_by_direction() -> None:
    """Merc's counters take the first slots in id order, Bieler's the next; a move is the
    counter's slot and the compass direction of its step."""
    enc = encoding("votoms")
    for table, seat in random_play("votoms", 4):
        legal = table.legal(seat)
        moves = {i: a for i, a in legal.items() if "move" in a}
        if moves:
            break
    board = table.view(seat)["board"]
    mine = [u for u in board["units"] if u["side"] == seat]
    grid = components({}).grid
    for i, action in moves.items():
        slot, direction = divmod(i, 6)
        unit = mine[slot - enc.offset[seat]]
        assert unit["id"] == action["move"]
        assert grid.direction(unit["hex"], action["to"]) == grid.directions[direction]


def test_silhouette_names_an_item_by_its_lowest_cell() -> None:
    enc = encoding("silhouette")
    for table, seat in random_play("silhouette", 3):
        attacks = {i: a for i, a in table.legal(seat).items() if a["do"] == "attack"}
        if attacks:
            break
    cells = table.view(seat)["board"]["machines"][seat]["cells"]
    for i, action in attacks.items():
        described = enc.actions.describe(i)
        if action["weapon"] == "ram":
            assert 'weapon="ram"' in described or "weapon=ram" in described
            continue
        own = [k for k, c in cells.items() if c["inst"] == action["weapon"]]
        lowest = min(own, key=lambda k: tuple(map(int, k.split("-"))))
        assert f"weapon={lowest}" in described


def test_encodings_follow_the_options() -> None:
    """Silhouette's team play has four seats and more machines to target."""
    versus, team = encoding("silhouette"), encoding("silhouette", mode="team")
    assert team.players == ("a1", "b1", "a2", "b2")
    assert team.actions.n > versus.actions.n and team.layout.size > versus.layout.size
    assert encoding("silhouette") is versus
