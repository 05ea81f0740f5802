"""Rules 9.5–9.12, 10, 13 and the in-combat checks of 12.10: one combat hex, with fixed dice.

Positions are laid out by hand on a cleared map; the dice are scripted in the order the rules
roll them (the phase player's attacks first, ruling R25). The phases after the combat phase
are halted, so a test sees the state the combat phase leaves.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import wartable
from games.votoms.helpers import blind_legal, cleared, dice, halt, put, rolls, start, unit
from wartable.games.votoms import combat, flow
from wartable.games.votoms.combat import destroy_chances, grouping_attacks, hit_chance
from wartable.games.votoms.components import components
from wartable.games.votoms.state import comp

MERC, BIELER = "merc", "bieler"
FIELD = "H07"  # clear, no base: Merc retreats to G07/G08/H08, Bieler to H06/I07/I08
PALACE, EX10, ZAKUI = "K04", "B08", "E07"


@pytest.fixture(autouse=True)
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the combat phases run: the others, and the turn's start and end, are halted."""
    halt(monkeypatch, *(p for p in flow.PHASES if not p.startswith("combat")))
    monkeypatch.setattr(flow, "TURN_START", [])
    monkeypatch.setattr(flow, "TURN_END", [])


def game_at(stage: int = 0, **state: Any) -> wartable.Game:
    return cleared(seed=3, stage=stage, **state)


def cb(game: wartable.Game) -> dict[str, Any]:
    return game.state["combat"]  # type: ignore[no-any-return]


def step(game: wartable.Game) -> tuple[str, str]:
    s = game.state["step"]
    return s["kind"], s.get("actor", "")


def legal(game: wartable.Game) -> list[dict[str, Any]]:
    return game.legal_actions(game.to_act[0])


def act(game: wartable.Game, action: dict[str, Any]) -> None:
    game.apply(game.to_act[0], action)


def fight_on(game: wartable.Game, *sides: str) -> None:
    """Both sides (in the order given) choose to continue at the retreat step."""
    for side in sides:
        assert step(game) == ("combat_retreat", side)
        act(game, {"retreat": False})


def halted(game: wartable.Game) -> bool:
    return bool(game.state["step"] == {"kind": "test_halted"})


# ------------------------------------------------------------------ the pure odds function


def test_9_9_3_hit_chance_is_p_2d_at_most_the_hit_number() -> None:
    for n in range(-3, 15):
        ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= n)
        assert hit_chance(n) == Fraction(ways, 36)


def test_9_10_1_destroy_chances_combine_independent_attacks_on_one_target() -> None:
    chances = destroy_chances([("M1", "B1", 5), ("M2", "B1", 6), ("B1", "M1", 1)])
    assert chances["B1"] == 1 - (1 - Fraction(10, 36)) * (1 - Fraction(15, 36))
    assert chances["M1"] == 0


def test_9_9_1_grouping_attacks_the_larger_side_attacks_the_single_unit() -> None:
    stats = {"M1": (9, 3), "B1": (8, 3), "B2": (6, 2)}
    groups = [{"merc": ["M1"], "bieler": ["B1", "B2"]}]
    attacks = grouping_attacks(groups, {"M1": "B1"}, stats)
    assert attacks == [("M1", "B1", 6), ("B1", "M1", 5), ("B2", "M1", 3)]
    assert grouping_attacks(groups, {}, stats)[0] == ("M1", "B2", 7)  # default: lowest defence


# --------------------------------------------------------------------- participants, 9.5


def test_9_5_participants_are_face_up_units_face_down_and_acted_helis_stay_out() -> None:
    game = game_at()
    m = put(game, MERC, "scopedog", FIELD, up=True)
    heli = put(game, MERC, "heli", FIELD, up=True, acted=True)
    b = put(game, BIELER, "fatty", FIELD, up=True)
    hidden = put(game, BIELER, "fatty", FIELD)
    start(game, "combat_2")  # 1 against 1: paired at once; the dice are rolled next
    assert cb(game)["units"] == {MERC: [m], BIELER: [b]}
    assert heli not in cb(game)["took_part"] and not unit(game, hidden)["up"]


# ------------------------------------------------------------------------ 9.9.3 attacks


