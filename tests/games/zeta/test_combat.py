"""Rule 19.1-19.3: a battle runs the steps of 19.1 in order, once each, and then ends."""

from __future__ import annotations

from pytest import MonkeyPatch

from games.zeta.helpers import game, open_phase, put
from wartable.engine import Context, State
from wartable.games.zeta import combat
from wartable.games.zeta.combat import END, STEPS, CombatStep, following


def test_19_1_the_six_steps_in_order() -> None:
    assert STEPS == ("preparation", "air", "aa", "bombing", "bombardment", "decline")
    assert [following(name) for name in STEPS] == [*STEPS[1:], END]


def test_19_1_19_3_each_step_runs_once_then_the_battle_ends(monkeypatch: MonkeyPatch) -> None:
    ran: list[str] = []

    def recorder(name: str) -> CombatStep:
        def run(ctx: Context, state: State) -> str:
            ran.append(name)
            return following(name)

        return run

    monkeypatch.setattr(combat, "COMBAT_STEPS", {name: recorder(name) for name in STEPS})
    g = game()
    put(g, "titans", "hizack", "space:D9")
    put(g, "aeug", "gm2", "space:D9")
    open_phase(g, "titans", "space")
    g.apply("titans", {"end": True})
    g.apply("titans", {"fight": "space:D9", "against": ["aeug"]})
    assert ran == list(STEPS)  # 19.3: over after the sixth, enemy units or not
    assert g.state["action"] is None  # no battle left: the next card (the deck was empty)
