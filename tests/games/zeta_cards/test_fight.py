"""Rule 6: the fight, step by step as the players see it at the table."""

from __future__ import annotations

from collections import Counter

from wartable.games.zeta_cards import combat
from wartable.games.zeta_cards.combat import values
from wartable.games.zeta_cards.view import hidden_paths

from .helpers import C, act, base_of, fight, legal, new, play, said, step, turn_of, units

TITANS_AND_NEO_ZEON = {"green_noa", "gryps2", "jaburo", "kilimanjaro", "axis", "side3"}


def test_6_1_only_bases_of_another_faction_can_be_attacked() -> None:
    game = turn_of(new(), "aeug", ["nemo"])
    act(game, "aeug", {"take": "fight"})
    attacks = {a["attack"] for a in legal(game, "aeug") if "attack" in a}
    assert attacks == TITANS_AND_NEO_ZEON  # not AEUG's own bases, not the neutral ones
    base_of(game, "dakar", "titans", 1)
    assert "dakar" in {a["attack"] for a in legal(game, "aeug") if "attack" in a}


def test_6_1_one_base_per_fight() -> None:
    game = new()
    fight(game, "aeug", "gryps2", ["nemo"], [])
    assert game.state["last_fight"]["base"] == "gryps2"
    assert said(game.events, "6.1") == ["AEUG attacks Gryps 2 (Titans, LV1)"]


def test_6_2_several_fights_a_turn_the_same_base_again_each_card_once() -> None:
    game = new()
    fight(game, "aeug", "kilimanjaro", ["nemo"], [])
    game.state["hand"]["aeug"] = ["nemo", "rick_dias"]  # what is left after the first fight
    assert step(game) == "fight"
    play(game, "aeug", {"attack": "kilimanjaro"})
    assert legal(game, "aeug") == [{"commit": "nemo"}, {"commit": "rick_dias"}]
    play(game, "aeug", {"commit": "nemo"}, {"commit": "rick_dias"})
    assert legal(game, "aeug") == [{"ready": True}]  # the cards already used are gone


def test_6_3_the_attacker_chooses_ms_ships_and_characters_face_down() -> None:
    game = turn_of(new(), "aeug", ["nemo", "dev1", "argama", "quattro", "gov1"])
    play(game, "aeug", {"take": "fight"}, {"attack": "jaburo"})
    assert game.to_act == ("aeug",)
    assert legal(game, "aeug") == [{"commit": "argama"}, {"commit": "nemo"}, {"commit": "quattro"}]
    act(game, "aeug", {"commit": "nemo"})
    titans = game.view("titans")["board"]["fight"]
    assert titans["picked"]["attacker"] == 1  # the number of face-down cards, not what they are
    assert game.view("aeug")["board"]["fight"]["picked"]["attacker"] == ["nemo"]
    assert ("fight", "picked", "attacker", 0) in set(hidden_paths(game.state, "titans"))
    assert ("fight", "picked", "attacker", 0) not in set(hidden_paths(game.state, "aeug"))
    assert "Nemo" not in " ".join(e["msg"]["en"] for e in game.events[-2:] if "msg" in e)


def test_6_3_the_attacker_plays_at_least_one_card() -> None:
    game = turn_of(new(), "aeug", ["nemo"])
    play(game, "aeug", {"take": "fight"}, {"attack": "jaburo"})
    assert {"ready": True} not in legal(game, "aeug")


def test_6_4_only_the_bases_owner_defends_and_it_may_play_nothing() -> None:
    game = turn_of(new(), "aeug", ["nemo"])
    game.state["hand"]["titans"] = ["hizack", "dev1"]
    play(game, "aeug", {"take": "fight"}, {"attack": "gryps2"}, {"commit": "nemo"}, {"ready": True})
    assert game.to_act == ("titans",)
    assert legal(game, "neo_zeon") == []
    assert legal(game, "titans") == [{"commit": "hizack"}, {"ready": True}]
    assert game.view("aeug")["board"]["fight"]["picked"]["defender"] == 0


def test_6_5_both_sides_reveal_even_when_the_defender_played_nothing() -> None:
    game = new()
    events = fight(game, "aeug", "jaburo", ["nemo", "rick_dias"], [])
    assert said(events, "6.5") == [
        "AEUG (attacker) reveals Nemo, Rick Dias",
        "Titans (defender) reveals nothing",
    ]


