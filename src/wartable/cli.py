"""The `wartable` command: list, play, replay, benchmark, simulate and sweep with a report,
check data files, serve the web app."""

from __future__ import annotations

import json
import math
import os
import resource
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from wartable.agents import ladder
from wartable.agents.ladder import LADDER_KINDS
from wartable.agents.scripted import has_scripted
from wartable.bench import bench as run_bench
from wartable.engine import (
    Game,
    OptionError,
    WartableError,
    get_rules,
    import_plugins,
    load_record,
    new_game,
    replay,
    replay_steps,
)
from wartable.engine import games as game_ids
from wartable.engine.data import DataFile, load
from wartable.terminal import SEAT_KINDS, TerminalTable
from wartable.text import LANGS, event_text
from wartable.workbench import WorkbenchError, summary
from wartable.workbench.results import Row, read
from wartable.workbench.simulation import plan, run
from wartable.workbench.sweep import grid, parse_set

# Command-line usage errors: click's ClickException (typer 0.26 and later carry their own copy of
# click, which `typer.BadParameter` comes from either way).
_USAGE_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


class _Commands(TyperGroup):
    """Usage errors (a bad option value, a missing argument) printed as click prints them: whole
    lines on standard error, not in a Rich panel wrapped at the terminal's width."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        run = super().main
        if not standalone_mode:
            return run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            result = run(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except _USAGE_ERROR as error:
            shown: Any = error
            if type(error).__name__ != "NoArgsIsHelpError":  # (its help is printed already)
                shown.show()
            sys.exit(shown.exit_code)
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    cls=_Commands,
    help="wartable: Japanese tabletop war games at a digital table.",
    no_args_is_help=False,
)
data_app = typer.Typer(help="Component data files.")
app.add_typer(data_app, name="data")
console = Console()
DEFAULT_WORKERS = os.cpu_count() or 1  # server processes: one per core

Plugin = Annotated[
    list[str] | None,
    typer.Option(
        "--plugin",
        help="Import MODULE first: a game it registers or defines (a Rules object) is playable.",
    ),
]
Lang = Annotated[str, typer.Option("--lang", help="en or ja")]
GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", help="NAME=VALUE, a game option (repeatable; VALUE read as JSON)"),
]


def _fail(error: Exception) -> typer.Exit:
    """Print the error on standard error, whole: never wrapped at the terminal's width (a long
    path would lose the space where a line breaks)."""
    typer.echo(f"{typer.style('error:', fg='red')} {error}", err=True)
    return typer.Exit(2)


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise _fail(ValueError(f"--lang must be one of {', '.join(LANGS)}"))
    return lang


@app.callback(invoke_without_command=True)
def launcher(ctx: typer.Context) -> None:
    """With no command: choose a game and play it in the terminal."""
    if ctx.invoked_subcommand is not None:
        return
    ids = game_ids()
    if not ids:
        console.print("No games are installed yet.")
        raise typer.Exit(0)
    list_games(None)
    answer = console.input("Game (number or id)> ").strip()
    game_id = ids[int(answer) - 1] if answer.isdigit() and 0 < int(answer) <= len(ids) else answer
    play(game_id, seat=None, seed=None, save=None, load_file=None, lang="en", plugin=None)


@app.command("games")
def list_games(plugin: Plugin = None) -> None:
    """List the games and their players."""
    import_plugins(plugin or [])
    table = Table("#", "id", "game", "ゲーム", "players")
    for i, game_id in enumerate(game_ids(), 1):
        rules = get_rules(game_id)
        players = ", ".join(rules.players(rules.default_options()))
        table.add_row(str(i), game_id, rules.title["en"], rules.title["ja"], players)
    console.print(table)


def _seats(game: Game, specs: list[str] | None) -> dict[str, str]:
    """The first seat a person here, the others the computer (the random player for a game
    without a scripted one), then each ``--seat PLAYER=KIND`` over that."""
    others = "computer" if has_scripted(game.id) else "random"
    seats = {p: ("human" if i == 0 else others) for i, p in enumerate(game.players)}
    for spec in specs or []:
        player, _, kind = spec.partition("=")
        if player not in seats or kind not in SEAT_KINDS:
            raise _fail(
                ValueError(
                    f"--seat {spec!r}: use PLAYER=KIND with PLAYER in {', '.join(game.players)} "
                    f"and KIND in {', '.join(SEAT_KINDS)}"
                )
            )
        seats[player] = kind
    return seats


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    seat: Annotated[
        list[str] | None,
        typer.Option(
            help="PLAYER=human|computer|computer:easy|computer:normal|computer:hard|random "
            "(repeatable)"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the dice (default: random)")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Save the record here after every action")
    ] = None,
    load_file: Annotated[Path | None, typer.Option("--load", help="Carry on a saved game")] = None,
    data: Annotated[
        Path | None, typer.Option("--data", help="A component file of printed values to play with")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(help="NAME=VALUE, a game option (repeatable; VALUE read as JSON or text)"),
    ] = None,
    lang: Lang = "en",
    plugin: Plugin = None,
) -> None:
    """Play a game in the terminal, hot-seat or against the random player."""
    import_plugins(plugin or [])
    lang = _lang(lang)
    try:
        if load_file is not None:
            game = replay(load_record(load_file))
        else:
            options = _options(option or [])
            if data is not None:
                options["data"] = _printed_values(game_id, data)
            seed = seed if seed is not None else _fresh_seed()
            game = new_game(game_id, seed=seed, options=options)
    except WartableError as error:
        raise _fail(error) from error
    table = TerminalTable(game, _seats(game, seat), lang=lang, save=save, console=console)
    table.run()


def _options(pairs: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs: a VALUE that reads as JSON (2, true, {"p1": "hien"}) is taken as
    such, any other as text; the game checks the options and names a bad one."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise OptionError(f"--option {pair!r}: write NAME=VALUE")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


def _printed_values(game_id: str, path: Path) -> dict[str, Any]:
    """A user's component file, checked against the game's schema over the shipped file (errors
    name file, line and field); it travels in the game's options, so records replay anywhere."""
    rules = get_rules(game_id)
    schema, shipped = rules.data_schema(), rules.data_file()
    if schema is None or shipped is None:
        raise OptionError(f"{game_id} has no component data to replace")
    user = DataFile.read(path)
    load(schema, DataFile.read(shipped), user)
    return user.doc


