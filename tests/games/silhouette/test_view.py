"""Hidden information (S1.1 "the Target", digest D.1, rulings G17 and G22): the other side sees
every sheet's outline and damage, and what is printed on a cell only once it is revealed —
declared, cut, destroyed, fallen away or detached. A side sees its own sheets whole."""

from __future__ import annotations

import json
from typing import Any

import pytest

from support.dice import script_game
from wartable.engine import Game, State
from wartable.engine.plain import copy_plain
from wartable.games.silhouette import RULES
from wartable.games.silhouette.view import hidden_paths

from .helpers import MINE, C, act, attack, end_turn, machine, new

SECRET = ("item", "part", "inst")


def masked(state: State, player: str | None) -> State:
    """The state with everything `player` may not see replaced by markers."""
    out: State = copy_plain(state)
    for n, path in enumerate(hidden_paths(state, player)):
        node: Any = out
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = f"?{n}"
    return out


def sheet(game: Game, viewer: str | None, mid: str) -> dict[str, Any]:
    seen: dict[str, Any] = game.view(viewer)["board"]["machines"][mid]
    return seen


def known(game: Game, viewer: str | None, mid: str) -> set[str]:
    """The cells of `mid` whose printed item `viewer` sees."""
    return {k for k, c in sheet(game, viewer, mid)["cells"].items() if "item" in c}


def test_d1_the_other_side_sees_the_outline_but_not_what_is_printed_on_it_g17() -> None:
    game = new(robots={"p1": "hien", "p2": "kagerou"})
    hien = machine(game, "p1")["cells"]
    theirs = sheet(game, "p2", "p1")
    assert set(theirs["cells"]) == set(hien)  # the paper's shape is on the table
    for c in theirs["cells"].values():
        assert not set(SECRET) & set(c)
        assert (c["gone"], c["cut"], c["frayed"], c["shown"]) == (None, False, False, False)
    assert theirs["parts"] == {} and theirs["links"] is None and theirs["mine"] is False
    mine = sheet(game, "p1", "p1")
    assert {k: c["item"] for k, c in mine["cells"].items()} == {
        k: c["item"] for k, c in hien.items()
    }
    assert mine["mine"] is True and set(mine["parts"]) == {"b", "h", "j", "k", "l", "r"}
    assert known(game, None, "p1") == known(game, None, "p2") == set()  # a spectator


def test_d1_printed_lines_are_part_of_the_secret_sheet() -> None:
    game = new(robots={"p1": "hien", "p2": "kagerou"})
    assert sheet(game, "p2", "p2")["links"] == [["6-1", "5-2"]]
    assert sheet(game, "p1", "p2")["links"] is None
    assert ("machines", "p2", "links") in set(hidden_paths(game.state, "p1"))


def test_d1_weight_sp_attacked_lean_and_out_of_action_are_public() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [3, 3])
    theirs = sheet(game, "p1", "p2")
    assert (theirs["weight"], theirs["sp"], theirs["attacked"], theirs["out"]) == (
        21,
        1,
        True,
        None,
    )
    assert theirs["lean"] == machine(game, "p2")["lean"]
    assert theirs["cells"]["3-3"]["gone"] == "destroyed"
    assert theirs["cells"]["4-3"]["frayed"] is True  # the torn edge shows


def test_g22_a_side_sees_its_team_mates_sheets_and_never_the_other_sides() -> None:
    team = new(mode="team")
    assert known(team, "a1", "a2") == set(machine(team, "a2")["cells"])
    assert known(team, "a1", "b1") == known(team, "a1", "b2") == set()
    coop = new(mode="coop")
    assert known(coop, "pilot1", "pilot2") == set(machine(coop, "pilot2")["cells"])
    assert known(coop, "pilot2", "e1") == set()
    assert known(coop, "pilot2", "e2") <= {"4-3"}  # at most the gun it fired (seeded order)


def test_g17_a_weapon_declared_an_interrupt_used_a_cut_and_a_substitution_are_revealed() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    script_game(game, [4, 3])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    assert known(game, "p2", "p1") == {"5-2"}  # S1.1: "2-3's machine gun"
    act(game, "p2", {"do": "interrupt", "inst": "5-3", "axis": "col", "by": -1})
    assert known(game, "p1", "p2") == {"5-3"}  # S6.3: declared, cut
    act(game, "p2", {"do": "done"})  # 4-2 is hit
    act(game, "p2", {"do": "armour", "cell": "5-2"})
    assert known(game, "p1", "p2") == {"5-3", "5-2"}  # the hit cell 4-2 stays secret
    end_turn(game)
    attack(game, "5-2", "p2", [2, 2], defend={"do": "sturdy"})
    assert known(game, "p1", "p2") == {"5-3", "5-2", "2-2"}  # the sturdy cut shows the legs
    assert sheet(game, "p1", "p2")["parts"] == {
        "b": {"ja": "胴体", "en": "body"},
        "j": {"ja": "左脚", "en": "left leg"},
    }


def test_g17_destroyed_and_fallen_cells_are_revealed_the_paper_in_hand_shows_them() -> None:
    game = new(robots={"p1": "raiden", "p2": "hien"})
    end_turn(game)
    attack(game, "tS", "p2", [5, 5, 4, 5, 6, 6])
    revealed = {"4-1", "4-2"}  # Raiden's missile pod, declared
    assert known(game, "p2", "p1") == revealed
    assert known(game, "p1", "p2") == {"5-5", "4-5", "5-6", "4-6"}
    assert sheet(game, "p1", "p2")["cells"]["5-6"]["item"] == "beam_rifle"


