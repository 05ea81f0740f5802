"""The Game contract (DESIGN.md), exercised through the Skirmish test game."""

from __future__ import annotations

import json

import pytest

import wartable
from wartable.engine import Game, IllegalAction, OptionError, UnknownGame, new_game


def play_until(game: Game, phase: str) -> None:
    """Drive the game with the first legal action until the board reaches `phase`."""
    for _ in range(200):
        if game.state["phase"] == phase:
            return
        player = game.to_act[0]
        game.apply(player, game.legal_actions(player)[0])
    raise AssertionError(f"never reached {phase}")


def start_fight(game: Game) -> None:
    """Stances, then red's units march right until one enters a blue hex."""
    for _ in range(100):
        if game.state["phase"] == "defend":
            return
        player = game.to_act[0]
        legal = game.legal_actions(player)
        moves = [a for a in legal if "move" in a]
        enemy = {u["hex"] for u in game.state["units"] if u["side"] != player}
        attack = [a for a in moves if a["to"] in enemy]
        pick = attack or sorted(moves, key=lambda a: a["to"], reverse=player == "red") or legal
        game.apply(player, pick[0])
    raise AssertionError("no fight")


def test_registry_lists_and_creates_games() -> None:
    assert "skirmish" in wartable.games()
    game = wartable.new_game("skirmish", seed=7)
    assert game.players == ("red", "blue")
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        wartable.new_game("chess")


def test_options_are_checked() -> None:
    assert new_game("skirmish", seed=1, options={"turns": 3}).options == {"turns": 3}
    with pytest.raises(OptionError, match="no option 'speed'"):
        new_game("skirmish", options={"speed": 2})
    with pytest.raises(OptionError, match="'turns' must be int"):
        new_game("skirmish", options={"turns": "three"})
    with pytest.raises(OptionError, match="seed must be an integer"):
        new_game("skirmish", seed="x")  # type: ignore[arg-type]


def test_secret_simultaneous_choice_collects_every_answer_before_revealing() -> None:
    game = new_game("skirmish", seed=3)
    assert game.to_act == ("red", "blue")  # both choose at once
    game.apply("blue", {"stance": "defend"})
    assert game.to_act == ("red",)
    red_view = game.view("red")
    assert red_view["board"]["stance"]["blue"] == "chosen"  # that blue chose, not what
    assert "defend" not in json.dumps(red_view["board"])
    assert game.view(None)["board"]["stance"]["blue"] == "chosen"
    assert game.view("blue")["board"]["stance"]["blue"] == "defend"
    events = game.apply("red", {"stance": "attack"})
    assert any("stances revealed" in e["msg"]["en"] for e in events if e["kind"] == "say")
    assert game.view("red")["board"]["stance"] == {"red": "attack", "blue": "defend"}


def test_a_decision_by_the_player_who_is_not_active() -> None:
    game = new_game("skirmish", seed=5)
    start_fight(game)
    defender = game.state["fight"]["defender"]
    assert defender != game.state["active"]
    assert game.to_act == (defender,)
    assert game.legal_actions(game.state["active"]) == []
    assert all("defend" in a for a in game.legal_actions(defender))


def test_illegal_actions_name_what_is_wrong_and_change_nothing() -> None:
    game = new_game("skirmish", seed=1)
    before = game.fingerprint()
    with pytest.raises(IllegalAction, match="no player 'green'"):
        game.apply("green", {"stance": "attack"})
    with pytest.raises(IllegalAction, match="not a legal action"):
        game.apply("red", {"stance": "charge"})
    with pytest.raises(IllegalAction, match="a JSON object"):
        game.apply("red", "attack")  # type: ignore[arg-type]
    game.apply("red", {"stance": "attack"})
    with pytest.raises(IllegalAction, match="not red's decision"):
        game.apply("red", {"stance": "defend"})
    assert game.actions == [("red", {"stance": "attack"})]
    assert before != game.fingerprint()


def test_a_failing_action_leaves_no_trace() -> None:
    """Even a bug inside a game's apply cannot leave the game half-changed."""
    game = new_game("skirmish", seed=2)
    game.apply("red", {"stance": "attack"})
    before = game.fingerprint()
    original = game.rules.apply

    def broken(ctx, state, player, action):  # type: ignore[no-untyped-def]
        if player == "blue":  # a bug that strikes halfway through blue's action
            state["turn"] = 99
            raise RuntimeError("bug")
        original(ctx, state, player, action)

    game.rules.apply = broken  # type: ignore[method-assign]
    try:
        with pytest.raises(RuntimeError):
            game.apply("blue", {"stance": "defend"})
    finally:
        del game.rules.apply
    assert game.rules.apply == original
    assert game.fingerprint() == before
    assert game.actions == [("red", {"stance": "attack"})]