def _fresh_seed() -> int:
    import secrets

    return secrets.randbits(32)


@app.command("replay")
def replay_command(
    file: Path,
    player: Annotated[str | None, typer.Option(help="Show the log as this player saw it")] = None,
    board: Annotated[bool, typer.Option(help="Print the board after every action")] = False,
    pause: Annotated[bool, typer.Option(help="Wait for Enter between actions")] = False,
    lang: Lang = "en",
    plugin: Plugin = None,
) -> None:
    """Step through a saved game, action by action."""
    import_plugins(plugin or [])
    lang = _lang(lang)
    try:
        record = load_record(file)
        replay(record)  # check the whole record before showing any of it
    except WartableError as error:
        raise _fail(error) from error
    seen = 0
    for step, game in enumerate(replay_steps(record)):
        if step:
            who, action = game.actions[-1]
            said = escape(game.describe(who, action)[lang])
            console.print(f"[bold]{step}.[/bold] {who}: {said}", highlight=False)
        for event in game.log(player, seen):
            console.print(Text(f"    {event_text(event, lang)}"))
        seen = len(game.events)
        if board:
            console.print(Text(game.rules.render_text(game.view(player)["board"], lang)))
        if pause:
            console.input("")
    console.print(f"result: {game.result}")


@app.command("bench")
def bench_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    runs: int = 5,
    games: int = 20,
    seed: int = 0,
    option: GameOptions = None,
    plugin: Plugin = None,
) -> None:
    """Engine actions per second and random games per second (median of several runs)."""
    import_plugins(plugin or [])
    try:
        options = _options(option or [])
        result = run_bench(game_id, runs=runs, games=games, seed=seed, options=options)
    except WartableError as error:
        raise _fail(error) from error
    console.print(
        f"{result.game}: {result.actions_per_second:,.0f} engine actions/s, "
        f"{result.games_per_second:,.2f} random games/s "
        f"(median of {result.runs} runs of {result.games_per_run} games after a warm-up; "
        f"{result.mean_actions_per_game:,.0f} actions per game)"
    )
    console.print(
        f"a mid-game copy: clone {result.clone_us:,.0f} µs, "
        f"determinized copy {result.determinize_us:,.0f} µs"
    )


