"""The determinized copy a search plays on (the engine's `Game.determinized`): what a seat
sees of the other side's sheets stays (their outline, damage and revealed cells, S1.1 "the
Target", rulings G17 and G22), the rest is re-drawn as a legal sheet, and the copy depends only
on what the seat knows."""

from __future__ import annotations

import json
from typing import Any

import pytest

import wartable
from wartable.agents import RandomAgent
from wartable.engine import Game
from wartable.games.silhouette.components import components
from wartable.games.silhouette.determinize import layout
from wartable.games.silhouette.grid import joined, parse_key
from wartable.games.silhouette.physics import STANDS_BELOW, CellState, Profile, lean
from wartable.games.silhouette.state import comp

from .helpers import MINE, C, act, attack, end_turn, machine, new

SECRET = ("item", "part", "inst")


def without_undo(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "can_undo"}


def unknown(game: Game, seat: str, mid: str) -> list[str]:
    """The cells of `mid` whose printed item `seat` has not seen."""
    seen = game.view(seat)["board"]["machines"][mid]["cells"]
    return sorted(key for key, c in seen.items() if "item" not in c)


def drawn(game: Game, mid: str, keys: list[str]) -> list[tuple[str, str, str]]:
    cells = machine(game, mid)["cells"]
    return [(cells[k]["item"], cells[k]["part"], cells[k]["inst"]) for k in keys]


def positions(options: dict[str, Any], seed: int, every: int = 4) -> list[Game]:
    """Positions of one seeded game between random players, every few actions."""
    game = new(seed=seed, **options)
    agents = {p: RandomAgent(seed + n) for n, p in enumerate(game.players)}
    found = []
    while not game.over:
        if len(game.actions) % every == 0:
            found.append(game.clone())
        seat = game.to_act[0]
        game.apply(seat, agents[seat].choose(game.view(seat)))
    return found


MODES: list[dict[str, Any]] = [
    {"mode": "versus"},
    {"mode": "team"},
    {"mode": "solo"},
    {"mode": "coop", "robots": {"pilot1": "raiden"}},
    {"mode": "versus", "data": MINE, "robots": {"p1": "brawler", "p2": "kite"}},
]


@pytest.mark.parametrize("options", MODES, ids=["versus", "team", "solo", "coop", "drawn"])
def test_g17_the_copy_shows_each_seat_exactly_its_view_and_its_actions(
    options: dict[str, Any],
) -> None:
    for n, game in enumerate(positions(options, seed=11)):
        for seat in game.players:
            copy = game.determinized(seat, seed=n)
            assert without_undo(copy.view(seat)) == without_undo(game.view(seat))
            if seat in game.to_act:
                assert copy.legal_actions(seat) == game.legal_actions(seat)


@pytest.mark.parametrize("options", MODES, ids=["versus", "team", "solo", "coop", "drawn"])
def test_g17_a_copy_of_a_copy_is_the_copy_the_seat_would_get(options: dict[str, Any]) -> None:
    """The copy depends only on what the seat knows: re-drawing a copy gives what re-drawing
    the real game gives with the same seed."""
    for n, game in enumerate(positions(options, seed=12, every=7)):
        for seat in game.players:
            once = game.determinized(seat, seed=n + 100)
            twice = game.determinized(seat, seed=n).determinized(seat, seed=n + 100)
            assert twice.fingerprint() == once.fingerprint()


def test_g17_the_other_sides_unrevealed_cells_are_drawn_anew_for_each_seed() -> None:
    game = new(robots={"p1": "hien", "p2": "kagerou"})
    hidden = unknown(game, "p1", "p2")
    draws = {json.dumps(drawn(game.determinized("p1", s), "p2", hidden)) for s in range(8)}
    assert len(draws) == 8
    assert drawn(game.determinized("p1", 0), "p1", list(machine(game, "p1")["cells"])) == drawn(
        game, "p1", list(machine(game, "p1")["cells"])
    )  # its own sheet is the seat's to see (G22)


