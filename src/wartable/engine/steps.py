"""Games written as decision points: a registry of step kinds and a `Rules` base built on it.

A game's state holds ``step`` — the decision it waits for, ``{"kind": ..., ...}`` — and
``end`` — the result, or None while the game goes on. Each rules module registers the kinds of
decision it owns (who decides, what they may choose, what choosing does, how to say it) and
stops at one with `Steps.wait`; the procedure between decisions is plain code, so a phase reads
top to bottom like its rulebook section.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from wartable.engine.data import ComponentSet, Schema
from wartable.engine.errors import OptionError
from wartable.engine.log import Msg
from wartable.engine.rules import Action, Context, Rules, State

Actors = Callable[[State], tuple[str, ...]]
Legal = Callable[[State, str], list[Action]]
Apply = Callable[[Context, State, str, Action], None]
Describe = Callable[[State, str, Action], Msg]


@dataclass(frozen=True)
class StepKind:
    """One kind of decision: who decides, what they may choose, what choosing does."""

    actors: Actors
    legal: Legal
    apply: Apply
    describe: Describe | None


class Steps:
    """The kinds of decision of one game (each of its modules registers its own at import)."""

    def __init__(self) -> None:
        self.kinds: dict[str, StepKind] = {}

    def register(
        self,
        kind: str,
        actors: Actors,
        legal: Legal,
        apply: Apply,
        describe: Describe | None = None,
    ) -> None:
        self.kinds[kind] = StepKind(actors, legal, apply, describe)

    @staticmethod
    def wait(state: State, kind: str, **data: Any) -> None:
        """Stop at a decision of `kind`."""
        state["step"] = {"kind": kind, **data}

    def current(self, state: State) -> StepKind | None:
        step = state.get("step")
        return None if step is None else self.kinds[step["kind"]]


class StepRules(Rules):
    """`Rules` for a game driven by `Steps`, with a ``data`` option (printed values laid over
    the shipped component file) and options for rulings with two readings."""

    steps: Steps
    # the shipped component file, its schema, and the build of printed values laid over it
    components: ComponentSet[Any]
    # option name -> its readings, the default first (docs/rulings/<game>.md)
    ruling_options: ClassVar[dict[str, tuple[str, ...]]] = {}

    def default_options(self) -> dict[str, Any]:
        readings = {name: choices[0] for name, choices in self.ruling_options.items()}
        return {"data": {}, **readings}

    def check_options(self, options: dict[str, Any]) -> None:
        super().check_options(options)
        for name, choices in self.ruling_options.items():
            if name in options and options[name] not in choices:
                raise OptionError(f"option {name!r} must be one of {', '.join(choices)}")
        self.components.get(options.get("data", {}))  # OptionError names a bad field

    def data_schema(self) -> Schema:
        return self.components.schema

    def data_file(self) -> Path:
        return self.components.path

    # These run several times per action: `Steps.current` is written out in each.

    def to_act(self, state: State) -> tuple[str, ...]:
        step = state.get("step")
        kind = None if step is None else self.steps.kinds[step["kind"]]
        if state["end"] is not None or kind is None:
            return ()
        return kind.actors(state)

    def legal_actions(self, state: State, player: str) -> list[Action]:
        step = state.get("step")
        if step is None:
            return []
        kind = self.steps.kinds[step["kind"]]
        if state["end"] is not None or player not in kind.actors(state):
            return []
        return kind.legal(state, player)

    def legal_actions_of_actor(self, state: State, player: str) -> list[Action]:
        # `to_act` named the player, so a step is under way and the game is not over
        return self.steps.kinds[state["step"]["kind"]].legal(state, player)

    def apply(self, ctx: Context, state: State, player: str, action: Action) -> None:
        step = state.get("step")
        assert step is not None  # Game.check lets no one act without a step
        self.steps.kinds[step["kind"]].apply(ctx, state, player, action)

    def result(self, state: State) -> dict[str, Any] | None:
        end: dict[str, Any] | None = state["end"]
        return end

    def describe(self, state: State, player: str, action: Action) -> Msg:
        kind = self.steps.current(state)
        if kind is not None and kind.describe is not None:
            return kind.describe(state, player, action)
        return super().describe(state, player, action)