@app.command("ladder")
def ladder_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    agents: Annotated[
        str, typer.Option(help=f"Agents to play each other: {', '.join(LADDER_KINDS)}")
    ] = "random,scripted",
    games: Annotated[int, typer.Option(help="Games per pair of agents (seats rotated)")] = 20,
    jobs: Annotated[int, typer.Option(help="Processes playing at once")] = 1,
    seed: int = 0,
    seconds: Annotated[float, typer.Option(help="A search agent's time per decision")] = 1.0,
    csv: Annotated[Path | None, typer.Option(help="Write one row per game here")] = None,
    option: GameOptions = None,
    plugin: Plugin = None,
) -> None:
    """Agents against each other, seats rotated: win rates with 95% intervals and decision
    times (a benchmark of strength; `oracle` sees every secret, for measurement only)."""
    import_plugins(plugin or [])
    try:
        get_rules(game_id)
        options = _options(option or [])
        outcomes = ladder.run(game_id, agents.split(","), games, seed, jobs, seconds, options)
    except (WartableError, ValueError, LookupError) as error:
        raise _fail(error) from error
    typer.echo(f"{game_id}: {len(outcomes)} games")
    typer.echo(ladder.report(outcomes))
    if csv is not None:
        ladder.write_csv(outcomes, csv)
        typer.echo(f"one row per game in {csv}")


# -- the designer's workbench (docs/workbench.md) -----------------------------------------------

CPUS = os.cpu_count() or 1
Games = Annotated[int, typer.Option(help="Games to play (in a sweep: at each point)")]
AgentSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--agents",
        help="SEAT=AGENT[:LEVEL]: random, scripted, scripted:easy, search (repeatable; "
        "other seats: scripted)",
    ),
]
RunSeed = Annotated[
    int, typer.Option("--seed", help="Seed of the run: game i's seed derives from it")
]
Jobs = Annotated[int, typer.Option(help="Processes playing at once (Ray: a local instance's CPUs)")]
PrintedValues = Annotated[
    Path | None, typer.Option("--data", help="A component file of printed values to play with")
]
Out = Annotated[
    Path | None, typer.Option(help="Folder of the results and records (default: runs/GAME-...)")
]
Resume = Annotated[bool, typer.Option(help="Play only the games missing from --out")]
Backend = Annotated[str, typer.Option(help="process (this machine) or ray")]
Address = Annotated[str | None, typer.Option(help="The Ray cluster's address (with --backend ray)")]


def _cpu_seconds() -> float:
    """CPU time of this process and of its ended child processes (a local run's workers; a Ray
    cluster's are not counted): unlike the wall clock, it does not grow with other work."""
    own, ended = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime


def _workbench(
    game_id: str,
    points: list[str] | None,
    games: int,
    agents: list[str] | None,
    seed: int,
    jobs: int,
    option: list[str] | None,
    data: Path | None,
    out: Path,
    resume: bool,
    backend: str,
    address: str | None,
    summarized: Callable[[list[Row]], str],
) -> None:
    """Check the plan whole (nothing is played if any part is bad), play it, and print what
    it found (what was kept, if it is interrupted)."""
    try:
        swept = None if points is None else grid([parse_set(text) for text in points])
        printed = {} if data is None else _printed_values(game_id, data)
        chosen = plan(game_id, games, seed, agents or [], _options(option or []), printed, swept)
        started, cpu_before = time.perf_counter(), _cpu_seconds()
        outcome = run(chosen, out, jobs=jobs, backend=backend, address=address, resume=resume)
        spent, cpu = time.perf_counter() - started, _cpu_seconds() - cpu_before
    except WartableError as error:
        raise _fail(error) from error
    typer.echo(
        f"{outcome.played} games played in {spent:.1f} s "
        f"({outcome.played / spent:.2f} games/s on {backend}, --jobs {jobs}; "
        f"CPU {cpu:.2f} s in this process and its worker processes)"
    )
    if outcome.interrupted:
        typer.echo(
            f"interrupted: {outcome.played} games played now, {len(outcome.rows)} kept in {out}; "
            "--resume plays the rest",
            err=True,
        )
    typer.echo(
        f"results: {out / 'results.csv'}, {out / 'results.parquet'}; records: {out / 'records'}"
    )
    typer.echo(summarized(outcome.rows))
    if outcome.interrupted:
        raise typer.Exit(130)


