"""Rule 10 (the card phase: three of five cards chosen in secret, the action deck) and 11 (one
card drawn and shown per action phase, the cards back at the end of the turn), with what each
faction may see of them (digest D.1)."""

from __future__ import annotations

import json

from games.zeta.helpers import finish_armament, game
from wartable.engine import Game

KEEP_SSG = {"keep": ["space", "space", "ground"]}


def card_phase() -> Game:
    g = game()
    finish_armament(g)  # nothing to deploy on turn 1: the card phase follows
    return g


def test_10_2_any_three_of_the_five_cards() -> None:
    g = card_phase()
    assert g.to_act == ("aeug", "titans", "neo_zeon")  # 10.3: every faction chooses
    assert sorted(a["keep"] for a in g.legal_actions("aeug")) == [
        ["ground", "ground", "atmosphere"],
        ["space", "ground", "atmosphere"],
        ["space", "ground", "ground"],
        ["space", "space", "atmosphere"],
        ["space", "space", "ground"],
    ]


def test_10_2_the_choice_is_secret_and_made_at_the_same_time() -> None:
    g = card_phase()
    before = g.view("titans")["board"]
    g.apply("aeug", KEEP_SSG)
    assert g.to_act == ("titans", "neo_zeon") and not g.legal_actions("aeug")
    after = g.view("titans")["board"]
    assert after["cards"]["aeug"] == {"hand": 2, "in_deck": 3}  # sizes only
    assert "aeug.space" not in json.dumps(after) and "aeug.ground" not in json.dumps(after)
    assert {k: v for k, v in after.items() if k != "cards"} == {
        k: v for k, v in before.items() if k != "cards"
    }
    assert g.view("aeug")["board"]["kept"] == ["aeug.space", "aeug.space", "aeug.ground"]
    assert g.view("aeug")["board"]["hand"] == ["aeug.ground", "aeug.atmosphere"]  # 10.5
    mine = [e for e in g.log("aeug") if e.get("to") == ["aeug"]]
    assert mine[-1]["msg"]["en"] == "keep Space, Space, Ground"
    assert all(e.get("to") is None for e in g.log("titans")[-2:])


def test_10_4_the_nine_cards_are_shuffled_into_the_action_deck() -> None:
    g = card_phase()
    for faction in g.to_act:
        g.apply(faction, KEEP_SSG)
    state = g.state
    # the first card is drawn at once (11.2): the deck and the drawn card hold all nine
    cards = state["deck"] + state["drawn"]
    assert sorted(cards) == sorted(f"{f}.{k}" for f in state["kept"] for k in KEEP_SSG["keep"])
    assert len(state["drawn"]) == 1 and state["phase"] == "action"
    shuffle = next(e for e in g.events if e["kind"] == "shuffle")
    assert shuffle["rule"] == "10.4" and "to" not in shuffle and "order" not in json.dumps(shuffle)
    assert g.view(None)["board"]["deck"] == 8


def test_11_2_11_4_each_phase_draws_and_shows_one_card_and_the_turn_ends_with_the_deck() -> None:
    g = card_phase()
    for faction in g.to_act:
        g.apply(faction, KEEP_SSG)
    shown: list[str] = []
    for n in range(1, 10):
        act = g.state["action"]
        card = act["card"]
        shown.append(card)
        assert (act["n"], act["faction"], act["type"]) == (n, *card.split("."))
        assert g.to_act == (act["faction"],)
        event = next(e for e in reversed(g.events) if e.get("rule") == "11.2")
        assert event["data"]["card"] == card and "to" not in event  # shown to everyone
        assert g.view("neo_zeon")["board"]["drawn"] == shown
        g.apply(act["faction"], {"end": True})
    assert (
        sorted(c.split(".")[0] for c in shown) == ["aeug"] * 3 + ["neo_zeon"] * 3 + ["titans"] * 3
    )
    assert g.state["turn"] == 2


def test_11_5_the_cards_go_back_at_the_end_of_the_turn() -> None:
    g = card_phase()
    for faction in g.to_act:
        g.apply(faction, {"keep": ["ground", "ground", "atmosphere"]})
    for _ in range(9):
        g.apply(g.to_act[0], {"end": True})
    for faction in ("aeug", "titans", "neo_zeon"):
        assert len(g.state["hand"][faction]) == 5 and g.state["kept"][faction] == []
    assert g.state["deck"] == [] and g.state["drawn"] == []


def test_d1_a_faction_sees_its_own_cards_left_in_the_deck_but_not_the_order() -> None:
    g = card_phase()
    for faction in g.to_act:
        g.apply(faction, KEEP_SSG)
    board = g.view("titans")["board"]
    left = ["titans.space", "titans.space", "titans.ground"]
    for card in g.state["drawn"]:
        if card.startswith("titans."):
            left.remove(card)
    assert board["kept"] == left and board["deck"] == 8