def test_6_6_a_ship_draws_its_sortie_ms_ships_characters_join_domestic_cards_are_discarded() -> (
    None
):
    game = new()
    events = fight(game, "aeug", "gryps2", ["argama"], [], deck={"aeug": ["gov2", "dev1", "nemo"]})
    sortie = [e for e in events if e.get("rule") == "6.6" and e["kind"] == "say"]
    assert sortie[0]["data"]["drawn"] == ["nemo", "dev1"]
    assert sortie[0]["msg"]["en"] == (
        "AEUG's ships sortie 2: Nemo join the fight; Development 1 to the discard pile"
    )
    assert game.state["deck"]["aeug"] == ["gov2"]
    # the Nemo fought: Gryps 2's attack of 2 destroyed it (the Argama's defence is 4)
    assert said(events, "6.12") == ["AEUG loses Nemo"]


def test_6_6_a_ship_drawn_by_a_sortie_joins_but_draws_nothing() -> None:
    game = new()
    events = fight(
        game, "aeug", "gryps2", ["argama"], [], deck={"aeug": ["nemo", "nemo", "nemo", "radish"]}
    )
    assert game.state["deck"]["aeug"] == ["nemo", "nemo"]  # 2 drawn, not 2 + 2
    reveal = [e for e in events if e.get("rule") == "6.6" and e["kind"] == "say"]
    assert len(reveal) == 1 and reveal[0]["data"]["drawn"] == ["radish", "nemo"]


def test_2_4_and_6_6_an_empty_deck_reshuffles_the_discard_pile_during_a_sortie() -> None:
    game = new()
    game.state["discard"]["aeug"] = ["gov1", "gov1", "gov1"]
    events = fight(game, "aeug", "gryps2", ["argama"], [], deck={"aeug": ["nemo"]})
    assert any(e["kind"] == "shuffle" and e["rule"] == "6.6" for e in events)
    drawn = next(e for e in events if e.get("rule") == "6.6" and e["kind"] == "say")
    assert drawn["data"]["drawn"] == ["nemo", "gov1"]


def test_6_7_pilots_board_ms_captains_board_ships_the_attacker_first() -> None:
    game = new()
    fight(
        game,
        "aeug",
        "jaburo",
        ["nemo", "rick_dias", "argama", "quattro", "apolly", "henken"],
        ["hizack", "jerid"],
        deck={"aeug": ["gov1", "gov1"]},
    )
    assert step(game) == "board" and game.state["step"]["side"] == "attacker"
    options = legal(game, "aeug")
    crafts: dict[str, set[str]] = {}
    for option in options:
        crafts.setdefault(option["board"], set()).add(units(game)[option["craft"]]["card"])
    assert crafts == {
        "quattro": {"nemo", "rick_dias"},
        "apolly": {"nemo", "rick_dias"},
        "henken": {"argama"},
    }
    rick = next(i for i, u in enumerate(units(game)) if u["card"] == "rick_dias")
    act(game, "aeug", {"board": "quattro", "craft": rick})
    act(game, "aeug", {"board": "henken", "craft": 2})  # Apolly has only the Nemo left
    pilots = {u["card"]: u["pilot"] for u in units(game)}
    assert pilots == {
        "nemo": "apolly",
        "rick_dias": "quattro",
        "argama": "henken",
        "hizack": "jerid",
    }
    assert said(game.events, "6.7")[-1] == "Jerid Messa boards Hizack"  # then the defender


def test_6_7_a_character_without_a_craft_is_discarded_at_once() -> None:
    game = new()
    game.state["discard"]["aeug"] = []
    fight(game, "aeug", "jaburo", ["nemo", "quattro", "apolly"], [])
    act(game, "aeug", {"board": "quattro", "craft": 0})
    assert game.state["discard"]["aeug"][0] == "apolly"
    assert said(game.events, "6.7")[-1] == "AEUG: no craft left to board for Apolly: discarded"