@app.command("simulate")
def simulate_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    games: Games = 100,
    agents: AgentSpecs = None,
    seed: RunSeed = 0,
    jobs: Jobs = CPUS,
    option: GameOptions = None,
    data: PrintedValues = None,
    out: Out = None,
    resume: Resume = False,
    backend: Backend = "process",
    address: Address = None,
) -> None:
    """Play many games with computer players: every record kept, a results table (CSV and
    Parquet), win rates with 95% intervals, game length and first-player advantage."""
    folder = out or Path("runs") / f"{game_id}-seed{seed}"
    run_args = (game_id, None, games, agents, seed, jobs, option, data, folder, resume)
    _workbench(*run_args, backend, address, summary.text)


@app.command("sweep")
def sweep_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    set_: Annotated[
        list[str],
        typer.Option(
            "--set",
            help="PATH=V1,V2,... or PATH=A..B: a value of the game's data file, e.g. "
            "units.scopedog.attack=7..10 (repeatable: the grid of all combinations)",
        ),
    ],
    games: Games = 100,
    agents: AgentSpecs = None,
    seed: RunSeed = 0,
    jobs: Jobs = CPUS,
    option: GameOptions = None,
    data: PrintedValues = None,
    out: Out = None,
    resume: Resume = False,
    backend: Backend = "process",
    address: Address = None,
) -> None:
    """Vary component values and watch the win rates move: each point's games, seats' win
    rates with 95% intervals, and a results table with the point's values for `report`."""
    folder = out or Path("runs") / f"{game_id}-sweep-seed{seed}"
    run_args = (game_id, set_, games, agents, seed, jobs, option, data, folder, resume)
    _workbench(*run_args, backend, address, summary.sweep_text)


@app.command("report")
def report_command(
    results: Annotated[
        list[Path], typer.Argument(help="Results tables (.csv, .parquet) or run folders")
    ],
    out: Annotated[Path, typer.Option(help="The HTML file to write")] = Path("report.html"),
    lang: Lang = "en",
) -> None:
    """One self-contained HTML page of plots from results tables: win rates by side, first-
    player advantage, game length, score over turns, sweep curves."""
    lang = _lang(lang)
    try:
        rows = [row for path in results for row in read(path)]
    except WartableError as error:
        raise _fail(error) from error
    try:
        from wartable.workbench import report
    except ImportError as error:
        missing = WorkbenchError(
            f"report needs matplotlib: pip install 'wartable[workbench]' ({error})"
        )
        raise _fail(missing) from error
    report.write(rows, out, lang, [str(path) for path in results])
    typer.echo(f"report: {out}")


@app.command("odds")
def odds_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    query: Annotated[
        list[str] | None, typer.Argument(help="KEY=VALUE, e.g. merc=8-3 bieler=8-3")
    ] = None,
    load_file: Annotated[
        Path | None, typer.Option("--load", help="Ask about this saved game")
    ] = None,
    player: Annotated[str | None, typer.Option(help="See the game as this player")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the exact figures as JSON")
    ] = False,
    lang: Lang = "en",
    plugin: Plugin = None,
) -> None:
    """Exact odds, e.g. `wartable odds votoms merc=8-3,9-3 bieler=8-3 base=bieler:7x7` or
    `wartable odds votoms --load game.json hex=C08`."""
    import_plugins(plugin or [])
    lang = _lang(lang)
    pairs = dict(item.partition("=")[::2] for item in query or [])
    try:
        rules = get_rules(game_id)
        game = replay(load_record(load_file)) if load_file is not None else None
        state = game.state if game is not None else None
        answer = rules.odds(state, player, pairs)
    except (WartableError, ValueError) as error:
        raise _fail(error) from error
    if answer is None:
        raise _fail(ValueError(f"{game_id} offers no odds"))
    if as_json:
        console.print_json(data=answer["data"])
    else:
        console.print(Text(answer["text"][lang]))


