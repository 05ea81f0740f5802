"""Tests of wartable.engine.conformance: the correct Skirmish passes, and every kind of defect
the kit promises to catch is caught, under its own kind, in a deliberately broken Skirmish."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from support.skirmish import SKIRMISH, Skirmish
from wartable.engine import Action, Context, IllegalAction, State, msg
from wartable.engine.conformance import KINDS, ConformanceError, check_game
from wartable.engine.rules import Path

# --------------------------------------------------------------------------- the correct game


def test_skirmish_passes_200_games() -> None:
    report = check_game(SKIRMISH, games=200)
    assert report.games == 200
    assert report.actions > 0
    assert report.longest > 0
    assert report.illegal_probes > 0
    assert report.view_checks > 0


def test_skirmish_passes_when_probed_sparsely() -> None:
    report = check_game(SKIRMISH, games=10, seed=1000, check_every=5, probes=1)
    assert report.games == 10
    assert 0 < report.view_checks < report.actions + report.games


# --------------------------------------------------------------------------- broken games


class Crashes(Skirmish):
    """apply divides by zero at the first fight."""

    id = "skirmish-crash"

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        if "defend" in action:
            _ = 1 // 0
        super().apply(ctx, state, player, action)


class ViewCrashes(Skirmish):
    """view fails once a unit is destroyed (a crash outside apply is still a crash)."""

    id = "skirmish-view-crash"

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        if len(state["units"]) < 6:
            raise KeyError("lost")
        return super().view(state, player)


class NoActionsAtTurn3(Skirmish):
    """The active player has no legal move at turn 3 though `to_act` still names them."""

    id = "skirmish-no-actions"

    def legal_actions(self, state: State, player: str) -> list[Action]:
        if state["turn"] == 3 and state["phase"] == "move":
            return []
        return super().legal_actions(state, player)


class NoOneToAct(Skirmish):
    """No one is to act at turn 3 though the game is not over."""

    id = "skirmish-no-one"

    def to_act(self, state: State) -> tuple[str, ...]:
        if state["turn"] == 3 and state["phase"] == "move":
            return ()
        return super().to_act(state)


class TurnNeverAdvances(Skirmish):
    """end_turn forgets to count the turn: only a wipe-out can end the game."""

    id = "skirmish-endless"

    def end_turn(self, state: State) -> None:
        turn = state["turn"]
        super().end_turn(state)
        state["turn"] = turn


class UmpireWins(Skirmish):
    """The result names a winner who is not a player."""

    id = "skirmish-umpire"

    def result(self, state: State) -> dict[str, Any] | None:
        result = super().result(state)
        if result is not None:
            result["winners"] = [*result["winners"], "umpire"]
        return result


class GlobalRandomWeather(Skirmish):
    """Each turn's weather comes from Python's global `random`, not the game's dice."""

    id = "skirmish-global-random"

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        turn = state["turn"]
        super().apply(ctx, state, player, action)
        if state["turn"] != turn:
            state["weather"] = random.randint(1, 6)


class Tally(list[Any]):
    """A list subclass: `copy_plain` shares it instead of copying it."""


class SharedTally(Skirmish):
    """The state keeps a tally of actions in a `Tally`, which clones share with the original."""

    id = "skirmish-shared-tally"

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = super().setup(ctx, players, options)
        state["tally"] = Tally()
        return state

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        super().apply(ctx, state, player, action)
        state["tally"].append(player)


class SetInView(Skirmish):
    """The view lists the map as a set."""

    id = "skirmish-set-view"

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        view = super().view(state, player)
        view["map"] = set(view["map"])
        return view


class TupleInView(Skirmish):
    """The view lists the map as a tuple (JSON turns it into a list)."""

    id = "skirmish-tuple-view"

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        view = super().view(state, player)
        view["map"] = tuple(view["map"])
        return view


