"""What each side may see. The battles of scenarios 1-5 hide nothing: every ship is on the
board or listed in the scenario, scenario 1's draws are said and its units are on the planet map
in plain sight (ruling I15), and every die is rolled in the open (digest D.1). The secrets
of the game — cargo noted aboard a transport (12.2), the contents of fleets and planet boxes —
come with the battles and the war that hold them."""

from __future__ import annotations

from typing import Any

from wartable.engine import State


def view(state: State, player: str | None) -> dict[str, Any]:
    return {"scenario": state["scenario"], "units": state["units"], "battle": state["battle"]}