@pytest.mark.parametrize(("first", "destroyed"), [((2, 3), True), ((3, 3), False)])
def test_9_9_3_destroyed_when_2d_at_most_attack_minus_defence(
    first: tuple[int, int], destroyed: bool
) -> None:
    game = game_at()
    m = put(game, MERC, "scopedog", FIELD, up=True)  # 8-3
    b = put(game, BIELER, "fatty", FIELD, up=True)  # 8-3: hit number 5 both ways
    dice(game, *first, 6, 6)  # Merc (phase player) rolls first, then Bieler misses
    start(game, "combat_2")
    assert rolls(game, "9.9.3") == [list(first), [6, 6]]
    assert (b not in game.state["units"]) is destroyed
    assert m in game.state["units"]


def test_9_9_4_and_9_10_1_damage_is_simultaneous_both_units_destroyed() -> None:
    game = game_at()
    m = put(game, MERC, "scopedog", FIELD, up=True)
    b = put(game, BIELER, "fatty", FIELD, up=True)
    dice(game, 1, 1, 1, 1)
    start(game, "combat_2")
    assert m not in game.state["units"] and b not in game.state["units"]
    assert cb(game) is None  # the phase is over


def test_9_7_rounds_repeat_until_a_side_is_wiped_out() -> None:
    game = game_at()
    put(game, MERC, "scopedog", FIELD, up=True)
    b = put(game, BIELER, "fatty", FIELD, up=True)
    dice(game, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 6, 6)
    start(game, "combat_2")
    fight_on(game, MERC, BIELER)  # round 1: both missed
    assert cb(game)["round"] == 2
    fight_on(game, MERC, BIELER)  # round 2: both missed; round 3 destroys the Fatty
    assert b not in game.state["units"] and halted(game)


# ----------------------------------------------------------------------------- 9.8 pairing


def test_9_8_1_the_phase_player_pairs_one_to_one() -> None:
    game = game_at()
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD, up=True)
    b1 = put(game, BIELER, "fatty", FIELD, up=True)
    b2 = put(game, BIELER, "fatty", FIELD, up=True)
    start(game, "combat_1")  # Bieler is the phase player (9.4)
    assert step(game) == ("combat_pair", BIELER)
    assert legal(game) == [{"pair": m1, "with": b1}, {"pair": m1, "with": b2}]
    dice(game, *[6] * 8)
    act(game, {"pair": m1, "with": b2})  # the last pair is forced
    assert cb(game)["groups"] == [{MERC: [m1], BIELER: [b2]}, {MERC: [m2], BIELER: [b1]}]


def test_9_8_3_five_against_three_no_grouping_of_three_to_one() -> None:
    game = game_at()
    merc = [put(game, MERC, "scopedog", FIELD, up=True) for _ in range(5)]
    bieler = [put(game, BIELER, "fatty", FIELD, up=True) for _ in range(3)]
    start(game, "combat_2")
    for b, m in zip(bieler, merc, strict=False):  # Merc, the phase player, pairs 1-to-1
        assert step(game) == ("combat_pair", MERC)
        act(game, {"pair": b, "with": m})
    assert step(game) == ("combat_join", MERC)  # the larger side shares out its extras
    assert legal(game) == [{"join": merc[3], "group": g} for g in range(3)]
    act(game, {"join": merc[3], "group": 0})
    assert legal(game) == [{"join": merc[4], "group": 1}, {"join": merc[4], "group": 2}]
    act(game, {"join": merc[4], "group": 2})
    sizes = [len(g[MERC]) for g in cb(game)["groups"]]
    assert sizes == [2, 1, 2]


def test_9_8_4_the_owner_of_the_attacking_unit_chooses_its_target() -> None:
    game = game_at()
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "marshydog", FIELD, up=True)
    b = put(game, BIELER, "fatty", FIELD, up=True)
    start(game, "combat_2")
    act(game, {"pair": b, "with": m1})  # m2 joins: {m1, m2; b}, the Fatty faces two enemies
    assert step(game) == ("combat_target", BIELER)  # ruling R23
    assert legal(game) == [{"target": b, "at": m1}, {"target": b, "at": m2}]
    dice(game, 6, 6, 6, 6, 1, 1)
    act(game, {"target": b, "at": m2})
    assert m2 not in game.state["units"] and m1 in game.state["units"]


