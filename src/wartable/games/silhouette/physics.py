"""The standing test of S10 ③ (digest P.5): how far a damaged paper robot leans.

The rules leave "has it fallen?" to the players, with a guide: bent 90° or more and touching the
floor is fallen, propped at under 70° may fight on, in between is for the players. Software needs
a deterministic, explainable number instead, so this module turns a sheet's live cells into a
tilt in degrees; the caller compares it with `STANDS_BELOW` and `FALLS_AT` (and its grey-zone
policy). Nothing here knows about parts, weapons or turns.

Geometry: a cell (row, col) is a unit square centred at x = col − 0.5, y = row − 0.5, so the
ground is y = 0 and level k is the line y = k between rows k and k + 1. Mass 1 per live cell.

Joints (digest P.2): orthogonal neighbours 1, diagonal neighbours ``w_d``, printed links 1 (in
addition to any adjacency: a printed line is extra paper), and a ground joint of strength 1 from
every row-1 cell to the base. A joint is weakened at most once per property: by ``kappa_cut``
if either end is cut, and by ``tau_tear`` if either end is frayed, because one slit or one
ragged hole weakens the whole joint it touches, not each side of it separately.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

Cell = tuple[int, int]  # (row, col)

STANDS_BELOW = 70.0  # S10 ③: propped at less than 70° may keep fighting
FALLS_AT = 90.0  # S10 ③: bent 90° or more (and touching the floor) is fallen


@dataclass(frozen=True)
class CellState:
    """Damage that weakens a live cell's joints without removing it (digest P.4)."""

    cut: bool = False  # has a scissor slit (each edge touching it is weakened by kappa_cut)
    frayed: bool = False  # next to a cell torn out by hand (its edges weakened by tau_tear)


Cells = Mapping[Cell, CellState]  # the live cells only
Links = Iterable[tuple[Cell, Cell]]  # printed connecting lines


@dataclass(frozen=True)
class Profile:
    """The model and its tunable constants; none of them come from the rules (digest P.5 ⑦)."""

    model: str  # "hinge" (Model B) or "tip" (Model A)
    k: float  # the paper's stiffness constant K of Model B
    w_d: float = 0.25  # strength of a diagonal (corner) joint
    kappa_cut: float = 1.0
    tau_tear: float = 1.0
    beta: float = 0.0


@dataclass(frozen=True)
class Neck:
    """One level's load set holding the core, with the numbers a replay log shows (P.8)."""

    level: int  # 0 = the ground line, k = between rows k and k+1
    cells: frozenset[Cell]  # the load set hanging on this neck (contains the core)
    mass: int
    width: float  # sum of the strengths of the joints crossing the level that hold this load
    lever: float  # effective lever lambda (0 for a hanging load)
    rho: float  # load ratio M*lambda/(K*W)
    theta: float  # lean of this neck, degrees


@dataclass(frozen=True)
class Lean:
    """The core's tilt and why."""

    theta: float  # the core's tilt in degrees, the sum over the core's necks, capped at 180
    necks: tuple[Neck, ...]  # the core's load sets, one per level where one exists, lowest first
    critical: Neck | None  # the neck with the largest theta (None when nothing leans)


@dataclass(frozen=True)
class _Graph:
    """The physical graph: the live cells numbered in sorted order, the base numbered after
    them, and every joint in a fixed order, so that sums never depend on the order in which
    the caller's mapping or links happen to iterate."""

    cells: list[Cell]  # node -> cell; node len(cells) is the base
    index: dict[Cell, int]
    cx: list[float]  # node -> the x of its centre
    cy: list[float]  # node -> the y of its centre
    ends: list[tuple[int, int]]  # joint -> its two nodes
    strength: list[float]  # joint -> its strength
    x: list[float]  # joint -> where it sits along the neck: mean of its cells' x
    top: list[int]  # joint -> the higher row of its ends
    around: list[list[tuple[int, int]]]  # node -> (the node at the other end, joint)