def test_6_14_a_crewed_craft_is_one_card_with_both_values() -> None:
    unit = {
        "side": "attacker",
        "card": "rick_dias",
        "pilot": "quattro",
        "gone": False,
        "struck": False,
    }
    assert values(C, unit, 1) == (3 + 2, 3 + 1, 1 + 0)
    game = new()
    events = fight(game, "aeug", "jaburo", ["rick_dias", "apolly"], ["hizack", "kacricon"])
    # 4/4 against 3/3: AEUG's 4 destroys the crewed Hizack, Titans' 3 + 4 (base) the Rick Dias
    assert said(events, "6.9") == ["normal attack: attacker 4, defender 7 (base attack 4 included)"]
    assert said(events, "6.12") == [
        "Titans loses Hizack (Kacricon Cacooler)",
        "AEUG loses Rick Dias (Apolly)",
    ]
    assert game.state["last_fight"]["lost"] == {"attacker": 2, "defender": 2}


def test_6_8_first_strike_with_as_many_craft_as_the_difference_of_two_characters_command() -> None:
    game = new()
    fight(
        game,
        "aeug",
        "jaburo",
        ["nemo", "nemo", "rick_dias", "quattro", "apolly", "roberto"],
        ["hizack", "jerid"],
    )
    while step(game) == "board":
        act(game, "aeug", legal(game, "aeug")[0])
    assert game.state["fight"]["command"] == {"attacker": 3 + 1, "defender": 1}  # best two
    assert step(game) == "strike" and game.to_act == ("aeug",)
    assert game.state["fight"]["strikes"] == 3


def test_6_8_equal_command_means_no_first_strike() -> None:
    game = new()
    events = fight(game, "aeug", "jaburo", ["nemo", "apolly"], ["hizack", "jerid"])
    assert said(events, "6.8") == ["command 1 against 1: no first strike"]


def test_6_8_first_strike_is_optional_and_may_use_only_some_craft() -> None:
    game = new()
    fight(
        game,
        "aeug",
        "jaburo",
        ["nemo", "nemo", "rick_dias", "quattro", "apolly", "roberto"],
        ["hizack", "jerid"],
    )
    while step(game) == "board":
        act(game, "aeug", legal(game, "aeug")[0])
    first = legal(game, "aeug")
    assert {"done": True} in first and len(first) > 2
    strike = next(a for a in first if "strike" in a)
    events = act(game, "aeug", strike)
    assert {"done": True} in legal(game, "aeug")
    events += act(game, "aeug", {"done": True})
    assert len([m for m in said(events, "6.8") if m.endswith("strikes first")]) == 1
    game2 = new()
    fight(game2, "aeug", "jaburo", ["nemo", "quattro"], ["hizack"])
    events = act(game2, "aeug", {"done": True})
    assert "no first strike" in said(events, "6.8")


def test_6_8_and_6_15_the_base_attack_never_joins_a_first_strike() -> None:
    game = new()
    events = fight(game, "aeug", "jaburo", ["nemo", "rick_dias"], ["hizack", "lila"])
    assert step(game) == "strike" and game.to_act == ("titans",)
    events = act(game, "titans", next(a for a in legal(game, "titans") if "strike" in a))
    assert "first strike: 4 attack (the base's attack never joins it)" in said(events, "6.8")
    assert step(game) == "alloc" and game.state["fight"]["total"]["defender"] == 4  # not 4 + 4


def test_6_10_first_strike_damage_is_applied_before_the_normal_attack() -> None:
    game = new()
    fight(game, "aeug", "jaburo", ["nemo", "rick_dias"], ["hizack", "lila"])
    act(game, "titans", next(a for a in legal(game, "titans") if "strike" in a))
    rick = next(i for i, u in enumerate(units(game)) if u["card"] == "rick_dias")
    events = act(game, "titans", {"hit": rick})
    assert said(events, "6.10") == ["AEUG loses Rick Dias"]
    # the Rick Dias does not attack; the Hizack (Lila) struck and stands down: the base alone
    assert said(events, "6.9") == ["normal attack: attacker 2, defender 4 (base attack 4 included)"]


