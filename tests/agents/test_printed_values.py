"""A table may play with printed values laid over the shipped data (the ``data`` option, and
IMPERIUM's ``galaxy``): the view carries them to each seat, and every computer player reckons
with them, not with the shipped file."""

from __future__ import annotations

from typing import Any

import wartable
from wartable.agents.scripted import imperium_war, silhouette, votoms, zeta, zeta_cards
from wartable.games.votoms.components import components as votoms_components

# the Bieler cup's Scopedogs hit harder on this table's counters
STRONGER_SCOPEDOG = {"units": {"bieler_scopedog": {"attack": 11}}}


def test_a_view_carries_the_options_its_seat_may_know() -> None:
    options = {"data": STRONGER_SCOPEDOG}
    game = wartable.new_game("votoms", seed=1, options=options)
    for seat in (*game.players, None):
        view = game.view(seat)
        assert view["options"]["data"] == STRONGER_SCOPEDOG
        view["options"]["data"]["units"].clear()  # the caller's copy, not the game's options
    assert game.options["data"] == STRONGER_SCOPEDOG


def test_imperium_the_war_player_measures_jumps_on_the_map_printed_for_the_table() -> None:
    """3.2, ruling I100: with Tau Ceti's route to Agidda drawn to Hepaistos instead, Agidda is
    no longer one jump from Tau Ceti for the computer player either."""
    moved = {"routes": {"tau_ceti__agidda": {"ends": ["tau_ceti", "hepaistos"]}}}
    jumps = {}
    for name, galaxy in (("shipped", {}), ("printed", moved)):
        game = wartable.new_game("imperium", seed=1, options={"scenario": 6, "galaxy": galaxy})
        front = imperium_war.Front(game.view("imperial", texts=False))
        jumps[name] = imperium_war.jumps(front.g, "tau_ceti", "agidda")
    assert jumps["shipped"] == 1 and jumps["printed"] > 1


def test_votoms_an_unseen_counter_is_guessed_from_the_printed_cup() -> None:
    """5.1: a face-down enemy counter is reckoned at its cup's mean values, here with the
    printed Scopedogs' attack."""
    game = wartable.new_game("votoms", seed=1, options={"data": STRONGER_SCOPEDOG})
    view = game.view("merc", texts=False)
    table = votoms.Position(view)
    hidden = [u for u in table.units if u.side == "bieler" and u.type is None]
    assert hidden
    printed = votoms.typical(votoms_components(STRONGER_SCOPEDOG), "bieler")
    assert printed != votoms.typical(votoms_components({}), "bieler")
    assert all(u.stats == printed for u in hidden)


def test_zeta_the_player_values_bases_at_their_printed_vp() -> None:
    dublin = {"bases": {"dublin": {"vp": [2, 3, 4]}}}
    game = wartable.new_game("zeta", seed=1, options={"data": dublin})
    table = zeta.Table(game.view(game.to_act[0], texts=False))
    assert table.c.bases["dublin"].level(1).vp == 2


def test_zeta_cards_the_player_counts_its_bases_at_their_printed_vp() -> None:
    granada: dict[str, Any] = {"bases": {"granada": {"vp": [2, 3, 4, 5]}}}
    game = wartable.new_game("zeta-cards", seed=1, options={"data": granada})
    table = zeta_cards.Table(game.view(game.to_act[0], texts=False))
    assert table.c.bases["granada"].vp[1:] == (2, 3, 4, 5)  # by level, 0 unused


def test_silhouette_the_player_reads_its_items_as_printed_for_the_table() -> None:
    """S6.4: a sturdy cell takes two hits; printed here, the armour is not sturdy, and the
    computer player's sheets say so."""
    flimsy = {"items": {"armour": {"sturdy": False}}}
    for data, sturdy in (({}, True), (flimsy, False)):
        game = wartable.new_game("silhouette", seed=1, options={"data": data})
        table = silhouette.Table(game.view("p1", texts=False))
        assert table.sheet("p1").sturdy("armour") is sturdy
        assert table.sheet("p1").kind("armour") == "armour"