def test_every_roll_is_logged_with_who_how_many_the_result_and_the_rule() -> None:
    game = new_game("skirmish", seed=5)
    start_fight(game)
    defender = game.state["fight"]["defender"]
    events = game.apply(defender, game.legal_actions(defender)[0])
    rolls = [e for e in events if e["kind"] == "roll"]
    assert len(rolls) == 2
    for roll in rolls:
        assert roll["by"] in game.players
        assert roll["count"] == 1 and len(roll["dice"]) == 1 and 1 <= roll["total"] <= 6
        assert roll["rule"] == "S5"
        assert "to" not in roll  # public


def test_views_hide_face_down_units_from_the_opponent_only() -> None:
    game = new_game("skirmish", seed=11)
    red = game.view("red")["board"]["units"]
    blue = game.view("blue")["board"]["units"]
    spectator = game.view(None)["board"]["units"]
    assert all(u["kind"] for u in red if u["side"] == "red")
    assert all(u["kind"] is None for u in red if u["side"] == "blue")
    assert all(u["kind"] is None for u in blue if u["side"] == "red")
    assert all(u["kind"] is None for u in spectator)
    assert game.view("red")["board"]["cups"] == {"red": 2, "blue": 2}  # sizes, not contents


def test_view_offers_legal_actions_only_to_those_who_act() -> None:
    game = new_game("skirmish", seed=1)
    game.apply("red", {"stance": "attack"})
    assert "legal_actions" not in game.view("red")
    assert game.view("blue")["legal_actions"][0]["text"]["ja"].startswith("構え")
    with pytest.raises(IllegalAction):
        game.view("green")


def test_undo_takes_back_a_choice_but_never_a_roll_or_a_reveal() -> None:
    game = new_game("skirmish", seed=4)
    game.apply("red", {"stance": "attack"})
    assert game.can_undo("red") and not game.can_undo("blue")
    game.undo("red")
    assert game.actions == [] and game.to_act == ("red", "blue")
    game.apply("red", {"stance": "attack"})
    game.apply("blue", {"stance": "attack"})  # reveals both stances
    assert not game.can_undo("blue")
    with pytest.raises(IllegalAction, match="past a die roll or a hidden reveal"):
        game.undo("blue")
    mover = game.to_act[0]
    step = next(a for a in game.legal_actions(mover) if "move" in a)
    fingerprint = game.fingerprint()
    game.apply(mover, step)
    if game.state["phase"] != "defend":  # a plain move reveals nothing: it can be taken back
        game.undo(mover)
        assert game.fingerprint() == fingerprint


def test_undo_refused_for_another_players_action() -> None:
    game = new_game("skirmish", seed=4)
    game.apply("red", {"stance": "defend"})
    with pytest.raises(IllegalAction, match="blue made no action"):
        game.undo("blue")


def test_clone_continues_identically_and_independently() -> None:
    game = new_game("skirmish", seed=9)
    play_until(game, "move")
    twin = game.clone()
    for g in (game, twin):
        for _ in range(6):
            if g.over:
                break
            p = g.to_act[0]
            g.apply(p, g.legal_actions(p)[-1])
    assert twin.fingerprint() == game.fingerprint()
    twin.apply(twin.to_act[0], twin.legal_actions(twin.to_act[0])[0])
    assert twin.fingerprint() != game.fingerprint()


def test_result_when_over() -> None:
    game = new_game("skirmish", seed=6, options={"turns": 1})
    assert game.result is None and not game.over
    game.apply("red", {"stance": "attack"})
    game.apply("blue", {"stance": "attack"})
    game.apply("red", {"pass": True})
    assert game.over and game.to_act == ()
    assert game.result == {"winners": [], "scores": {"red": 3, "blue": 3}}
    with pytest.raises(IllegalAction, match="over"):
        game.apply("red", {"pass": True})


# -- determinized copies -----------------------------------------------------------------------


def test_a_determinized_copy_shows_its_player_the_same_game() -> None:
    game = new_game("skirmish", seed=11)
    play_until(game, "move")
    copy = game.determinized("red", seed=3)
    assert copy.view("red")["board"] == game.view("red")["board"]
    assert copy.view("red")["legal_actions"] == game.view("red")["legal_actions"]
    assert copy.log("red") == game.log("red")


def test_a_determinized_copy_redraws_what_the_player_cannot_see() -> None:
    game = new_game("skirmish", seed=11)
    blue_units = [u["kind"] for u in game.state["units"] if u["side"] == "blue"]
    drawn = {
        tuple(u["kind"] for u in game.determinized("red", seed=s).state["units"][3:])
        for s in range(30)
    }
    assert len(drawn) > 1
    assert any(kinds != tuple(blue_units) for kinds in drawn)
    # red's own units are red's to see: never re-drawn
    assert {
        tuple(u["kind"] for u in game.determinized("red", seed=s).state["units"][:3])
        for s in range(30)
    } == {tuple(u["kind"] for u in game.state["units"][:3])}


def test_a_determinized_copy_does_not_foretell_the_real_dice() -> None:
    game = new_game("skirmish", seed=11)
    copies = [game.determinized("red", seed=s) for s in range(20)]
    real = game.clone().dice.roll(8)
    assert all(copy.dice.roll(8) != real for copy in copies)
    assert len({copy.dice.state for copy in copies}) == 20