def test_9_8_2_bieler_chooses_the_ps_partner_first_in_the_2nd_combat_phase() -> None:
    game = game_at()
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD, up=True)
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    fatty = put(game, BIELER, "fatty", FIELD, up=True)
    start(game, "combat_2")  # Merc is the phase player, but the PS partner is Bieler's
    assert step(game) == ("combat_ps", BIELER)
    assert legal(game) == [{"pair": blue, "with": m1}, {"pair": blue, "with": m2}]
    dice(game, *[6] * 8)
    act(game, {"pair": blue, "with": m2})
    assert cb(game)["groups"] == [{MERC: [m2], BIELER: [blue]}, {MERC: [m1], BIELER: [fatty]}]


def test_9_8_6_the_ps_partner_is_chosen_again_every_round() -> None:
    game = game_at()
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD, up=True)
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    fatty = put(game, BIELER, "fatty", FIELD, up=True)
    dice(game, *[6] * 16)
    start(game, "combat_2")
    act(game, {"pair": blue, "with": m2})
    fight_on(game, MERC, BIELER)
    assert step(game) == ("combat_ps", BIELER)  # round 2: the old pairing may be ignored
    act(game, {"pair": blue, "with": m1})
    assert cb(game)["groups"] == [{MERC: [m1], BIELER: [blue]}, {MERC: [m2], BIELER: [fatty]}]


def test_9_8_5_groupings_are_kept_and_free_units_are_placed_again() -> None:
    game = game_at()
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD, up=True)
    m3 = put(game, MERC, "scopedog", FIELD, up=True)
    b1 = put(game, BIELER, "fatty", FIELD, up=True)
    b2 = put(game, BIELER, "fatty", FIELD, up=True)
    start(game, "combat_2")
    act(game, {"pair": b1, "with": m1})
    act(game, {"pair": b2, "with": m2})
    act(game, {"join": m3, "group": 1})  # {m1; b1}, {m2, m3; b2}
    # Merc: m1 misses b1, m2 and m3 destroy b2; Bieler: b1 and b2 miss.
    dice(game, 6, 6, 1, 1, 1, 1, 6, 6, 6, 6)
    act(game, {"target": b2, "at": m2})
    fight_on(game, MERC, BIELER)
    # Round 2: {m1; b1} is kept; m2 and m3 are free and join it (9.8.3 over all groupings).
    assert cb(game)["groups"] == [{MERC: [m1, m2, m3], BIELER: [b1]}]
    assert step(game) == ("combat_target", BIELER)


def test_9_8_5_the_owner_moves_excess_units_to_rebalance() -> None:
    game = game_at()
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD, up=True)
    b = [put(game, BIELER, "bieler_soldier", FIELD, up=True) for _ in range(5)]
    start(game, "combat_2")
    act(game, {"pair": m1, "with": b[0]})  # the first free Merc unit gets a partner
    act(game, {"pair": m2, "with": b[1]})
    for extra, g in ((b[2], 0), (b[3], 1), (b[4], 0)):
        act(game, {"join": extra, "group": g})  # {m1; b0, b2, b4}, {m2; b1, b3}
    # Merc: m1 -> b0 misses, m2 -> b1 destroys it; Bieler all miss.
    dice(game, 6, 6, 1, 1, *[6] * 10)
    act(game, {"target": m1, "at": b[0]})
    act(game, {"target": m2, "at": b[1]})
    fight_on(game, MERC, BIELER)
    # Round 2: {m1; b0, b2, b4} and {m2; b3} differ by 2: Bieler moves one of its excess.
    assert step(game) == ("combat_balance", BIELER)
    assert legal(game) == [{"join": u, "group": 1} for u in (b[0], b[2], b[4])]
    act(game, {"join": b[4], "group": 1})
    assert cb(game)["groups"] == [
        {MERC: [m1], BIELER: [b[0], b[2]]},
        {MERC: [m2], BIELER: [b[3], b[4]]},
    ]


# ------------------------------------------------------------------- 9.12 base attack


def test_9_12_1_base_attack_values() -> None:
    c = components({})
    assert {p: c.places[p].base_attack for p in ("palace", "ex10", "zakui", "ex9")} == {
        "palace": (7, 7),
        "ex10": (7, 5),
        "zakui": (7, 4),
        "ex9": (7, 3),
    }
    assert all(c.places[p].base_attack is None for p in ("ex7", "ex6", "nuba_highland"))