def test_g22_a_side_sees_its_own_sheets_and_a_design_it_plays_itself() -> None:
    """Team-mates' sheets are kept whole; a design the seat's side also plays is the same
    sheet, so the other side's machine of it is known too."""
    team = new(mode="team")
    copy = team.determinized("a1", seed=3)
    assert machine(copy, "a2") == machine(team, "a2")
    mirror = new(robots={"p1": "hien", "p2": "hien"})
    assert machine(mirror.determinized("p1", seed=3), "p2") == machine(mirror, "p2")


def test_g17_a_revealed_cell_keeps_what_it_showed() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [4, 6])  # Hien's beam rifle (4-6 and 5-6) loses a cell
    assert machine(game, "p2")["cells"]["4-6"]["gone"] == "destroyed"
    for seed in range(10):
        copy = game.determinized("p1", seed)
        assert drawn(copy, "p2", ["4-6"]) == [("beam_rifle", "r", "rB")]


def test_s6_1_a_two_cell_item_seen_in_part_is_completed_by_a_touching_cell_of_its_part() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [4, 6])
    touching = ("5-5", "5-6", "4-5")
    for seed in range(10):
        cells = machine(game.determinized("p1", seed), "p2")["cells"]
        rest = [k for k, c in cells.items() if c["inst"] == "rB" and k != "4-6"]
        assert len(rest) == 1 and rest[0] in touching
        assert (cells[rest[0]]["item"], cells[rest[0]]["part"]) == ("beam_rifle", "r")


def test_s6_5_a_part_is_kept_while_it_has_not_come_off_and_never_drawn_once_it_has() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [6, 3])  # the head's machine gun: part h is not all gone
    hidden = unknown(game, "p1", "p2")
    for seed in range(10):
        parts = [part for _, part, _ in drawn(game.determinized("p1", seed), "p2", hidden)]
        assert "h" in parts
    end_turn(game)
    attack(game, "5-2", "p2", [6, 4])
    assert machine(game, "p2")["parts_gone"] == ["h"]  # the whole head came off
    hidden = unknown(game, "p1", "p2")
    for seed in range(10):
        parts = [part for _, part, _ in drawn(game.determinized("p1", seed), "p2", hidden)]
        assert "h" not in parts


def sheet_of(copy: Game, mid: str) -> dict[str, Any]:
    """The re-drawn machine as a data file would draw it, with a name for each part."""
    m = machine(copy, mid)
    cells = {k: (c["item"], c["part"], c["inst"]) for k, c in m["cells"].items()}
    return {
        "name": m["name"],
        "kind": "unit" if m["unit"] else "silhouette",
        "layout": layout(comp(copy.state), cells),
        "parts": {p: {"ja": p, "en": p} for _, p, _ in cells.values()},
        "links": [" ".join(link) for link in m["links"]],
        "source": "reconstructed: a test",
    }


@pytest.mark.parametrize("options", MODES, ids=["versus", "team", "solo", "coop", "drawn"])
def test_s6_1_s10_every_re_drawn_sheet_is_a_legal_robot(options: dict[str, Any]) -> None:
    """One core (S10 ①), several-cell items on touching cells, every cell joined to the core
    (S6.1), standing intact (S10 ③): the data file's own checks accept each re-drawn sheet."""
    game = new(seed=5, **options)
    seat = game.players[0]
    side = machine(game, seat)["side"]
    for seed in range(6):
        copy = game.determinized(seat, seed)
        robots = {
            f"drawn_{mid}": sheet_of(copy, mid)
            for mid, m in copy.state["machines"].items()
            if m["side"] != side
        }
        assert set(components({"robots": robots}).robots) >= set(robots)


