"""The HTTP API and the pages. Live play goes over the WebSocket (hub.py).

GET  /                          the lobby
GET  /play/{table}              a game's page (seat tokens travel in the URL's #fragment, which
                                never reaches the server, and then in the WebSocket hello)
GET  /api/games                 the registered games: titles, seats, options, view module
POST /api/games/{game}/players  the seats of a game with {"options"} (a mode of play may change
                                them); 400 names a bad option
POST /api/tables                start a game: {"game", "seats": {p: here|invite|computer},
                                "options", "seed"}; answers the table's id and the human seats'
                                tokens (shown once, never again)
GET  /api/tables/{table}        public facts: seats, whose turn, over, result
GET  /api/tables/{table}/view   a seat's view and log (Authorization: Bearer TOKEN; none: the
                                spectator's)
GET  /api/tables/{table}/record the record that seat may keep (the full one once it is over)
GET  /api/tables/{table}/replay after the end: every step's view, for stepping through
GET  /api/tables/{table}/odds   exact odds the game offers (VOTOMS: ?hex=C08), from what the
                                seat of the bearer token may see (none: a spectator)
WS   /ws/{table}                live play (hub.py; dispatched in app.py)
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from wartable.engine import Game, WartableError, get_rules, replay_steps
from wartable.engine import games as game_ids
from wartable.server.odds import OddsError, check_query
from wartable.server.seats import TokenError
from wartable.server.shared import Server
from wartable.server.storage import StorageError
from wartable.server.tables import Table

WEB = Path(__file__).resolve().parent.parent / "web"
router = APIRouter()


def server_of(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


class NewTable(BaseModel):
    """The lobby's form."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=100)
    seats: dict[str, str] = Field(default_factory=dict)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None


def view_module(game_id: str) -> str:
    """The browser module that draws this game: its own, or the generic one."""
    if (WEB / "games" / f"{game_id}.js").is_file():
        return f"/static/games/{game_id}.js"
    return "/static/games/generic.js"


@router.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/play/{table_id}", include_in_schema=False)
async def play_page(table_id: str) -> FileResponse:
    return FileResponse(WEB / "game.html", headers={"Cache-Control": "no-cache"})


@router.get("/api/games")
async def catalogue() -> list[dict[str, Any]]:
    out = []
    for game_id in game_ids():
        rules = get_rules(game_id)
        options = rules.default_options()
        out.append(
            {
                "id": game_id,
                "title": rules.title,
                "players": list(rules.players(options)),
                "options": options,
                "view": view_module(game_id),
            }
        )
    return out


class SeatQuestion(BaseModel):
    """The lobby asks which seats a game has with the options chosen so far."""

    model_config = ConfigDict(extra="forbid")

    options: dict[str, Any] = Field(default_factory=dict)


@router.post("/api/games/{game_id}/players")
async def players_for(game_id: str, body: SeatQuestion) -> dict[str, Any]:
    if game_id not in game_ids():
        raise HTTPException(status_code=404, detail=f"no game {game_id!r}")
    rules = get_rules(game_id)
    try:
        options = Game.checked_options(rules, body.options)
    except WartableError as error:
        raise HTTPException(status_code=400, detail=str(error)) from error
    return {"players": list(rules.players(options))}


@router.post("/api/tables")
async def create_table(request: Request, body: NewTable) -> dict[str, Any]:
    server = server_of(request)
    try:
        table, tokens = await server.tables.create(
            body.game, seats=body.seats, options=body.options, seed=body.seed
        )
    except WartableError as error:
        raise HTTPException(status_code=400, detail=str(error)) from error
    except StorageError as error:
        raise HTTPException(status_code=503, detail=str(error)) from error
    return {"id": table.id, "table": table.public(), "tokens": tokens}


async def _table(request: Request, table_id: str) -> Table:
    server = server_of(request)
    table = await server.tables.get(table_id)
    if table is None:
        reason = server.tables.broken.get(table_id, "there is no such game")
        raise HTTPException(status_code=404, detail=reason)
    return table


def _seat(request: Request, table: Table) -> str | None:
    """The seat the request's bearer token opens; None without a token; 403 if wrong."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HTTPException(status_code=403, detail="use Authorization: Bearer TOKEN")
    try:
        return table.seats_for([token.strip()])[0]
    except TokenError as error:
        raise HTTPException(status_code=403, detail=str(error)) from error


@router.get("/api/tables/{table_id}")
async def table_facts(request: Request, table_id: str) -> dict[str, Any]:
    return (await _table(request, table_id)).public()


@router.get("/api/tables/{table_id}/view")
async def table_view(request: Request, table_id: str) -> dict[str, Any]:
    table = await _table(request, table_id)
    seat = _seat(request, table)
    async with table.lock:
        return {"seat": seat, "view": table.view(seat), "log": table.game.log(seat)}


@router.get("/api/tables/{table_id}/record")
async def table_record(request: Request, table_id: str) -> JSONResponse:
    table = await _table(request, table_id)
    seat = _seat(request, table)
    async with table.lock:
        record = table.game.record_for(seat)
    name = f"wartable-{table.game.id}-{table.id}.json"
    return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})


_replays: OrderedDict[tuple[str, str | None], dict[str, Any]] = OrderedDict()


@router.get("/api/tables/{table_id}/replay")
async def table_replay(request: Request, table_id: str, seat: str | None = None) -> dict[str, Any]:
    """Every step of a finished game as `seat` saw it (a spectator when left out)."""
    table = await _table(request, table_id)
    if not table.game.over:
        raise HTTPException(status_code=409, detail="a game can be replayed once it is over")
    if seat is not None and seat not in table.game.players:
        raise HTTPException(status_code=400, detail=f"no seat {seat!r} in this game")
    key = (table.id, seat)
    if key in _replays:
        _replays.move_to_end(key)
        return _replays[key]
    record = table.game.record()
    actions = record["actions"]
    steps: list[dict[str, Any]] = []
    seen = 0
    for i, game in enumerate(replay_steps(record)):
        step: dict[str, Any] = {"view": game.view(seat), "log": game.log(seat, seen)}
        seen = len(game.events)
        if i < len(actions):  # the next action, as players say it, before it is made
            player, action = actions[i]
            step["next"] = {
                "player": player,
                "action": action,
                "text": game.describe(player, action),
            }
        steps.append(step)
    result = {"table": table.public(), "record": record, "seat": seat, "steps": steps}
    _replays[key] = result
    while len(_replays) > 32:
        _replays.popitem(last=False)
    return result


@router.get("/api/tables/{table_id}/odds")
async def table_odds(request: Request, table_id: str) -> dict[str, Any]:
    """The game's exact odds for the question in the query string (VOTOMS: ``?hex=C08`` for
    the battle in that hex as it stands, or ``?merc=8-3,9-3&bieler=8-3``), worked out from
    what the bearer token's seat may see (no token: a spectator's view). 404 when the game
    offers no odds, 400 for a question it refuses, 503 when it would take too long."""
    table = await _table(request, table_id)
    seat = _seat(request, table)
    try:
        query = check_query(list(request.query_params.multi_items()))
        answer = await server_of(request).odds.answer(table, seat, query)
    except OddsError as error:
        raise HTTPException(status_code=error.status, detail=str(error)) from error
    return {"seat": seat, "query": query, **answer}