def test_9_12_base_attack_before_round_1_spread_by_the_controller() -> None:
    game = game_at()
    merc = [put(game, MERC, "scopedog", PALACE, up=True) for _ in range(3)]
    put(game, BIELER, "fatty", PALACE, up=True)
    start(game, "combat_2")
    # 7 attacks against 3 units: 2 each, and Bieler (the controller) gives one more (R20).
    assert step(game) == ("combat_base", BIELER)
    assert legal(game) == [{"base_target": m} for m in merc]
    dice(game, 1, 1, *[6] * 12)  # the first attack on merc[0] destroys it, the rest miss
    act(game, {"base_target": merc[1]})
    assert [len(r) for r in rolls(game, "9.12")] == [2] * 7  # 2 + 3 + 2 attacks, need 4
    assert merc[0] not in game.state["units"]  # 9.12.4: damage before round 1
    assert step(game) == ("combat_pair", MERC)  # round 1 with the survivors


def test_9_3_and_r20_base_attack_alone_when_the_controller_has_no_units() -> None:
    game = game_at()
    game.state["control"]["zakui"] = BIELER
    m = put(game, MERC, "scopedog", ZAKUI)  # face-down in an enemy base with base attack
    d = dice(game, *[6] * 8)
    start(game, "combat_2")
    assert unit(game, m)["up"]  # 9.3: everything in the hex is turned face-up
    assert len(rolls(game, "9.12")) == 4 and d.faces == []  # Zakui 7 x 4, nothing else
    assert game.state["control"]["zakui"] == MERC  # 2.3.1: the intruder holds it now


# ------------------------------------------------------------------------- 10 VP


def test_10_1_bieler_scores_own_ats_only_and_10_2_merc_scores_5_per_ps() -> None:
    game = game_at()
    m = [put(game, MERC, "marshydog", FIELD, up=True) for _ in range(3)]
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    fatty = put(game, BIELER, "fatty", FIELD, up=True)
    soldier = put(game, BIELER, "bieler_soldier", FIELD, up=True)
    start(game, "combat_2")
    act(game, {"pair": blue, "with": m[0]})
    dice(game, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6)  # Merc destroys all three, Bieler misses
    cups = len(game.state["cups"][BIELER])
    act(game, {"pair": m[1], "with": fatty})  # the last pair is forced; then the rolls
    assert game.state["vp"] == {MERC: 5, BIELER: 1}  # the Fatty only; 5 for Blue AT
    assert len(game.state["cups"][BIELER]) == cups + 2  # 9.10.2: Fatty and soldier
    assert soldier not in game.state["units"]


def test_10_1_ps_experience_equals_the_defence_and_a_heli_gives_2() -> None:
    game = game_at()
    kan_yu = put(game, MERC, "kan_yu", FIELD, up=True)  # 11-5 in the initial stage
    heli = put(game, MERC, "heli", FIELD, up=True)
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    dog = put(game, BIELER, "strike_dog", FIELD, up=True)
    start(game, "combat_1")  # Bieler first
    heli_stock = game.state["stock"][MERC].count("heli")
    dice(game, 1, 1, 1, 1, 6, 6)  # Blue AT and Strike Dog hit; Kan Yu misses, heli can't hit
    act(game, {"pair": blue, "with": kan_yu})  # Strike Dog's partner is then the heli
    assert game.state["vp"][BIELER] == 5 + 2
    assert game.state["stock"][MERC].count("heli") == heli_stock + 1  # 9.10.2
    assert game.state["next_stage"] == 1  # 12.4: Kan Yu and Blue AT took part together
    assert heli not in game.state["units"] and unit(game, dog)["hex"] == FIELD