def test_6_9_first_strikers_stand_down_in_the_normal_attack() -> None:
    game = new()
    fight(game, "aeug", "jaburo", ["nemo", "rick_dias"], ["hizack", "lila"])
    act(game, "titans", next(a for a in legal(game, "titans") if "strike" in a))
    nemo = next(i for i, u in enumerate(units(game)) if u["card"] == "nemo")
    events = act(game, "titans", {"hit": nemo})
    # the Hizack (Lila) struck first: only the base attacks now; the Rick Dias still attacks
    assert said(events, "6.9") == ["normal attack: attacker 3, defender 4 (base attack 4 included)"]
    assert said(events, "6.12")[0] == "Titans loses Hizack (Lila Milla Rira)"  # still a target


def test_6_9_option_first_strikers_attack_again() -> None:
    game = new(first_strikers="attack_again")
    fight(game, "aeug", "jaburo", ["nemo", "rick_dias"], ["hizack", "lila"])
    act(game, "titans", next(a for a in legal(game, "titans") if "strike" in a))
    rick = next(i for i, u in enumerate(units(game)) if u["card"] == "rick_dias")
    events = act(game, "titans", {"hit": rick})
    assert said(events, "6.9") == ["normal attack: attacker 2, defender 8 (base attack 4 included)"]


def test_6_9_and_6_10_the_normal_attack_is_simultaneous_and_secret() -> None:
    game = new()
    fight(
        game,
        "aeug",
        "kilimanjaro",
        ["nemo", "rick_dias", "gundam_mk2"],
        ["hizack", "galbaldy_beta", "marasai"],
    )
    assert step(game) == "alloc" and set(game.to_act) == {"aeug", "titans"}
    assert game.state["fight"]["total"] == {"attacker": 9, "defender": 2 + 3 + 3 + 3}
    marasai = next(i for i, u in enumerate(units(game)) if u["card"] == "marasai")
    act(game, "aeug", {"hit": marasai})
    assert game.view("titans")["board"]["fight"]["alloc"]["attacker"] is None
    assert game.view("aeug")["board"]["fight"]["alloc"]["attacker"] == [marasai]
    assert ("fight", "alloc", "attacker") in set(hidden_paths(game.state, "titans"))
    assert not any(u["gone"] for u in units(game))  # nothing applied yet
    while game.state["fight"] is not None:
        player = game.to_act[0]
        act(game, player, legal(game, player)[0])
    lost = game.state["last_fight"]["lost"]
    assert lost["attacker"] >= 3 and lost["defender"] >= 2  # both sides lost at once


def test_6_15_the_base_attack_joins_the_defenders_normal_attack_even_with_no_cards() -> None:
    game = new()
    events = fight(game, "aeug", "jaburo", ["nemo"], [])
    assert said(events, "6.9") == ["normal attack: attacker 2, defender 4 (base attack 4 included)"]
    assert said(events, "6.12") == ["AEUG loses Nemo"]


def test_6_11_to_6_13_attack_below_a_cards_defence_is_wasted() -> None:
    game = new()
    fight(game, "aeug", "gryps2", ["nemo"], ["marasai"])
    assert game.state["last_fight"]["lost"] == {"attacker": 1, "defender": 0}  # 2 < 3
    assert game.state["held"]["titans"] == ["marasai"]


def test_6_12_a_card_receiving_attack_equal_to_its_defence_is_destroyed() -> None:
    game = new()
    fight(game, "aeug", "gryps2", ["gundam_mk2"], ["hizack", "hizack"])
    # 4 attack: 2 + 2 destroys both Hizacks; 2 + 2 + 2 (base) destroys the Mk-II (defence 3)
    assert game.state["last_fight"]["lost"] == {"attacker": 1, "defender": 2}
    assert Counter(game.state["discard"]["titans"])["hizack"] == 2


def test_6_14_a_destroyed_craft_takes_its_character_to_the_discard_pile() -> None:
    game = new()
    game.state["discard"]["aeug"] = []
    events = fight(game, "aeug", "jaburo", ["nemo", "apolly"], [])
    assert said(events, "6.12") == ["AEUG loses Nemo (Apolly)"]
    assert sorted(game.state["discard"]["aeug"]) == ["apolly", "nemo"]
    assert game.state["last_fight"]["lost"]["attacker"] == 2


