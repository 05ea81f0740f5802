"""Rule 20 and 29.1.2: the preparation step of a battle (ruling S49)."""

from __future__ import annotations

from typing import Any

from pytest import MonkeyPatch

from games.zeta.helpers import C, battle, board, game, open_phase, put
from support.dice import script_game
from wartable.engine import Context, Game, State
from wartable.games.zeta import combat, preparation
from wartable.games.zeta.damage import command


def prep_only(monkeypatch: MonkeyPatch, g: Game, at: str = "space:D9", by: str = "titans") -> None:
    battle(monkeypatch, g, {"preparation": preparation.prepare}, at=at, by=by)


def options(g: Game) -> list[dict[str, Any]]:
    assert g.state["step"]["kind"] == "prepare"
    return g.legal_actions(g.to_act[0])


def fight(g: Game) -> Any:
    fight: Any = g.state["action"]["battle"]
    return fight


def test_20_1_20_3_the_attacker_prepares_first_and_each_ms_sorties_or_stays_aboard(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    ship = put(g, "titans", "alexandria", "space:D9")
    hizack = put(g, "titans", "hizack", "space:D9", carrier=ship)
    argama = put(g, "aeug", "argama", "space:D9")
    gm = put(g, "aeug", "gm2", "space:D9", carrier=argama)
    prep_only(monkeypatch, g)
    assert g.to_act == ("titans",)  # 20.1: the attacker first
    assert options(g) == [{"sortie": hizack}, {"stow": hizack, "on": ship}]
    g.apply("titans", {"sortie": hizack})
    assert g.to_act == ("aeug",)
    assert options(g) == [{"sortie": gm}, {"stow": gm, "on": argama}]
    g.apply("aeug", {"stow": gm, "on": argama})
    assert fight(g) is None  # the step is over, and this battle has no other
    assert g.state["units"][hizack]["carrier"] == ship  # it rides home after the battle


def test_20_3_an_ms_stays_only_aboard_a_ship_with_room(monkeypatch: MonkeyPatch) -> None:
    g = game()
    full = put(g, "titans", "salamis_kai", "space:D9")  # carries 2
    a = put(g, "titans", "hizack", "space:D9", carrier=full)
    put(g, "titans", "hizack", "space:D9", carrier=full)
    other = put(g, "titans", "alexandria", "space:D9")
    b = put(g, "titans", "hizack", "space:D9", carrier=other)
    put(g, "aeug", "argama", "space:D9")
    prep_only(monkeypatch, g)
    assert options(g) == [{"sortie": a}, {"stow": a, "on": full}, {"stow": a, "on": other}]
    g.apply("titans", {"stow": a, "on": other})
    g.apply("titans", options(g)[0])
    assert {"stow": b, "on": full} in options(g)  # a's place is free now


def test_20_4_units_are_housed_only_in_an_own_military_base(monkeypatch: MonkeyPatch) -> None:
    g = game()
    argama = put(g, "aeug", "argama", "space:C7")  # Luna Two: a Titans military base
    gm = put(g, "aeug", "gm2", "space:C7", carrier=argama)
    galbaldy = next(
        u for u, x in g.state["units"].items() if x["at"] == "space:C7" and x["faction"] == "titans"
    )
    g.state["characters"]["lila"]["on"] = None  # she stands alone at her base (15.6)
    prep_only(monkeypatch, g, at="space:C7", by="aeug")
    assert {"house": gm} not in options(g)  # not the AEUG's base
    g.apply("aeug", {"sortie": gm})
    assert g.to_act == ("titans",)
    assert {"place": "lila", "on": None} in options(g)  # 20.7: housed in her base
    g.apply("titans", {"place": "lila", "on": None})
    assert options(g) == [{"sortie": galbaldy}, {"house": galbaldy}]
    prepared = fight(g)
    g.apply("titans", {"house": galbaldy})
    assert prepared["housed"] == ["lila", galbaldy]


def test_20_5_one_pilot_per_ms_and_only_one_with_ms_values(monkeypatch: MonkeyPatch) -> None:
    g = game()
    ship = put(g, "titans", "alexandria", "space:D9")
    hizack = put(g, "titans", "hizack", "space:D9", carrier=ship)
    board(g, "jerid_1", ship)
    board(g, "bask", ship)  # MS attack and defence 0: no pilot (20.5)
    board(g, "lila", hizack)
    put(g, "aeug", "argama", "space:D9")
    prep_only(monkeypatch, g)
    # S49: Jerid, decided first, may take the Hizack Lila sits in: she is not decided yet
    assert options(g) == [{"place": "jerid_1", "on": ship}, {"place": "jerid_1", "on": hizack}]
    g.apply("titans", {"place": "jerid_1", "on": ship})
    said = [e["msg"]["en"] for e in g.events if e.get("rule") == "20.5"]
    assert [line.split()[0] for line in said] == ["Jerid", "Bask"]  # Bask: one answer, made
    assert options(g) == [{"place": "lila", "on": hizack}, {"place": "lila", "on": ship}]


def test_20_5_s49_a_pilot_decided_earlier_may_take_the_ms_one_decided_later_leaves(
    monkeypatch: MonkeyPatch,
) -> None:
    g = game()
    ship = put(g, "titans", "alexandria", "space:D9")
    hizack = put(g, "titans", "hizack", "space:D9", carrier=ship)
    board(g, "jerid_1", ship)
    board(g, "lila", hizack)
    put(g, "aeug", "argama", "space:D9")
    prep_only(monkeypatch, g)
    g.apply("titans", {"place": "jerid_1", "on": hizack})  # the swap: he takes her Hizack
    # 20.5: one pilot an MS: Lila may no longer stay in it; the ship is her one place, made for her
    assert g.state["characters"]["jerid_1"]["on"] == hizack
    assert g.state["characters"]["lila"]["on"] == ship
    assert fight(g)["prep"][:2] == ["jerid_1", "lila"]


def test_20_6_29_6_an_nt_only_ms_sorties_only_with_an_nt_pilot(monkeypatch: MonkeyPatch) -> None:
    g = game()
    gwadan = put(g, "neo_zeon", "gwadan", "space:D9")
    qubeley = put(g, "neo_zeon", "qubeley", "space:D9", carrier=gwadan)
    mass = put(g, "neo_zeon", "mass_production_qubeley", "space:D9", carrier=gwadan)
    g.state["characters"]["glemy"] = {"faction": "neo_zeon", "at": "space:D9", "on": gwadan}
    put(g, "titans", "alexandria", "space:D9")
    prep_only(monkeypatch, g, by="neo_zeon")
    # Glemy may not board the Mass-production Qubeley (29.6.2)
    assert {"place": "glemy", "on": mass} not in options(g)
    prepared = fight(g)
    g.apply("neo_zeon", {"place": "glemy", "on": qubeley})  # not an NT: no sortie for it
    assert qubeley not in prepared["sortie"] and qubeley in prepared["prep"]  # stays aboard
    assert options(g) == [{"sortie": mass}, {"stow": mass, "on": gwadan}]  # 29.6.1: no pilot


def test_20_8_a_captain_among_those_able(monkeypatch: MonkeyPatch) -> None:
    g = game()
    ship = put(g, "titans", "alexandria", "space:D9")
    for cid in ("bask", "gady", "jerid_1"):
        board(g, cid, ship)
    put(g, "aeug", "argama", "space:D9")
    prep_only(monkeypatch, g)  # none of them has an MS to board: they stay aboard
    assert options(g) == [{"captain": "bask", "of": ship}, {"captain": "gady", "of": ship}]
    prepared = fight(g)
    g.apply("titans", {"captain": "gady", "of": ship})
    assert prepared["captains"] == {ship: "gady"}


def test_20_9_a_unit_of_the_wrong_aptitude_stays_aboard(monkeypatch: MonkeyPatch) -> None:
    g = game()
    garuda = put(g, "titans", "garuda", "ground:H5")
    messala = put(g, "titans", "messala", "ground:H5", carrier=garuda)  # space only
    put(g, "aeug", "gm2", "ground:H5")
    open_phase(g, "titans", "ground")
    monkeypatch.setattr(combat, "COMBAT_STEPS", {"preparation": preparation.prepare})
    g.apply("titans", {"end": True})
    g.apply("titans", {"fight": "ground:H5", "against": ["aeug"]})
    said = [e["msg"]["en"] for e in g.events if e.get("rule") == "20.3"]
    assert any(messala in line and "aboard" in line for line in said)  # its one choice
    assert not any(messala in line for line in fight_sortie(g))


def fight_sortie(g: Game) -> list[str]:
    """The lines of the log that tell a unit sortied (20.3)."""
    return [
        e["msg"]["en"] for e in g.events if e.get("rule") == "20.3" and "sorties" in e["msg"]["en"]
    ]


def test_29_1_2_quattro_may_keep_out_of_the_battle_to_speak(monkeypatch: MonkeyPatch) -> None:
    g = game()
    argama = put(g, "aeug", "argama", "space:D9")
    gm = put(g, "aeug", "gm2", "space:D9", carrier=argama)
    board(g, "quattro", argama)
    board(g, "henken", argama)
    put(g, "titans", "alexandria", "space:D9")
    prep_only(monkeypatch, g, by="aeug")
    assert options(g) == [
        {"place": "quattro", "on": argama},
        {"place": "quattro", "on": gm},
        {"place": "quattro", "on": argama, "speech": True},
    ]
    act, prepared = g.state["action"], fight(g)
    g.apply("aeug", {"place": "quattro", "on": argama, "speech": True})
    assert act["speech"] == "pledged"
    assert prepared["silent"] == ["quattro"]
    assert command(g.state, "attacker", "ship") == C.characters["henken"].ship_command  # not his
    g.apply("aeug", {"sortie": gm})  # Henken had one choice, aboard
    assert prepared["captains"] == {argama: "henken"}  # Quattro is no captain: one choice


def test_29_1_2_a_quattro_who_fights_will_not_speak(monkeypatch: MonkeyPatch) -> None:
    g = game()
    argama = put(g, "aeug", "argama", "space:D9")
    board(g, "quattro", argama)
    put(g, "titans", "alexandria", "space:D9")
    prep_only(monkeypatch, g, by="aeug")
    act, prepared = g.state["action"], fight(g)
    g.apply("aeug", {"place": "quattro", "on": argama})
    assert act["speech"] == "barred"
    assert prepared["captains"] == {argama: "quattro"}


def test_19_1_a_battle_runs_all_six_steps(monkeypatch: MonkeyPatch) -> None:
    g = game()
    at = "space:K5"  # Side 5, an AEUG political base: the sixth step rolls there (28.4)
    ship = put(g, "titans", "alexandria", at)
    hizack = put(g, "titans", "hizack", at, carrier=ship)
    put(g, "aeug", "argama", at)
    ran: list[str] = []

    def spy(name: str, run: combat.CombatStep) -> combat.CombatStep:
        def step(ctx: Context, state: State) -> str | None:
            ran.append(name)
            return run(ctx, state)

        return step

    steps = {name: spy(name, run) for name, run in combat.COMBAT_STEPS.items()}
    monkeypatch.setattr(combat, "COMBAT_STEPS", steps)
    open_phase(g, "titans", "space")
    g.apply("titans", {"end": True})
    start = len(g.events)
    script_game(g, [6] * 20)  # 21.5, 22.3, 23.4, the ships' guns (24.4), 28.4: all sixes
    g.apply("titans", {"fight": at, "against": ["aeug"]})
    g.apply("titans", {"sortie": hizack})  # 20.3
    g.apply("titans", {"bomb": True})  # 22.1; the Argama fires AA at the bomber
    g.apply("titans", {"bombard": True})  # 24.1, the attacker first
    g.apply("aeug", {"bombard": True})
    while g.state["step"]["kind"] == "allocate":
        g.apply(g.to_act[0], g.legal_actions(g.to_act[0])[0])
    assert list(dict.fromkeys(ran)) == list(combat.STEPS)  # each step ran, in the order of 19.1
    chapters = [
        e["rule"].split(".")[0]
        for e in g.events[start:]
        if e.get("rule", "").split(".")[0] in ("20", "21", "22", "23", "24", "28")
    ]
    assert list(dict.fromkeys(chapters)) == ["20", "21", "22", "23", "24", "28"]
    assert chapters == sorted(chapters, key=int)  # no step's line comes after a later step's
    assert g.state["action"] is None or g.state["action"].get("battle") is None  # 19.3: over