def test_a_determinized_copy_holds_no_event_the_player_did_not_see() -> None:
    game = new_game("skirmish", seed=11)
    game.apply("blue", {"stance": "attack"})  # red may not know it yet
    copy = game.determinized("red", seed=1)
    assert copy.state["stance"]["blue"] in ("attack", "defend")
    assert len(copy.events) == len(game.events)
    for real, seen in zip(game.events, copy.events, strict=True):
        assert seen == real or (seen["kind"] == "unseen" and "red" not in seen["to"])


def test_a_determinized_copy_replays_from_its_own_record() -> None:
    game = new_game("skirmish", seed=11)
    play_until(game, "move")
    copy = game.determinized("blue", seed=5)
    start_fight(copy)
    while not copy.over:
        player = copy.to_act[0]
        copy.apply(player, copy.legal_actions(player)[0])
    record = json.loads(json.dumps(copy.record()))
    assert record["start"]["state"] != game.state or record["actions"]
    assert wartable.replay(record).fingerprint() == copy.fingerprint()


def test_determinized_refuses_a_stranger() -> None:
    with pytest.raises(IllegalAction, match="no player 'green'"):
        new_game("skirmish", seed=1).determinized("green", seed=1)


# -- answers kept between actions ----------------------------------------------------------------


def test_answers_about_the_state_are_kept_until_it_changes() -> None:
    """Who acts, the result and the legal actions are asked of the rules once per state; an
    action, an undo or a test's reset of `_legal` after editing the state forgets them."""
    game = new_game("skirmish", seed=4)
    calls = {"to_act": 0, "result": 0}
    rules = game.rules
    to_act, result = rules.to_act, rules.result

    def counted_to_act(state):  # type: ignore[no-untyped-def]
        calls["to_act"] += 1
        return to_act(state)

    def counted_result(state):  # type: ignore[no-untyped-def]
        calls["result"] += 1
        return result(state)

    rules.to_act, rules.result = counted_to_act, counted_result  # type: ignore[method-assign]
    try:
        asked = {}
        for _ in range(3):
            assert game.to_act == ("red", "blue") and not game.over and game.result is None
            game.legal_actions("red")
            asked = asked or dict(calls)
        assert calls == asked and calls["result"] == 1
        game.apply("red", {"stance": "attack"})
        assert game.to_act == ("blue",)
        game.undo("red")
        assert game.to_act == ("red", "blue")
        game.state["stance"]["red"] = "defend"  # a test's hand-made position
        assert game.to_act == ("red", "blue")  # still the kept answer
        game._legal = {}
        assert game.to_act == ("blue",)
        assert game.legal_actions("red") == []
    finally:
        del rules.to_act, rules.result  # type: ignore[misc]


def test_a_failing_action_forgets_no_answer_it_should_not() -> None:
    game = new_game("skirmish", seed=2)
    game.apply("red", {"stance": "attack"})
    assert game.to_act == ("blue",)
    with pytest.raises(IllegalAction):
        game.apply("blue", {"stance": "sideways"})
    assert game.to_act == ("blue",) and game.legal_actions("blue")


def test_a_determinized_copy_keeps_its_start_while_it_plays_on() -> None:
    game = new_game("skirmish", seed=11)
    play_until(game, "move")
    copy = game.determinized("blue", seed=5)
    before = json.dumps(copy.state, sort_keys=True)
    twin = copy.clone()
    start_fight(copy)
    play_until(copy, "move")
    assert copy.start is not None and json.dumps(copy.start["state"], sort_keys=True) == before
    assert twin.start == copy.start
    for g in (copy, twin):
        at = g.fingerprint()
        g.apply(g.to_act[0], {"pass": True})
        g.undo(g.actions[-1][0])  # rebuilt from the start, replaying the actions before
        assert g.fingerprint() == at
    assert json.dumps(twin.state, sort_keys=True) == before


def test_copies_made_later_hold_the_later_log() -> None:
    """The log a player's copies start from is kept per player and grows with the game."""
    game = new_game("skirmish", seed=11)
    game.apply("blue", {"stance": "attack"})
    first = game.determinized("red", seed=1)
    game.apply("red", {"stance": "defend"})
    later = game.determinized("red", seed=1)
    assert len(first.events) < len(later.events) == len(game.events)
    assert later.log("red") == game.log("red")
    assert first.events == later.events[: len(first.events)]
    game.undo("red") if game.can_undo("red") else None
    again = game.determinized("red", seed=1)
    assert len(again.events) == len(game.events)
    assert again.log("red") == game.log("red")


def test_log_since_reads_only_the_new_events() -> None:
    game = new_game("skirmish", seed=5)
    play_until(game, "move")
    everything = game.log("red")
    assert game.log("red", since=3) == [e for e in everything if e["n"] >= 3]
    assert game.log("red", since=-2) == everything
    assert game.log("red", since=len(game.events) + 5) == []