def _graph(cells: Cells, links: Links, profile: Profile) -> _Graph:
    """Every joint of the physical graph: a ground joint under each row-1 cell, then the
    neighbours of each cell (right, up, up-left, up-right), then the printed links."""
    order = sorted(cells)
    index = {c: n for n, c in enumerate(order)}
    base = len(order)
    joints: list[tuple[int, int, float]] = []  # the two nodes and the strength of a sound joint
    for a, (row, col) in enumerate(order):
        if row == 1:
            joints.append((a, base, 1.0))
        for dr, dc in ((0, 1), (1, 0), (1, -1), (1, 1)):
            b = index.get((row + dr, col + dc))
            if b is not None:
                joints.append((a, b, 1.0 if dr == 0 or dc == 0 else profile.w_d))
    printed = {tuple(sorted(pair)) for pair in links if pair[0] != pair[1]}
    for one, other in sorted(printed):
        if one in index and other in index:
            joints.append((index[one], index[other], 1.0))
    cut = [cells[c].cut for c in order] + [False]
    frayed = [cells[c].frayed for c in order] + [False]
    rows = [row for row, _ in order] + [0]
    cx = [col - 0.5 for _, col in order]
    cy = [row - 0.5 for row, _ in order]
    ends, strength, xs, top = [], [], [], []
    around: list[list[tuple[int, int]]] = [[] for _ in range(base + 1)]
    for joint, (a, b, weight) in enumerate(joints):
        if cut[a] or cut[b]:
            weight *= profile.kappa_cut
        if frayed[a] or frayed[b]:
            weight *= profile.tau_tear
        ends.append((a, b))
        strength.append(weight)
        xs.append(cx[a] if b == base else (cx[a] + cx[b]) / 2)
        top.append(max(rows[a], rows[b]))
        around[a].append((b, joint))
        around[b].append((a, joint))
    return _Graph(order, index, cx, cy, ends, strength, xs, top, around)


@functools.lru_cache(maxsize=4096)
def solve_theta(rho: float) -> float:
    """The lean, in degrees, of an elastic hinge under load ratio rho (P.5 ④).

    The spring torque K·W·θ balances the gravity torque M·λ·sin θ, so the root of θ/sin θ = ρ
    in (0, π); the left side rises monotonically from 1 to ∞, so bisection always converges.
    """
    if rho <= 1.0:
        return 0.0
    lo, hi = 0.0, math.pi
    while hi - lo > 1e-9:
        mid = (lo + hi) / 2
        if mid / math.sin(mid) < rho:
            lo = mid
        else:
            hi = mid
    return math.degrees((lo + hi) / 2)


def _necks(cells: Cells, links: Links, core: Cell, profile: Profile) -> list[Neck]:
    """Model B's load sets holding the core, one per level (P.5 ①–④).

    The base side of level k is what still reaches the base once the joints crossing k are
    removed; the core's load set is the core's component among the other cells, joined by *all*
    their joints. This is P.5's component wherever no crossing joint links two load sets; where
    one does (a piece hanging below the level from the piece above it), the hanging piece is
    carried by the upper one, so it belongs to its load, and that joint holds nothing up.

    The base side of level k is the base's piece under the joints wholly below the line, so it
    only grows from one level to the next, and once it holds the core it holds it above too.
    """
    g = _graph(cells, links, profile)
    base, start = len(g.cells), g.index[core]
    rising: dict[int, list[tuple[int, int]]] = {}  # the joints by the higher row of their ends
    for joint, ends in enumerate(g.ends):
        rising.setdefault(g.top[joint], []).append(ends)
    grounded = [False] * base + [True]
    necks: list[Neck] = []
    for level in range(max(row for row, _ in g.cells)):
        # the joints whose upper end comes below the line join what they reach to the base
        todo = [
            b if grounded[a] else a for a, b in rising.get(level, ()) if grounded[a] != grounded[b]
        ]
        while todo:
            here = todo.pop()
            if grounded[here]:
                continue
            grounded[here] = True
            todo.extend(
                there
                for there, joint in g.around[here]
                if g.top[joint] <= level and not grounded[there]
            )
        if grounded[start]:
            break
        load, todo, holding = {start}, [start], []
        while todo:
            for there, joint in g.around[todo.pop()]:
                if grounded[there]:
                    holding.append(joint)  # from the load to the base side: it holds the load
                elif there not in load:
                    load.add(there)
                    todo.append(there)
        holding.sort()
        nodes = sorted(load)
        mass = len(nodes)
        width = sum([g.strength[j] for j in holding])
        com_x = sum([g.cx[n] for n in nodes]) / mass
        d = sum([g.cy[n] for n in nodes]) / mass - level
        piece = frozenset([g.cells[n] for n in nodes])
        if profile.k * width <= 0:  # held by nothing (the caller should have removed it)
            necks.append(Neck(level, piece, mass, width, max(d, 0.0), math.inf, 180.0))
            continue
        if d <= 0:
            necks.append(Neck(level, piece, mass, width, 0.0, 0.0, 0.0))
            continue
        left, right = min(g.x[j] for j in holding), max(g.x[j] for j in holding)
        e = max(left - com_x, com_x - right, 0.0)
        lever = math.hypot(d, profile.beta * e)
        rho = mass * lever / (profile.k * width)  # may overflow to inf: theta is then 180
        necks.append(Neck(level, piece, mass, width, lever, rho, solve_theta(rho)))
    return necks


