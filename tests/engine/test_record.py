"""Records as JSON and replay that reproduces a game step for step or refuses the record whole."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from support.skirmish import Skirmish
from wartable.bench import play_random
from wartable.engine import (
    Game,
    RecordError,
    load_record,
    new_game,
    register,
    replay,
    replay_steps,
    save_record,
    unregister,
)


def finished_game(seed: int = 3) -> Game:
    game = new_game("skirmish", seed=seed)
    play_random(game, random.Random(seed))
    return game


def test_a_record_holds_game_rules_version_options_seed_and_actions() -> None:
    game = finished_game()
    record = game.record()
    assert record["game"] == "skirmish" and record["rules_version"] == "1"
    assert record["options"] == {"turns": 12} and record["seed"] == 3
    assert len(record["actions"]) == len(game.actions) > 0
    json.dumps(record)


def test_replay_reproduces_every_step() -> None:
    game = finished_game()
    record = json.loads(json.dumps(game.record()))
    original = new_game("skirmish", seed=3)
    for step, replayed in enumerate(replay_steps(record)):
        assert replayed.fingerprint() == original.fingerprint(), f"step {step}"
        if step < len(game.actions):
            original.apply(*game.actions[step])
    assert replay(record).result == game.result


def test_a_tampered_action_is_refused() -> None:
    record = finished_game().record()
    record["actions"][2] = [
        "red",
        {"stance": "defend" if "attack" in str(record["actions"][2]) else "attack"},
    ]
    with pytest.raises(RecordError, match="altered or cut"):
        replay(record)


def test_a_truncated_action_list_is_refused() -> None:
    record = finished_game().record()
    record["actions"] = record["actions"][:-3]
    with pytest.raises(RecordError, match="altered or cut"):
        replay(record)


def test_an_illegal_action_with_a_recomputed_checksum_names_the_step() -> None:
    from wartable.engine.record import chain

    record = finished_game().record()
    record["actions"][0] = ["red", {"stance": "charge"}]
    record["chain"] = chain(record["actions"])
    with pytest.raises(RecordError, match=r"action 1 of \d+ \(red: .*charge.*\) does not replay"):
        replay(record)


def test_a_record_of_another_rules_version_is_refused() -> None:
    record = finished_game().record()
    record["rules_version"] = "0.9"
    with pytest.raises(RecordError, match=r"rules version 0\.9; this is version 1"):
        replay(record)


def test_same_actions_under_changed_rules_are_caught_by_the_final_state() -> None:
    class Tougher(Skirmish):
        """Same id and version, but a different game: the record must notice."""

        def default_options(self) -> dict[str, Any]:
            return {"turns": 12}

        def setup(self, ctx, players, options):  # type: ignore[no-untyped-def]
            state = super().setup(ctx, players, options)
            state["turn"] = 0
            return state

    record = finished_game().record()
    register(Tougher())
    try:
        with pytest.raises(RecordError):
            replay(record)
    finally:
        from support.skirmish import SKIRMISH

        unregister("skirmish")
        register(SKIRMISH)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("seed"), "no 'seed' field"),
        (lambda r: r.update(format="chess-pgn"), "not a wartable record"),
        (lambda r: r.update(game="nope"), "no game 'nope'"),
        (lambda r: r.update(seed="7"), "'seed' field is malformed"),
        (lambda r: r["actions"].append("x"), "is malformed"),
        (lambda r: r.update(options={"speed": 1}), "no option 'speed'"),
    ],
)
def test_malformed_records_get_clear_errors(change: Any, message: str) -> None:
    record = finished_game().record()
    change(record)
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_a_truncated_file_names_file_and_place(tmp_path: Path) -> None:
    game = finished_game()
    path = tmp_path / "game.json"
    save_record(game.record(), path)
    assert replay(load_record(path)).fingerprint() == game.fingerprint()
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError, match=r"game.json:\d+:\d+: not valid JSON .* truncated"):
        load_record(path)


def test_a_redacted_record_has_no_seed_no_actions_and_cannot_replay() -> None:
    game = new_game("skirmish", seed=8)
    game.apply("red", {"stance": "attack"})
    mine = game.record_for("blue")
    assert "seed" not in mine and "actions" not in mine
    assert mine["view"]["board"]["stance"]["red"] == "chosen"
    assert all(u["kind"] is None for u in mine["view"]["board"]["units"] if u["side"] == "red")
    with pytest.raises(RecordError, match="redacted"):
        replay(mine)


def test_after_the_end_every_player_gets_the_full_record() -> None:
    game = finished_game()
    assert game.record_for("red") == game.record() == game.record_for(None)