def test_9_10_4_destroyed_kan_yu_returns_face_up_home_at_the_end_of_the_phase() -> None:
    game = game_at(stage=1)  # Kan Yu 12-6: Blue AT needs 5
    kan_yu = put(game, MERC, "kan_yu", FIELD, up=True)
    put(game, BIELER, "blue_at", FIELD, up=True)
    dice(game, 2, 3, 6, 6)  # Bieler (phase player) first: Blue AT destroys Kan Yu
    start(game, "combat_1")
    assert kan_yu not in game.state["units"]
    back = [u for u in game.state["units"].values() if u["type"] == "kan_yu"]
    assert [(u["hex"], u["up"]) for u in back] == [(EX10, True)]
    assert game.state["returns"] == []
    assert game.state["stage"] == 2  # 12.5: destroyed by Blue AT: stage 2 at once, no check


def test_12_8_watch_check_after_kan_yu_destroys_blue_at_in_stage_4() -> None:
    game = game_at(stage=4)  # Kan Yu 12-6 against Blue AT 11-5
    put(game, MERC, "kan_yu", FIELD, up=True)
    blue = put(game, BIELER, "blue_at", FIELD, up=True)
    dice(game, 6, 6, 1, 1, 6)  # Blue AT misses, Kan Yu hits; watch check 6 - 1 = 5
    start(game, "combat_1")
    assert blue not in game.state["units"]
    assert game.state["stage"] == 5  # at once: Blue AT leaves the game (12.9)
    assert "blue_at" in game.state["removed"] and game.state["returns"] == []
    assert not any(u["type"] == "blue_at" for u in game.state["units"].values())
    assert game.state["vp"][MERC] == 5  # 10.2


# ------------------------------------------------------------------- 13 Kiriko and Ypsilon


def palace_duel(stage: int = 6) -> tuple[wartable.Game, str, str]:
    game = game_at(stage=stage)
    game.state["control"]["palace"] = None  # no base attack in these tests
    dog = put(game, BIELER, "strike_dog", PALACE, up=True)
    kiriko = put(game, MERC, "kiriko", PALACE, up=True)
    game.state["stock"][MERC].remove("kiriko")
    game.state["stock"][BIELER].remove("strike_dog")
    return game, dog, kiriko


def test_13_1_strike_dog_must_attack_kiriko_in_a_palace_combat() -> None:
    game, dog, kiriko = palace_duel()
    other = put(game, MERC, "scopedog", PALACE, up=True)
    start(game, "combat_1")  # Strike Dog's partner is forced: no decision
    groups = cb(game)["groups"]
    assert {MERC: [kiriko, other], BIELER: [dog]} in groups
    assert cb(game)["targets"] == {dog: kiriko}


def test_13_2_kiriko_destroying_strike_dog_leaves_the_game_and_10_2_gives_no_vp() -> None:
    game, dog, kiriko = palace_duel()
    dice(game, 6, 6, 1, 1)  # Strike Dog misses, Kiriko hits
    start(game, "combat_1")
    assert dog not in game.state["units"] and kiriko not in game.state["units"]
    assert "kiriko" in game.state["removed"]
    assert game.state["vp"][MERC] == 0
    assert [u["type"] for u in game.state["units"].values()] == ["strike_dog"]  # back home
    assert unit(game, next(iter(game.state["units"])))["hex"] == PALACE


def test_13_3_strike_dog_destroying_kiriko_scores_its_defence_and_removes_it() -> None:
    game, dog, kiriko = palace_duel()
    dice(game, 1, 1, 6, 6)
    start(game, "combat_1")
    assert "kiriko" in game.state["removed"] and kiriko not in game.state["units"]
    assert game.state["vp"][BIELER] == 5 and dog in game.state["units"]


@pytest.mark.parametrize(("option", "removed"), [("removed", True), ("cup", False)])
def test_r28_kiriko_destroyed_by_another_unit(option: str, removed: bool) -> None:
    game = game_at(stage=3)
    game.state["options"]["kiriko_destroyed"] = option
    put(game, MERC, "kiriko", FIELD, up=True)
    game.state["stock"][MERC].remove("kiriko")
    put(game, BIELER, "fatty", FIELD, up=True)
    cup = game.state["cups"][MERC].count("kiriko")
    dice(game, 6, 6, 1, 1)
    start(game, "combat_2")
    assert ("kiriko" in game.state["removed"]) is removed
    assert game.state["cups"][MERC].count("kiriko") == cup + (not removed)


# ------------------------------------------------------------------- 12.10 in the Palace