def _tip(cells: Cells, links: Links, core: Cell, profile: Profile) -> float:
    """Model A (P.5): the core's body tips rigidly about the nearer end of its footing.

    The body is the core's component without the base: a loose piece still glued to the base
    stands on its own, so it neither carries nor loads the core.
    """
    g = _graph(cells, links, profile)
    base, start = len(g.cells), g.index[core]
    seen, todo = {start}, [start]
    while todo:
        for there, _ in g.around[todo.pop()]:
            if there != base and there not in seen:
                seen.add(there)
                todo.append(there)
    nodes = sorted(seen)
    body = [g.cells[n] for n in nodes]
    feet = [c for c in body if c[0] == 1]
    if not feet:
        return 180.0
    left, right = min(c[1] for c in feet) - 1.0, float(max(c[1] for c in feet))
    com_x = sum([g.cx[n] for n in nodes]) / len(nodes)
    if left <= com_x <= right:
        return 0.0
    pivot, side = (right, 1.0) if com_x > right else (left, -1.0)
    corners = {(r - dr, c - dc) for r, c in body for dr in (0, 1) for dc in (0, 1)}
    props = [
        math.degrees(math.atan2(y, (x - pivot) * side))
        for y, x in corners
        if (x - pivot) * side > 0
    ]
    return min(props, default=180.0)


def _check_core(cells: Cells, core: Cell) -> None:
    """A destroyed core is S10 ①, decided before any fall: asking how it leans is a bug."""
    if core not in cells:
        raise ValueError(f"the core {core} is not a live cell")


def lean(cells: Cells, links: Links, core: Cell, profile: Profile) -> Lean:
    """How far the core leans (S10 ③), by the profile's model.

    Model B: the core's necks are in series, so their leans add; capped at 180° (upside down).
    Model A reports only its prop angle, with no necks.
    """
    _check_core(cells, core)
    if profile.model == "tip":
        return Lean(_tip(cells, links, core, profile), (), None)
    if profile.model != "hinge":
        raise ValueError(f"unknown standing model {profile.model!r}")
    necks = tuple(_necks(cells, links, core, profile))
    worst = max(necks, key=lambda n: n.theta, default=None)
    critical = worst if worst is not None and worst.theta > 0 else None
    return Lean(min(180.0, sum(n.theta for n in necks)), necks, critical)


def k_needed(cells: Cells, links: Links, core: Cell, profile: Profile) -> float:
    """The smallest K at which this sheet stands with rho <= 1 at every neck of the core.

    Used to calibrate K (P.5 ⑦): K = max over the intact shipped sheets / rho_safe. It uses the
    profile's joint weights and beta but not its K (nor its model: K only exists in Model B).
    Returns 0 when no neck has a positive lever, and infinity when a neck holds by nothing.
    """
    _check_core(cells, core)
    worst = 0.0
    for neck in _necks(cells, links, core, profile):
        if neck.lever > 0:
            worst = max(worst, math.inf if neck.width == 0 else neck.mass * neck.lever / neck.width)
    return worst