class SetInLogNoSecrets(Skirmish):
    """A game that declares no secrets logs a set: the records handed out are not JSON."""

    id = "skirmish-set-log"

    def hidden_paths(self, state: State, player: str | None) -> Iterable[Path]:
        return ()

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        super().apply(ctx, state, player, action)
        ctx.say(msg("acted", "行動"), who={player})


class ShowsKinds(Skirmish):
    """The view shows the kind of every unit, face-down enemies included."""

    id = "skirmish-shows-kinds"

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        view = super().view(state, player)
        view["units"] = [dict(u) for u in state["units"]]
        return view


class ShowsStance(Skirmish):
    """The view shows the opponent's stance before both have chosen."""

    id = "skirmish-shows-stance"

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        view = super().view(state, player)
        view["stance"] = dict(state["stance"])
        return view


class SaysSetupKinds(Skirmish):
    """Setup tells everyone, in the message text, what each face-down unit is."""

    id = "skirmish-says-setup"

    def setup(self, ctx: Context, players: tuple[str, ...], options: dict[str, Any]) -> State:
        state = super().setup(ctx, players, options)
        for unit in state["units"]:
            ctx.say(msg(f"{unit['id']} is a {unit['kind']}", f"{unit['id']} は {unit['kind']}"))
        return state


class SaysMovedKind(Skirmish):
    """A move tells everyone, in the message text, what the (face-down) unit is."""

    id = "skirmish-says-move"

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        if "move" in action:
            unit = self.unit(state, action["move"])
            if not unit["up"]:
                ctx.say(msg(f"a {unit['kind']} moves", f"{unit['kind']} が移動"))
        super().apply(ctx, state, player, action)


class SaysMovedKindInData(Skirmish):
    """A move names the (face-down) unit's kind in the event's data, for everyone."""

    id = "skirmish-says-move-data"

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        if "move" in action:
            unit = self.unit(state, action["move"])
            ctx.say(msg("a unit moves", "ユニットが移動"), unit=unit["id"], kind=unit["kind"])
        super().apply(ctx, state, player, action)


class FearsTanks(Skirmish):
    """Units may not move into a hex holding an enemy tank, even a face-down one."""

    id = "skirmish-fears-tanks"

    def destinations(self, state: State, unit: dict[str, Any]) -> list[str]:
        tanks = {
            u["hex"] for u in state["units"] if u["side"] != unit["side"] and u["kind"] == "tank"
        }
        return [to for to in super().destinations(state, unit) if to not in tanks]


class AcceptsAnything(Skirmish):
    """check accepts everything and apply silently ignores what it does not know."""

    id = "skirmish-accepts-anything"

    def check(
        self, state: State, player: str, action: Action, legal: Callable[[], list[Action]]
    ) -> None:
        pass

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        if action in self.legal_actions(state, player):
            super().apply(ctx, state, player, action)


class CountsProbes(Skirmish):
    """check counts the actions it looks at in the state, before it refuses one."""

    id = "skirmish-counts-probes"

    def check(
        self, state: State, player: str, action: Action, legal: Callable[[], list[Action]]
    ) -> None:
        state["checked"] = state.get("checked", 0) + 1
        super().check(state, player, action, legal)


class ForbidsPassing(Skirmish):
    """legal_actions offers a pass that check then refuses."""

    id = "skirmish-forbids-passing"

    def check(
        self, state: State, player: str, action: Action, legal: Callable[[], list[Action]]
    ) -> None:
        super().check(state, player, action, legal)
        if "pass" in action:
            raise IllegalAction("rule X1: you may not pass")


class KeepsSecrets(Skirmish):
    """determinize hands back the real state: a search on it would see every face-down unit."""

    id = "skirmish-keeps-secrets"

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        return state


class RedrawsOwnUnits(Skirmish):
    """determinize re-draws the player's own units too, which they can see."""

    id = "skirmish-redraws-own"

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        state = super().determinize(state, player, rng)
        for unit in state["units"]:
            unit["kind"] = rng.choice(["tank", "guard", "scout"])
        return state


