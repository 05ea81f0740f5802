"""Rule 21: the air-combat step, with scripted dice (ruling S46)."""

from __future__ import annotations

from pytest import MonkeyPatch

from games.zeta.helpers import C, aboard, battle, board, game, put
from support.dice import script_game
from wartable.engine import Context, Game, State
from wartable.games.zeta import air
from wartable.games.zeta.combat import CombatStep, following
from wartable.games.zeta.forces import scored


def sortie(*ms: str) -> CombatStep:
    """A preparation that sends `ms` out (20.3)."""

    def prepare(ctx: Context, state: State) -> str:
        state["action"]["battle"]["sortie"] = list(ms)
        return following("preparation")

    return prepare


def air_battle(monkeypatch: MonkeyPatch, g: Game, *ms: str) -> None:
    battle(monkeypatch, g, {"preparation": sortie(*ms), "air": air.air})


def rolls(g: Game) -> list[dict[str, object]]:
    return [e for e in g.events if e["kind"] == "roll" and e.get("rule") == "21.5"]


def test_21_5_a_hit_for_each_air_value_at_or_above_the_die() -> None:
    assert [scored((4, 2), [die]) for die in range(1, 7)] == [2, 2, 1, 1, 0, 0]
    assert scored((5, 3, 1), [1, 4]) == 3 + 1


def test_21_3_21_4_21_6_21_7_every_ms_on_sortie_fights_and_a_pilot_rolls_more(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    ship = put(g, "titans", "alexandria", "space:D9")
    hizack = put(g, "titans", "hizack", "space:D9", carrier=ship)
    stays = put(g, "titans", "hizack", "space:D9", carrier=ship)
    gm, nemo = aboard(g, "gm2", "nemo")
    board(g, "lila", hizack)  # MS attack 2: three dice (21.6)
    script_game(g, [1, 6, 6, 1, 1])  # the Hizack's three dice, then the GM II, the Nemo
    air_battle(monkeypatch, g, hizack, gm, nemo)
    assert [(r["by"], len(r["dice"])) for r in rolls(g)] == [
        ("titans", 3),
        ("aeug", 1),
        ("aeug", 1),
    ]
    c = C
    titans = scored(c.ms["hizack"].front.air, [1, 6, 6])
    aeug = scored(c.ms["gm2"].front.air, [1]) + scored(c.ms["nemo"].front.air, [1])
    step = g.state["step"]
    assert step["kind"] == "allocate"  # the two sides' damage is allotted, then applied (21.4)
    queue = g.state["action"]["battle"]["damage"]["queue"]
    assert [(e["to"], e["hits"], e["targets"]) for e in queue] == [
        ("defender", titans, [gm, nemo]),  # 21.7
        ("attacker", aeug, [hizack]),  # the Hizack that stayed aboard is no target
    ]
    assert stays not in queue[0]["targets"]


def test_s46_hits_with_no_ms_on_sortie_to_fall_on_are_lost(monkeypatch: MonkeyPatch) -> None:
    g = game()
    put(g, "titans", "alexandria", "space:D9")
    (gm,) = aboard(g, "gm2")
    script_game(g, [1])
    air_battle(monkeypatch, g, gm)
    assert len(rolls(g)) == 1 and g.state["step"]["kind"] != "allocate"
