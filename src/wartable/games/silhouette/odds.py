"""Exact hit odds of an attack (S6.3, S3), from what every seat may see.

The outline of a sheet (which cells are still there) is public, and so is each machine's SP, so
the chance that two dice land on a live cell of the target — and the chance once the attacker
spends its SP as well as it can (2 SP: one die ±1; 4 SP: one die to any face) — is public too.
What the defender's interrupts may do is its secret, so the odds stop before them.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from fractions import Fraction
from typing import Any

from wartable.engine import State, msg
from wartable.games.silhouette.grid import SIZE, Cell
from wartable.games.silhouette.sheet import sheet
from wartable.games.silhouette.state import comp, in_action, machine, name_of


def die_cost(face: int, wanted: int, shift: int, set_: int) -> int:
    """The SP to turn one die from `face` to `wanted`: shifts of one, or one set."""
    return 0 if face == wanted else min(shift * abs(face - wanted), set_)


def hit_chance(cells: AbstractSet[Cell], sp: int, shift: int, set_: int) -> Fraction:
    """P(the two dice, then at most `sp` SP of skills, reach a live cell)."""
    hits = 0
    for row in range(1, SIZE + 1):
        for col in range(1, SIZE + 1):
            cost = min(
                (die_cost(row, r, shift, set_) + die_cost(col, c, shift, set_) for r, c in cells),
                default=sp + 1,
            )
            hits += cost <= sp
    return Fraction(hits, SIZE * SIZE)


def answer(state: State | None, query: dict[str, str]) -> dict[str, Any]:
    if state is None:
        raise ValueError("silhouette odds are asked of a game in progress: target=<machine>")
    unknown = set(query) - {"target", "by"}
    if unknown:
        raise ValueError(f"unknown odds question {sorted(unknown)[0]!r} (ask target=, by=)")
    machines = state["machines"]
    by = query.get("by") or (state["order"][state["turn"]] if state["order"] else "")
    if by not in machines:
        raise ValueError(f"no machine {by!r} (machines: {', '.join(machines)})")
    attacker = machine(state, by)
    targets = [query["target"]] if "target" in query else list(machines)
    rules = comp(state).rules
    rows: list[dict[str, Any]] = []
    lines: list[tuple[str, str]] = []
    for tid in targets:
        if tid not in machines:
            raise ValueError(f"no machine {tid!r} (machines: {', '.join(machines)})")
        t = machine(state, tid)
        if t["side"] == attacker["side"] or not in_action(t):
            continue
        cells = sheet(state, t).live
        plain = hit_chance(cells, 0, rules["shift_cost"], rules["set_cost"])
        sp = attacker["sp"] if attacker["owner"] is not None else 0  # S3: players' skills
        best = hit_chance(cells, sp, rules["shift_cost"], rules["set_cost"])
        name = name_of(t)
        pct = (f"{float(plain):.0%}", f"{float(best):.0%}")
        note = msg(
            f"{len(cells)} cells: dice alone {pct[0]}, with {sp} SP {pct[1]}",
            f"{len(cells)}枠: ダイスのみ{pct[0]}、SP{sp}使用で{pct[1]}",
        )
        lines.append((f"{name['en']}: {note['en']}", f"{name['ja']}: {note['ja']}"))
        rows.append(
            {
                "target": tid,
                "label": name,
                "win": float(best),
                "lose": float(1 - best),
                "exact": {"dice": str(plain), "with_sp": str(best)},
                "note": note,
            }
        )
    who = name_of(attacker)
    return {
        "text": msg(
            "\n".join(f"{who['en']} -> {en}" for en, _ in lines),
            "\n".join(f"{who['ja']}→{ja}" for _, ja in lines),
        ),
        "data": {
            "title": msg("Chance to hit (before interrupts)", "命中率（割込の前）"),
            "rows": rows,
        },
    }
