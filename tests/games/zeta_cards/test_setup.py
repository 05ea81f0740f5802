"""Rule 1 (setup) and 2.1 (turn order): what the players check before the first turn."""

from __future__ import annotations

from collections import Counter

import pytest

import wartable
from wartable.games.zeta_cards.components import components
from wartable.games.zeta_cards.state import comp

from .helpers import C, act, new

START_BASES = {
    "aeug": {"granada": 4, "von_braun": 1, "hickory": 3, "new_hong_kong": 1},
    "titans": {"green_noa": 3, "gryps2": 1, "jaburo": 4, "kilimanjaro": 3},
    "neo_zeon": {"axis": 4, "side3": 3},
}


def test_1_2_and_c_every_value_comes_from_the_data_file_and_the_data_option() -> None:
    game = new(data={"cards": {"nemo": {"attack": 5}}})
    assert comp(game.state).cards["nemo"].values(1)[0] == 5
    assert C.cards["nemo"].values(1)[0] == 2  # the shipped file is untouched
    raw = C.raw
    for table in ("cards", "bases", "factions"):
        for entry in raw[table].values():
            assert entry["source"].startswith(("rule ", "reconstructed: "))
            assert set(entry["name"]) == {"ja", "en"}


def test_1_2_the_stock_holds_five_shared_domestic_piles_and_each_factions_own_piles() -> None:
    game = new()
    domestic = [cid for cid, card in C.cards.items() if card.domestic]
    assert sorted(domestic) == ["dev1", "dev2", "dev3", "gov1", "gov2"]
    assert all(C.cards[cid].faction == "shared" for cid in domestic)
    assert game.state["stock"] == {cid: card.stock for cid, card in C.cards.items() if card.stock}
    for faction in ("aeug", "titans", "neo_zeon"):
        own = [c for c in C.cards.values() if c.faction == faction]
        assert {c.kind for c in own} == {"ms", "ship", "char"}
        assert sum(game.state["stock"].get(c.id, 0) for c in own) > 0


def test_1_3_each_faction_starts_with_its_named_bases_at_the_printed_levels() -> None:
    state = new().state
    for faction, bases in START_BASES.items():
        held = {bid: b["level"] for bid, b in state["bases"].items() if b["owner"] == faction}
        assert held == bases
    assert C.bases["granada"].name == {"ja": "グラナダ", "en": "Granada"}
    assert C.bases["axis"].name["ja"] == "アクシズ"


def test_1_3_the_eight_other_tiles_are_neutral_at_level_0_in_the_stock() -> None:
    state = new().state
    neutral = [bid for bid, b in state["bases"].items() if b["owner"] is None]
    assert len(neutral) == 8 and len(state["bases"]) == 18
    assert all(state["bases"][bid]["level"] == 0 for bid in neutral)


def test_1_4_fifteen_card_starting_decks_are_shuffled_and_five_cards_drawn() -> None:
    game = new(seed=3)
    state = game.state
    expected = {
        "aeug": {
            "nemo": 5,
            "rick_dias": 1,
            "gundam_mk2": 1,
            "argama": 1,
            "quattro": 1,
            "apolly": 1,
            "roberto": 1,
            "henken": 1,
            "blex": 1,
            "dev1": 1,
            "dev2": 1,
        },
        "titans": {
            "hizack": 5,
            "galbaldy_beta": 1,
            "alexandria": 1,
            "salamis_kai": 1,
            "jerid": 1,
            "kacricon": 1,
            "lila": 1,
            "bask": 1,
            "jamaican": 1,
            "dev1": 1,
            "dev2": 1,
        },
        "neo_zeon": {
            "gaza_c": 7,
            "gwadan": 1,
            "haman": 1,
            "mineva": 1,
            "mashymre": 1,
            "chara": 1,
            "gotton": 1,
            "dev1": 1,
            "dev2": 1,
        },
    }
    for faction, deck in expected.items():
        assert len(state["hand"][faction]) == 5 and len(state["deck"][faction]) == 10
        assert Counter(state["hand"][faction] + state["deck"][faction]) == Counter(deck)
    shuffles = [e for e in game.events if e["kind"] == "shuffle" and e["rule"] == "1.4"]
    assert len(shuffles) == 3
    hands = {tuple(sorted(new(seed=s).state["hand"]["aeug"])) for s in range(10)}
    assert len(hands) > 1  # the deck is shuffled, so the hand changes with the seed


def test_1_4_kyara_in_the_neo_zeon_deck_is_chara_soon_a_character() -> None:
    assert C.cards["chara"].kind == "char" and C.cards["chara"].name["ja"] == "キャラ・スーン"
    assert C.cards["gundam_mk2"].name["ja"] == "ガンダムMk-Ⅱ"


def test_1_5_every_tl_starts_at_1() -> None:
    assert new().state["tl"] == {"aeug": 1, "titans": 1, "neo_zeon": 1}


def test_1_6_the_first_player_is_chosen_at_random() -> None:
    firsts = {new(seed=s).state["active"] for s in range(30)}
    assert firsts == {"aeug", "titans", "neo_zeon"}
    game = new(seed=4)
    assert game.to_act == (game.state["first"],)
    assert any(e.get("rule") == "1.6" for e in game.events)


@pytest.mark.parametrize(
    ("seating", "order"),
    [
        ("aeug_titans_neo_zeon", ("aeug", "titans", "neo_zeon")),
        ("aeug_neo_zeon_titans", ("aeug", "neo_zeon", "titans")),
    ],
)
def test_2_1_turns_go_clockwise_from_the_first_player(seating: str, order: tuple[str, ...]) -> None:
    game = new(seed=5, seating=seating)
    assert tuple(game.state["order"]) == order
    seen = [game.state["active"]]
    for _ in range(4):
        act(game, seen[-1], {"end": True})
        seen.append(game.state["active"])
    start = order.index(seen[0])
    assert seen == [order[(start + i) % 3] for i in range(5)]


def test_2_1_z1_the_seats_are_drawn_at_setup_and_announced() -> None:
    orders = Counter(tuple(new(seed=s, seating="drawn").state["order"]) for s in range(40))
    assert set(orders) == {("aeug", "titans", "neo_zeon"), ("aeug", "neo_zeon", "titans")}
    assert new(seed=3).options["seating"] == "aeug_titans_neo_zeon"  # these tests' helper
    assert wartable.new_game("zeta-cards", seed=3).options["seating"] == "drawn"  # the default
    game = new(seed=3, seating="drawn")
    seats = [e for e in game.events if e.get("msg", {}).get("en", "").startswith("seats")]
    assert len(seats) == 1 and seats[0]["rule"] == "2.1"
    names = {"aeug": "AEUG", "titans": "Titans", "neo_zeon": "Neo Zeon"}
    assert seats[0]["msg"]["en"].endswith(" → ".join(names[p] for p in game.state["order"]))
    assert game.view("titans")["board"]["order"] == game.state["order"]


def test_z1_a_seating_option_that_names_no_seating_is_refused() -> None:
    with pytest.raises(wartable.OptionError, match="seating"):
        new(seating="titans_first")


def test_the_game_is_registered_with_three_factions() -> None:
    assert "zeta-cards" in wartable.games()
    assert wartable.new_game("zeta-cards", seed=1).players == ("aeug", "titans", "neo_zeon")
    assert components({}) is components({})