@data_app.command("validate")
def validate(
    file: Path,
    game_id: Annotated[
        str | None, typer.Option("--game", help="Default: the file's `game` key")
    ] = None,
    plugin: Plugin = None,
) -> None:
    """Check a component file against its game's schema (laid over the shipped data)."""
    import_plugins(plugin or [])
    try:
        user = DataFile.read(file)
        game = game_id or user.doc.get("game")
        if not isinstance(game, str):
            raise _fail(
                ValueError(f'{file}: say which game with a top-level `game = "id"` or --game')
            )
        rules = get_rules(game)
        schema, shipped = rules.data_schema(), rules.data_file()
        if schema is None or shipped is None:
            raise _fail(ValueError(f"{game} has no component data"))
        load(schema, DataFile.read(shipped), user)
    except WartableError as error:
        raise _fail(error) from error
    console.print(f"{file}: valid {game} data")


def _positive_seconds(value: float) -> float:
    """A time limit: a finite number of seconds above 0 (click has already refused text)."""
    if not math.isfinite(value) or value <= 0:
        raise typer.BadParameter(f"{value:g} is not a number of seconds above 0")
    return value


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="sqlite:///PATH or postgresql://USER@HOST:PORT/DB "
            "(default: wartable.db in the user's data folder)"
        ),
    ] = None,
    computer_delay: Annotated[
        float, typer.Option(help="Seconds a computer player waits before it acts")
    ] = 0.6,
    odds_timeout: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            help="Seconds an exact odds question may take before it is refused",
            callback=_positive_seconds,
        ),
    ] = 15.0,
    log_level: Annotated[
        str, typer.Option(help="Server log: critical, error, warning, info or debug")
    ] = "info",
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            help="Server processes, each holding its share of the tables (default: one per CPU)",
        ),
    ] = DEFAULT_WORKERS,
    plugin: Plugin = None,
) -> None:
    """Start the web app: a lobby at http://HOST:PORT to play any game in the browser."""
    import_plugins(plugin or [])
    from wartable.server import Settings, default_database_url, serve

    url = database or default_database_url()
    settings = Settings(
        database=url,
        computer_delay=computer_delay,
        odds_timeout=odds_timeout,
        plugins=tuple(plugin or ()),
    )
    console.print(f"wartable: open http://{host}:{port} in a browser", highlight=False)
    raise typer.Exit(serve(host, port, settings, log_level=log_level, workers=workers))


@app.command("bench-web")
def bench_web_command(
    game_id: Annotated[str, typer.Argument(metavar="GAME")] = "skirmish",
    games: Annotated[int, typer.Option(help="Concurrent games")] = 100,
    seconds: Annotated[float, typer.Option(help="How long to measure")] = 20.0,
    think: Annotated[
        float, typer.Option(help="Milliseconds a player waits before each action (0: flat out)")
    ] = 0.0,
    database: Annotated[
        str | None, typer.Option(help="Database of the server started (default: a temp file)")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, help="Processes of the server started (default: one per CPU)")
    ] = DEFAULT_WORKERS,
    plugin: Plugin = None,
) -> None:
    """Drive many concurrent games over WebSockets against a server started on 127.0.0.1;
    print actions/s and p50/p99 latency of acknowledged actions."""
    from wartable.server.loadbench import main as bench_main

    args = [game_id, "--games", str(games), "--seconds", str(seconds), "--think", str(think)]
    args += ["--workers", str(workers)]
    if database:
        args += ["--database", database]
    for name in plugin or []:
        args += ["--plugin", name]
    raise typer.Exit(bench_main(args))


def main(args: Any = None) -> None:
    app(args)