def test_g22_a_robot_drawn_in_the_other_sides_file_leaves_no_trace_in_the_copy() -> None:
    game = new(data=MINE, robots={"p1": "brawler", "p2": "kite"})
    real = MINE["robots"]["kite"]
    layouts = set()
    for seed in range(6):
        copy = game.determinized("p1", seed)
        assert "kite" not in copy.options["data"]["robots"]
        sheet = copy.state["data"]["robots"]["kite"]  # the copy's belief, a legal sheet
        assert components(copy.state["data"]).robots["kite"].weight == machine(game, "p2")["weight"]
        assert sheet["layout"] != real["layout"]
        layouts.add(json.dumps(sheet["layout"]))
    assert len(layouts) == 6


def test_g18_an_antenna_held_by_a_printed_line_stays_held_in_the_copy() -> None:
    """The kite's antenna (6-1) touches no other cell: only a printed line can hold it, so
    every copy draws one (S6.1 connection), though where the real one runs is secret."""
    game = new(data=MINE, robots={"p1": "brawler", "p2": "kite"})
    for seed in range(6):
        m = machine(game.determinized("p1", seed), "p2")
        links = [(parse_key(a), parse_key(b)) for a, b in m["links"]]
        cells = {parse_key(k) for k in m["cells"]}
        assert joined(cells, (6, 1), links) == cells


def test_g17_two_games_the_seat_cannot_tell_apart_give_the_same_copy() -> None:
    """The other side draws the kite with its hollow body cells as armour instead: nothing
    the seat sees differs, so neither does its copy."""
    kite = MINE["robots"]["kite"]
    armoured = {**kite, "layout": [row.replace("bO", "bA") for row in kite["layout"]]}
    other = {"robots": {**MINE["robots"], "kite": armoured}}
    one = new(data=MINE, robots={"p1": "brawler", "p2": "kite"})
    two = new(data=other, robots={"p1": "brawler", "p2": "kite"})
    assert machine(one, "p2")["cells"] != machine(two, "p2")["cells"]
    for seed in range(4):
        assert (
            one.determinized("p1", seed).fingerprint() == two.determinized("p1", seed).fingerprint()
        )


def test_s1_2_what_one_escort_showed_is_known_of_every_escort_of_its_design() -> None:
    """The co-op scenario's Fly Watches are one design: a cell seen on one is that cell on
    all of them in every copy."""
    game = new(mode="coop", robots={"pilot1": "raiden"}, seed=3)
    agents = {p: RandomAgent(n) for n, p in enumerate(game.players)}
    escorts = ["e2", "e3", "e4"]

    def seen() -> list[tuple[str, str]]:
        return [(e, k) for e in escorts for k, c in machine(game, e)["cells"].items() if c["shown"]]

    while not seen():
        seat = game.to_act[0]
        game.apply(seat, agents[seat].choose(game.view(seat)))
    escort, key = seen()[0]
    keys = sorted(machine(game, escort)["cells"])
    for seed in range(6):
        copy = game.determinized("pilot1", seed)
        assert len({json.dumps(drawn(copy, e, keys)) for e in escorts}) == 1
        assert drawn(copy, "e2", [key]) == drawn(game, escort, [key])


def test_s10_the_re_drawn_core_stands_the_intact_sheet() -> None:
    game = new(robots={"p1": "hien", "p2": "tsurugi"})
    profiles = [Profile(**values) for values in C.physics.values()]
    for seed in range(10):
        m = machine(game.determinized("p1", seed), "p2")
        cells = {parse_key(k): CellState() for k in m["cells"]}
        core = next(parse_key(k) for k, c in m["cells"].items() if c["item"] == "core")
        assert all(lean(cells, [], core, p).theta < STANDS_BELOW for p in profiles)


def test_the_copy_plays_on_to_its_end_and_replays_from_its_record() -> None:
    for options in MODES:
        game = positions(options, seed=13, every=9)[1]
        seat = game.players[-1]
        copy = game.determinized(seat, seed=4)
        agents = {p: RandomAgent(n) for n, p in enumerate(copy.players)}
        while not copy.over:
            who = copy.to_act[0]
            act(copy, who, agents[who].choose(copy.view(who)))
        replayed = wartable.replay(json.loads(json.dumps(copy.record())))
        assert replayed.fingerprint() == copy.fingerprint()