def test_g17_detached_parts_are_revealed() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"}, grey="fallen")
    attack(game, "4-5", "p2", [2, 4])  # Hien leans past 70°: fallen with grey = fallen
    act(game, "p2", {"do": "detach", "part": "r"})
    assert {"5-5", "5-6", "4-5", "4-6", "2-4"} <= known(game, "p1", "p2")
    assert "r" in sheet(game, "p1", "p2")["parts"]


@pytest.mark.parametrize("mode", ["versus", "team", "coop"])
def test_d1_a_players_view_depends_on_nothing_they_may_not_see(mode: str) -> None:
    game = new(mode=mode, robots={} if mode != "versus" else {"p1": "kagerou", "p2": "hien"})
    if mode == "versus":
        attack(game, "5-2", "p2", [4, 2], defend={"do": "armour", "cell": "5-2"})
    for player in (*game.players, None):
        board = game.view(player)["board"]
        assert RULES.view(masked(game.state, player), player) == board


def test_d1_no_log_line_a_player_sees_names_an_unrevealed_cell() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [4, 2], defend={"do": "armour", "cell": "5-2"})
    end_turn(game)
    attack(game, "ram", "p2", [3, 3], defend={"do": "arm", "cell": "5-5"})
    text = json.dumps(game.log("p1"), ensure_ascii=False)
    for key, c in machine(game, "p2")["cells"].items():
        if not c["shown"]:
            name = C.items[c["item"]].name
            assert f"{name['en']} at {key}" not in text
            assert f"{key}の{name['ja']}" not in text
    assert "Arm at 5-5" in text and "Armour at 5-2" in text


def test_d1_only_the_deciding_player_sees_the_choices_and_their_words() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    script_game(game, [4, 3])
    act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    assert "legal_actions" not in game.view("p1") and "legal_actions" not in game.view(None)
    texts = [a["text"]["en"] for a in game.view("p2")["legal_actions"]]
    assert "interrupt with 5-3: row -1" in texts


def test_d1_the_terminal_shows_unknown_cells_as_question_marks() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    attack(game, "5-2", "p2", [4, 2], defend={"do": "armour", "cell": "5-2"})
    text = RULES.render_text(game.view("p1")["board"], "en")
    hien = text[text.index("p2 Hien") :]
    rows = {line.split()[0]: line.split()[1:] for line in hien.splitlines()[1:7]}
    assert rows["5"] == ["?", "A/", "?", "?", "?", "?"]  # the armour's cut shows
    assert rows["6"] == [".", ".", "?", "?", ".", "."]
    own = RULES.render_text(game.view("p2")["board"], "en")
    assert "?" not in own[own.index("p2 Hien") :].split("key:")[0]


def test_g22_a_players_record_during_the_game_does_not_hold_the_other_players_drawing() -> None:
    game = new(data=MINE, robots={"p1": "brawler", "p2": "kagerou"})
    kept = json.dumps(game.record_for("p2"), ensure_ascii=False)
    assert "lH bA bC bA rM" not in kept
    assert "brawler" in kept  # the record names the robot; only its drawing is secret
    assert "lH bA bC bA rM" in json.dumps(game.record_for("p1"), ensure_ascii=False)


def test_p8_the_log_keeps_the_roll_each_modifier_the_cuts_the_lean_and_the_out_cause() -> None:
    game = new(robots={"p1": "kagerou", "p2": "hien"})
    machine(game, "p1")["sp"] = 10
    script_game(game, [4, 3])
    events = act(game, "p1", {"do": "attack", "weapon": "5-2", "target": "p2"})
    events += act(game, "p1", {"do": "shift", "axis": "col", "by": -1})
    events += act(game, "p1", {"do": "done"})
    events += act(game, "p2", {"do": "interrupt", "inst": "5-3", "axis": "col", "by": 1})
    events += act(game, "p2", {"do": "done"})
    events += act(game, "p2", {"do": "take"})
    data = [(e.get("rule"), e.get("data", {})) for e in events if e["kind"] == "say"]
    (roll,) = [e for e in events if e["kind"] == "roll"]
    assert (roll["by"], roll["dice"], roll["rule"]) == ("p1", [4, 3], "S6.3")
    assert ("S3", {"at": [4, 2]}) in data  # the attacker's skill
    assert ("S6.3", {"at": [4, 3], "inst": "5-3"}) in data  # the defender's interrupt
    assert ("S6.1", {"cut": "5-3"}) in data  # its scissors cut
    assert ("S6.3", {"hit": "4-3"}) in data
    assert ("S6.4", {"machine": "p2", "cut": "4-3"}) in data  # the core's first damage
    lean = [d["lean"] for r, d in data if r == "S10"]
    assert lean == [{"theta": 0.0, "level": None, "verdict": "standing"}]
    assert all(e.get("rule") for e in events)  # every event names the rule it served
    out = new(robots={"p1": "tsurugi", "p2": "hien"})
    end_turn(out)
    events = attack(out, "5-6", "p2", [3, 3])
    destroyed = [e["data"] for e in events if "destroyed" in e.get("data", {})]
    assert [(d["destroyed"], d["attr"]) for d in destroyed] == [
        ("3-3", "cut"),
        ("3-2", "cut"),
        ("3-4", "cut"),
    ]
    assert [e["data"] for e in events if "out" in e.get("data", {})] == [
        {"out": "p2", "cause": "base"}
    ]