def test_12_10_strike_dog_arrival_check_at_the_start_of_each_palace_round() -> None:
    game = game_at(stage=6)
    game.state["control"]["palace"] = None
    m = put(game, MERC, "scopedog", PALACE, up=True)
    put(game, BIELER, "fatty", PALACE, up=True)
    # Round 1: check 3 (+0) fails; both miss. Round 2: check 3 (+1) = 4 succeeds.
    dice(game, 3, 6, 6, 6, 6, 3)
    start(game, "combat_1")
    assert game.state["mods"]["strike_dog"] == 1
    fight_on(game, BIELER, MERC)
    dog = next(u["id"] for u in game.state["units"].values() if u["type"] == "strike_dog")
    assert (unit(game, dog)["hex"], unit(game, dog)["up"]) == (PALACE, True)
    assert dog in cb(game)["units"][BIELER]  # R35: it fights from this round
    assert game.state["mods"]["strike_dog"] == 0
    assert step(game) == ("combat_target", MERC)  # the scopedog faces Strike Dog and Fatty
    assert {"target": m, "at": dog} in legal(game)


def test_12_10_kiriko_check_at_round_end_brings_kiriko_in_next_round() -> None:
    game = game_at(stage=6)
    game.state["control"]["palace"] = None
    m = put(game, MERC, "scopedog", PALACE, up=True)
    dog = put(game, BIELER, "strike_dog", PALACE, up=True)
    game.state["stock"][BIELER].remove("strike_dog")
    # Round 1 misses; Bieler (PS only) rolls 9.11.4: 4, may continue; Kiriko check 2: joins.
    dice(game, 6, 6, 6, 6, 4, 2, 6, 6, 6, 6, 6, 6, 5)
    start(game, "combat_1")
    fight_on(game, BIELER, MERC)
    kiriko = next(u["id"] for u in game.state["units"].values() if u["type"] == "kiriko")
    assert "kiriko" not in game.state["stock"][MERC]
    (group,) = cb(game)["groups"]
    assert sorted(group[MERC]) == sorted([m, kiriko]) and group[BIELER] == [dog]  # 13.1
    assert cb(game)["targets"] == {dog: kiriko}
    assert step(game) == ("combat_retreat", BIELER)


# --------------------------------------------------------------------------- 9.11 retreat


def one_on_one(phase: str = "combat_2", *, blue: bool = False) -> tuple[wartable.Game, str, str]:
    """A Merc Scopedog against a Bieler unit in FIELD; round 1 misses both ways."""
    game = game_at()
    m = put(game, MERC, "scopedog", FIELD, up=True)
    b = put(game, BIELER, "blue_at" if blue else "fatty", FIELD, up=True)
    return game, m, b


def test_9_11_1_and_9_11_2_the_phase_player_retreats_first_and_the_combat_ends() -> None:
    game, m, b = one_on_one()
    dice(game, 6, 6, 6, 6)
    start(game, "combat_2")
    assert step(game) == ("combat_retreat", MERC)
    act(game, {"retreat": True})
    assert step(game) == ("combat_retreat_move", MERC)
    assert legal(game) == [{"retreat_unit": m, "to": h} for h in ("G07", "G08", "H08")]
    act(game, {"retreat_unit": m, "to": "G08"})
    assert unit(game, m)["hex"] == "G08" and unit(game, b)["hex"] == FIELD
    assert halted(game)  # Bieler was never asked (9.11.2)


def test_9_11_3_a_side_with_only_face_down_units_must_retreat() -> None:
    game = game_at()
    put(game, MERC, "scopedog", FIELD, up=True)
    put(game, BIELER, "fatty", FIELD, up=True)
    hidden = put(game, BIELER, "bieler_soldier", FIELD)
    dice(game, 1, 1, 6, 6)  # the face-up Fatty is destroyed
    start(game, "combat_2")
    fight_on(game, MERC)
    assert step(game) == ("combat_retreat_move", BIELER)  # no choice: forced
    assert legal(game) == [{"retreat_unit": hidden, "to": h} for h in ("H06", "I07", "I08")]
    act(game, {"retreat_unit": hidden, "to": "I07"})
    assert unit(game, hidden)["hex"] == "I07" and not unit(game, hidden)["up"]