def test_6_16_surviving_suppression_lowers_the_base_level_by_level() -> None:
    game = new()
    events = fight(game, "aeug", "kilimanjaro", ["methuss", "methuss", "methuss"], [])
    # Kilimanjaro LV3: attack 3 destroys one Methuss; 2 x 2 = 4 suppression, 2 a level at LV3, LV2
    assert game.state["bases"]["kilimanjaro"] == {"owner": "titans", "level": 1}
    assert said(events, "6.16") == ["suppression 4 against Kilimanjaro: LV3 → LV1"]


def test_6_16_suppression_below_the_bases_value_has_no_effect() -> None:
    game = new()
    fight(game, "aeug", "jaburo", ["gundam_mk2", "gundam_mk2"], [])
    assert game.state["bases"]["jaburo"]["level"] == 4  # 1 survivor, suppression 1 < 3


def test_6_16_each_level_costs_the_tiles_value_at_that_level_or_at_the_start_by_option() -> None:
    # Jaburo LV4: suppression 3 at LV4 and LV3, 2 at LV2, 1 at LV1
    assert combat.levels_lost(C, "jaburo", 4, 8, "each_level") == (3, 0)
    assert combat.levels_lost(C, "jaburo", 4, 8, "fight_start") == (2, 2)
    assert combat.levels_lost(C, "jaburo", 4, 2, "each_level") == (0, 2)


def test_6_17_a_political_base_loses_at_most_two_levels_in_one_fight() -> None:
    assert C.bases["axis"].political and not C.bases["jaburo"].political
    assert combat.levels_lost(C, "axis", 4, 30, "each_level") == (2, 24)
    assert combat.levels_lost(C, "jaburo", 4, 30, "each_level") == (4, 21)
    game = new()
    events = fight(game, "aeug", "axis", ["methuss"] * 7, [])
    assert game.state["bases"]["axis"] == {"owner": "neo_zeon", "level": 2}
    assert said(events, "6.17") == [
        "suppression 10 against Axis: LV4 → LV2"
        " (a political base falls at most 2 levels in a fight)"
    ]


def test_6_18_a_base_at_level_0_becomes_neutral_and_goes_to_the_stock() -> None:
    game = new()
    fight(game, "aeug", "kilimanjaro", ["methuss", "methuss", "methuss", "nemo"], [])
    assert step(game) == "alloc" and game.to_act == ("titans",)
    methuss = next(i for i, u in enumerate(units(game)) if u["card"] == "methuss")
    events = act(game, "titans", {"hit": methuss})
    assert game.state["bases"]["kilimanjaro"] == {"owner": None, "level": 0}  # 2 + 2 + 1 = 5
    assert said(events, "6.18") == ["Kilimanjaro becomes neutral and goes to the stock"]
    assert "kilimanjaro" not in {a.get("attack") for a in legal(game, "aeug")}


def test_6_19_every_card_the_attacker_used_goes_to_its_discard_pile() -> None:
    game = new()
    game.state["discard"]["aeug"] = []
    fight(
        game,
        "aeug",
        "side3",
        ["rick_dias", "gundam_mk2", "argama"],
        [],
        deck={"aeug": ["gov1", "dev1", "nemo"]},
    )
    assert Counter(game.state["discard"]["aeug"]) == Counter(
        ["rick_dias", "gundam_mk2", "argama", "nemo", "dev1"]
    )
    assert game.state["bases"]["side3"]["level"] == 1  # 4 suppression, 2 levels (political)


def test_6_20_the_defenders_survivors_return_to_hand_when_all_fights_are_over() -> None:
    game = new()
    fight(game, "aeug", "gryps2", ["nemo"], ["salamis_kai"], deck={"titans": ["marasai"]})
    assert Counter(game.state["held"]["titans"]) == Counter(["salamis_kai", "marasai"])
    assert game.state["hand"]["titans"] == []
    game.state["hand"]["aeug"] = ["nemo"]
    play(game, "aeug", {"attack": "gryps2"}, {"commit": "nemo"}, {"ready": True})
    assert legal(game, "titans") == [{"ready": True}]  # the survivors are not in hand yet
    act(game, "titans", {"ready": True})
    assert game.state["held"]["titans"] != []
    events = act(game, "aeug", {"done": True})
    assert sorted(game.state["hand"]["titans"]) == ["marasai", "salamis_kai"]
    assert game.state["held"]["titans"] == []
    assert said(events, "6.20") == ["Titans takes Salamis Kai, Marasai back into its hand"]