class DrawsInRealOrder(Skirmish):
    """determinize deals the unseen pool in the order the real state holds it, so the copy
    tells the real order apart (an agent searching it would learn the hidden cup order)."""

    id = "skirmish-real-order"

    def determinize(self, state: State, player: str, rng: random.Random) -> State:
        for side, cup in state["cups"].items():
            unseen = [u for u in state["units"] if u["side"] == side and not u["up"]]
            unseen = [] if side == player else unseen
            pool = cup + [u["kind"] for u in unseen]
            turn = rng.randrange(len(pool))
            pool = pool[turn:] + pool[:turn]  # rotated, never sorted
            for unit in unseen:
                unit["kind"] = pool.pop() if pool else unit["kind"]
            state["cups"][side] = cup
        return state


BROKEN = [
    (Crashes(), "crash"),
    (ViewCrashes(), "crash"),
    (NoActionsAtTurn3(), "dead-end"),
    (NoOneToAct(), "dead-end"),
    (TurnNeverAdvances(), "endless"),
    (UmpireWins(), "bad-result"),
    (GlobalRandomWeather(), "replay"),
    (SharedTally(), "clone"),
    (SetInView(), "not-json"),
    (TupleInView(), "not-json"),
    (SetInLogNoSecrets(), "not-json"),
    (ShowsKinds(), "leak"),
    (ShowsStance(), "leak"),
    (SaysSetupKinds(), "leak"),
    (SaysMovedKind(), "leak"),
    (SaysMovedKindInData(), "leak"),
    (FearsTanks(), "leak"),
    (AcceptsAnything(), "accepted-illegal"),
    (CountsProbes(), "changed-on-illegal"),
    (ForbidsPassing(), "refused-legal"),
    (KeepsSecrets(), "determinize"),
    (RedrawsOwnUnits(), "determinize"),
    (DrawsInRealOrder(), "determinize"),
]


def test_broken_games_have_distinct_ids() -> None:
    ids = [rules.id for rules, _ in BROKEN]
    assert len(set(ids)) == len(ids)
    assert SKIRMISH.id not in ids


def test_every_kind_is_exercised() -> None:
    assert {kind for _, kind in BROKEN} == set(KINDS)


@pytest.mark.parametrize(("rules", "kind"), BROKEN, ids=[rules.id for rules, _ in BROKEN])
def test_broken_game_is_caught(rules: Skirmish, kind: str) -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(rules, games=10)
    assert caught.value.kind == kind, str(caught.value)
    assert caught.value.game_id == rules.id


def test_leaky_view_is_caught_even_when_probed_sparsely() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(ShowsKinds(), games=5, check_every=7)
    assert caught.value.kind == "leak"
    assert caught.value.step % 7 == 0


# --------------------------------------------------------------------------- the message


def test_error_message_names_game_seed_and_step() -> None:
    rules = Crashes()
    with pytest.raises(ConformanceError) as caught:
        check_game(rules, games=5, seed=31)
    error = caught.value
    assert error.kind == "crash"
    assert error.game_id == "skirmish-crash"
    assert 31 <= error.seed < 36
    assert error.step > 0  # the first fight comes after a stance and a move at least
    text = str(error)
    assert text.startswith(f"skirmish-crash seed {error.seed} step {error.step}: crash:")
    assert "ZeroDivisionError" in text


def test_error_step_is_the_failing_action() -> None:
    # NoActionsAtTurn3 is stuck exactly when turn 3's move phase begins: two turns of play
    # (each a stance for both sides and a move or a fight) plus turn 3's two stances.
    with pytest.raises(ConformanceError) as caught:
        check_game(NoActionsAtTurn3(), games=1, seed=4)
    error = caught.value
    assert (error.kind, error.seed) == ("dead-end", 4)
    assert 8 <= error.step <= 10
    assert f"seed 4 step {error.step}:" in str(error)