@pytest.mark.parametrize(("die", "forced"), [(1, True), (3, True), (4, False), (6, False)])
def test_9_11_4_bieler_with_only_ps_face_up_rolls_once(die: int, forced: bool) -> None:
    game, _, _ = one_on_one(blue=True)
    dice(game, 6, 6, 6, 6, die)
    start(game, "combat_2")
    fight_on(game, MERC)
    assert rolls(game, "9.11.4") == [[die]]
    expected = "combat_retreat_move" if forced else "combat_retreat"
    assert step(game) == (expected, BIELER)


def test_9_11_5_9_11_6_9_11_10_legal_retreat_hexes() -> None:
    game = game_at()
    m = put(game, MERC, "scopedog", FIELD, up=True)
    b = put(game, BIELER, "fatty", FIELD, up=True)
    state = game.state
    assert combat.retreat_hexes(state, unit(game, m)) == ["G07", "G08", "H08"]  # NE, SE, S
    assert combat.retreat_hexes(state, unit(game, b)) == ["H06", "I07", "I08"]  # N, NW, SW
    put(game, BIELER, "fatty", "G07", up=True)  # face-up enemy: closed
    put(game, BIELER, "fatty", "G08")  # face-down enemy only: open (9.11.6)
    assert combat.retreat_hexes(state, unit(game, m)) == ["G08", "H08"]


def test_9_11_11_an_enemy_base_with_base_attack_is_never_a_retreat_hex() -> None:
    game = game_at()
    m = put(game, MERC, "scopedog", "F07", up=True)  # Zakui E07 lies to its NE
    assert "E07" in combat.retreat_hexes(game.state, unit(game, m))
    game.state["control"]["zakui"] = BIELER
    assert "E07" not in combat.retreat_hexes(game.state, unit(game, m))


def test_9_11_8_no_legal_hex_means_the_side_must_continue() -> None:
    game, _, _ = one_on_one()
    for h in ("G07", "G08", "H08"):
        put(game, BIELER, "fatty", h, up=True)
    dice(game, 6, 6, 6, 6)
    start(game, "combat_2")
    assert step(game) == ("combat_retreat", BIELER)  # Merc could not retreat: not asked


def test_9_11_8_forced_retreat_without_a_hex_turns_units_up_and_fights_on() -> None:
    game = game_at()
    m = put(game, MERC, "scopedog", FIELD, up=True)
    put(game, BIELER, "fatty", FIELD, up=True)
    hidden = put(game, BIELER, "bieler_soldier", FIELD)
    for h in ("H06", "I07", "I08"):
        put(game, MERC, "scopedog", h, up=True)
    dice(game, 1, 1, 6, 6, 6, 6, 6, 6)  # round 1 destroys the Fatty; round 2 misses
    start(game, "combat_2")
    fight_on(game, MERC)
    assert unit(game, hidden)["up"] and hidden in cb(game)["units"][BIELER]
    assert cb(game)["groups"] == [{MERC: [m], BIELER: [hidden]}]
    assert step(game) == ("combat_retreat", MERC)


def test_9_11_12_a_ps_that_cannot_retreat_goes_to_the_palace_without_vp() -> None:
    game, _, blue = one_on_one(blue=True)
    for h in ("H06", "I07", "I08"):
        put(game, MERC, "scopedog", h, up=True)
    dice(game, 6, 6, 6, 6, 2)  # 9.11.4: 2, forced, and no legal hex
    start(game, "combat_2")
    fight_on(game, MERC)
    assert blue not in game.state["units"]
    back = [u for u in game.state["units"].values() if u["type"] == "blue_at"]
    assert [(u["hex"], u["up"]) for u in back] == [(PALACE, True)]
    assert game.state["vp"] == {MERC: 0, BIELER: 0}


def test_r14_proto_one_cannot_retreat_and_hides_that_behind_the_question() -> None:
    game = game_at(stage=7)
    game.state["control"]["palace"] = None
    put(game, MERC, "scopedog", PALACE, up=True)
    put(game, BIELER, "fatty", PALACE, up=True)
    put(game, BIELER, "proto_one", PALACE)  # face-down: Merc does not know it is there
    game.state["stock"][BIELER].remove("proto_one")
    dice(game, 6, 6, 6, 6)
    start(game, "combat_2")
    fight_on(game, MERC)
    assert step(game) == ("combat_retreat", BIELER)  # asked, as when it could retreat
    assert legal(game) == [{"retreat": False}]
    assert blind_legal(game, BIELER) == legal(game)


