"""Hidden information in the battles (digest D.1, ruling I40): the note of what each transport
carries (11.5, 12.2) is the invader's secret until the landing is declared (13.3) or a
transport is shaken (ruling I36); the Terrans' view, the log and the determinized copies keep
it. Scenario 1 with seed 1 (see test_planetary): I3-I10 TR, I11-I14 AT, I15-I25 ground units."""

from __future__ import annotations

from tests.games.imperium.test_planetary import act, earth, landing, loaded
from tests.support.dice import scripted

from wartable.engine import Game
from wartable.games.imperium import RULES, damage
from wartable.games.imperium.view import HIDDEN

CARGO = [f"I{n}" for n in range(15, 26)]
TRANSPORTS = [f"I{n}" for n in range(3, 15)]


def test_12_2_i40_the_terran_view_never_holds_the_imperial_cargo() -> None:
    state = earth()
    loaded(state, [])
    terran = RULES.view(state, "terran")["units"]
    assert all(terran[uid]["aboard"] == HIDDEN for uid in CARGO)
    assert all(RULES.view(state, None)["units"][uid]["aboard"] == HIDDEN for uid in CARGO)
    assert RULES.view(state, "imperial")["units"]["I15"]["aboard"] == "I11"  # its own note
    assert sorted(RULES.hidden_paths(state, "terran")) == sorted(
        ("units", uid, "aboard") for uid in CARGO
    )
    assert not list(RULES.hidden_paths(state, "imperial"))


def test_13_3_i40_declaring_the_landing_shows_which_transports_carry_the_landers() -> None:
    state = earth()
    ctx = landing(state, [])
    act(ctx, state, {"land": "I15", "hex": "B2"}, {"land": "I19", "hex": "C2"})
    assert RULES.view(state, "terran")["units"]["I15"]["aboard"] == HIDDEN  # still planned
    act(ctx, state, {"done": True})
    terran = RULES.view(state, "terran")["units"]
    assert terran["I15"]["aboard"] == "I11" and terran["I19"]["aboard"] == "I3"
    assert terran["I16"]["aboard"] == HIDDEN  # staying in orbit: still secret


def test_i36_i40_a_shaken_transport_shows_its_cargo() -> None:
    state = earth()
    loaded(state, [])
    damage.apply(scripted([]), state, {"I11": 2}, "13.1")  # the AT I11 damaged
    terran = RULES.view(state, "terran")["units"]
    assert terran["I15"] == {**state["units"]["I15"], "aboard": "I11"}
    assert terran["I15"]["damaged"]  # reduced with its transport
    assert "I11" in state["shown"] and terran["I16"]["aboard"] == HIDDEN


def loaded_game(last: bool) -> Game:
    """Scenario 1 with seed 3, each unit loaded by the first (or last) loading offered."""
    g = Game(RULES, 3, {"scenario": "s1"})
    while g.state["step"]["kind"] == "load":
        actions = g.legal_actions("imperial")
        g.apply("imperial", actions[-1 if last else 0])
    return g


def test_i40_the_terrans_copy_deals_the_cargo_afresh_one_a_transport() -> None:
    g = loaded_game(last=False)
    deals = set()
    for seed in range(8):
        copy = g.determinized("terran", seed)
        units = copy.state["units"]
        holds = [units[uid]["aboard"] for uid in CARGO]
        assert len(set(holds)) == len(CARGO) and set(holds) <= set(TRANSPORTS)  # 11.5, I7
        assert copy.view("terran") == g.view("terran")
        deals.add(tuple(holds))
    assert len(deals) > 1


def test_i40_the_copy_depends_only_on_what_the_terrans_know() -> None:
    first, last = loaded_game(last=False), loaded_game(last=True)
    assert first.state["units"]["I15"]["aboard"] != last.state["units"]["I15"]["aboard"]
    assert first.view("terran") == last.view("terran")
    assert first.determinized("terran", 5).state == last.determinized("terran", 5).state


def test_i40_the_invaders_copy_keeps_its_own_note() -> None:
    g = loaded_game(last=True)
    assert g.determinized("imperial", 5).state["units"] == g.state["units"]
