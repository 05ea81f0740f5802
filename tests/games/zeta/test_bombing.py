"""Rules 22-23: the bombing declarations, AA fire and bombing, with scripted dice (ruling S47)."""

from __future__ import annotations

from pytest import MonkeyPatch

from games.zeta.helpers import battle, board, game, put
from support.dice import script_game
from wartable.engine import Context, Game, State
from wartable.games.zeta import aa, bombing
from wartable.games.zeta.combat import following


def bomb_battle(
    monkeypatch: MonkeyPatch, g: Game, at: str, by: str, *ms: str, **captains: str
) -> None:
    """A battle of AA fire and bombing, with `ms` on sortie and `captains` (ship -> character)."""

    def sortie(ctx: Context, state: State) -> str:
        state["action"]["battle"].update(sortie=list(ms), captains=captains)
        return following("preparation")

    steps = {"preparation": sortie, "aa": aa.aa, "bombing": bombing.bombing}
    battle(monkeypatch, g, steps, at, by)


def rolls(g: Game, rule: str) -> list[tuple[str, int]]:
    return [(e["by"], len(e["dice"])) for e in g.events if e.get("rule") == rule]


def allotting(g: Game) -> list[tuple[str, int, list[str]]]:
    queue = g.state["action"]["battle"]["damage"]["queue"]
    return [(e["to"], e["hits"], e["targets"]) for e in queue]


def test_22_1_s47_the_attacker_declares_first_and_aa_fires_only_at_a_bomber(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    ship = put(g, "titans", "alexandria", "space:D9")  # AA guns 3
    hizack = put(g, "titans", "hizack", "space:D9", carrier=ship)  # bombing 3·1
    salamis = put(g, "aeug", "salamis_kai", "space:D9")  # AA guns 2, defence 2
    gm = put(g, "aeug", "gm2", "space:D9", carrier=salamis)
    bomb_battle(monkeypatch, g, "space:D9", "titans", hizack, gm)
    assert g.state["step"] == {"kind": "bomb", "side": "attacker"} and g.to_act == ("titans",)
    g.apply("titans", {"bomb": True})
    script_game(g, [6, 6, 1])  # the Salamis Kai's AA misses; the Hizack's bomb: 2 hits
    g.apply("aeug", {"bomb": False})
    assert rolls(g, "22.3") == [("aeug", 2)]  # only against the side that bombs (22.1)
    assert rolls(g, "23.4") == [("titans", 1)]
    assert allotting(g) == [("defender", 2, [salamis])]  # 23.3: the enemy's ships


def test_22_5_a_captain_adds_his_ship_attack_to_the_aa_guns(monkeypatch: MonkeyPatch) -> None:
    g = game()
    alexandria = put(g, "titans", "alexandria", "space:D9")  # AA guns 3
    board(g, "gady", alexandria)  # ship attack 1
    ship = put(g, "aeug", "salamis_kai", "space:D9")
    gm = put(g, "aeug", "gm2", "space:D9", carrier=ship)
    bomb_battle(monkeypatch, g, "space:D9", "aeug", gm, **{alexandria: "gady"})
    script_game(g, [6, 6, 6, 6, 6])  # four AA dice miss; the GM II's bomb misses
    g.apply("aeug", {"bomb": True})
    assert rolls(g, "22.3") == [("titans", 4)]


def test_22_6_23_1_a_military_base_fires_aa_and_only_survivors_bomb(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    ship = put(g, "aeug", "salamis_kai", "space:C7")  # Luna Two: Titans military, level 2
    gm = put(g, "aeug", "gm2", "space:C7", carrier=ship)
    script_game(g, [1, 2, 6])  # the base's attack at level 2 (3) at 2·1: 3 hits
    bomb_battle(monkeypatch, g, "space:C7", "aeug", gm)
    g.apply("aeug", {"bomb": True})  # the Titans have no MS on sortie: they are not asked
    assert rolls(g, "22.6") == [("titans", 3)]
    assert allotting(g) == [("attacker", 3, [gm])]
    g.apply("titans", {"hit": gm})
    g.apply("titans", {"hit": gm})  # front + back: eliminated; the third hit is lost
    assert g.state["units"][gm]["at"] == "factory"
    assert rolls(g, "23.4") == []  # 23.1: no MS survived to bomb


def test_23_3_a_military_base_is_bombed_as_a_ship(monkeypatch: MonkeyPatch) -> None:
    g = game()
    ship = put(g, "aeug", "salamis_kai", "space:C7")
    gm = put(g, "aeug", "gm2", "space:C7", carrier=ship)  # bombing 2·1
    board(g, "kamille_1", gm)  # MS attack 1: two dice (23.5)
    script_game(g, [6, 6, 6, 1, 2])  # the base's AA misses; the GM II: 2 + 1 hits
    bomb_battle(monkeypatch, g, "space:C7", "aeug", gm)
    g.apply("aeug", {"bomb": True})
    assert allotting(g) == [("defender", 3, ["base:luna_two"])]  # level 2's defence is 3