def test_9_11_9_retreat_moves_every_unit_split_and_helis_fly_home_acted() -> None:
    game = game_at()
    m1 = put(game, MERC, "scopedog", FIELD, up=True)
    m2 = put(game, MERC, "scopedog", FIELD)
    heli = put(game, MERC, "heli", FIELD, up=True)
    b1 = put(game, BIELER, "fatty", FIELD, up=True)
    b2 = put(game, BIELER, "fatty", FIELD, up=True)
    start(game, "combat_1")  # 9.1 turned m2 face-up: three Merc participants
    assert unit(game, m2)["up"]
    act(game, {"pair": b1, "with": m1})  # Bieler, the phase player, pairs
    act(game, {"pair": b2, "with": heli})
    act(game, {"join": m2, "group": 0})  # Merc shares out its extra: {m1, m2; b1}, {heli; b2}
    dice(game, *[6] * 10)
    act(game, {"target": b1, "at": m1})
    fight_on(game, BIELER)
    act(game, {"retreat": True})
    assert (unit(game, heli)["hex"], unit(game, heli)["acted"]) == (EX10, True)
    assert {"retreat_all": "G07"} in legal(game)
    act(game, {"retreat_unit": m1, "to": "H08"})
    act(game, {"retreat_unit": m2, "to": "G07"})
    assert (unit(game, m1)["hex"], unit(game, m2)["hex"]) == ("H08", "G07")


def test_11_3_a_face_down_unit_retreating_into_nuba_highland_is_turned_up() -> None:
    game = game_at()
    put(game, MERC, "scopedog", "F06", up=True)
    b1 = put(game, BIELER, "fatty", "F06", up=True)
    b2 = put(game, BIELER, "bieler_soldier", "F06")
    dice(game, 6, 6, 6, 6)
    start(game, "combat_2")
    fight_on(game, MERC)
    act(game, {"retreat": True})
    act(game, {"retreat_all": "F05"})  # Nuba Highland lies north of F06
    assert unit(game, b2)["up"] and unit(game, b1)["hex"] == unit(game, b2)["hex"] == "F05"


def test_12_10_strike_dog_retreats_only_within_3_hexes_of_the_palace() -> None:
    game = game_at(stage=6)
    dog = put(game, BIELER, "strike_dog", "K07", up=True)  # 3 hexes from the Palace
    grid = comp(game.state).grid
    assert combat.retreat_hexes(game.state, unit(game, dog)) == ["K06", "L06"]  # not L07
    assert grid.distance("L07", PALACE) == 4
    game.state["stage"] = 7  # Strike Dog is limited in stages 6 and 8 only
    assert combat.retreat_hexes(game.state, unit(game, dog)) == ["K06", "L06", "L07"]


# ---------------------------------------------------------------------- R26 and leaks


def test_r26_a_round_in_which_no_attack_can_succeed_ends_the_combat() -> None:
    game = game_at()
    game.state["data"] = {"units": {"merc_soldier": {"attack": 3}, "bieler_soldier": {"attack": 3}}}
    m = put(game, MERC, "merc_soldier", FIELD, up=True)
    b = put(game, BIELER, "bieler_soldier", FIELD, up=True)
    d = dice(game)  # no die may be rolled: hit number 1 both ways
    start(game, "combat_2")
    fight_on(game, MERC, BIELER)
    assert halted(game) and d.faces == []
    assert unit(game, m)["hex"] == unit(game, b)["hex"] == FIELD


def test_6_3_combat_decisions_leak_nothing_face_down() -> None:
    game = game_at()
    put(game, MERC, "scopedog", FIELD, up=True)
    put(game, BIELER, "fatty", FIELD, up=True)
    put(game, BIELER, "bieler_soldier", FIELD)
    put(game, BIELER, "fatty", FIELD)
    dice(game, 1, 1, 6, 6)
    start(game, "combat_2")
    fight_on(game, MERC)
    assert step(game) == ("combat_retreat_move", BIELER)
    assert blind_legal(game, BIELER) == legal(game)
    merc_view = game.view(MERC)["board"]
    assert "bieler_soldier" not in str(merc_view["combat"])
