"""Rule 19: the combat sequence of one battle, the six steps in the order of 19.1.

Each step lives in its own module and registers here with `combat_step`. A step is a function
that does its work and returns the name of the step to run next (normally `following` its own),
or None when it stops at a decision: the decision's apply then calls `battle.proceed` with the
step to resume. A step no module has registered yet is passed over, as a phase is (flow.py);
docs/rules-coverage/zeta.md says which are written. After the sixth step the battle ends, even
with enemy units left (19.3).
"""

from __future__ import annotations

from collections.abc import Callable

from wartable.engine import Context, State

# Rule 19.1: preparation, air combat, anti-aircraft fire, bombing, bombardment, governance drop.
STEPS = ("preparation", "air", "aa", "bombing", "bombardment", "decline")
END = "end"  # past the sixth step (19.3)

CombatStep = Callable[[Context, State], str | None]

COMBAT_STEPS: dict[str, CombatStep] = {}


def combat_step(name: str) -> Callable[[CombatStep], CombatStep]:
    """Register the function that runs one step of 19.1."""

    def register(run: CombatStep) -> CombatStep:
        COMBAT_STEPS[name] = run
        return run

    return register


def following(name: str) -> str:
    """The step after `name` in the order of 19.1, or `END` after the last."""
    index = STEPS.index(name) + 1
    return STEPS[index] if index < len(STEPS) else END


def run(ctx: Context, state: State, name: str) -> bool:
    """Run the steps from `name` on: True once the battle is over (19.3), False when a step
    waits for a decision."""
    while name != END:
        state["action"]["battle"]["step"] = name
        step = COMBAT_STEPS.get(name)
        if step is None:
            name = following(name)
            continue
        after = step(ctx, state)
        if after is None:
            return False
        name = after
    return True
