#!/bin/bash
# Play a simulation with changed *shipped* component values, as if the data file had been edited.
#
#   docs/balance/variant.sh GAME GAMES SEED OUT [PATH=VALUE ...]
#   docs/balance/variant.sh zeta-cards 240 2001 runs/balance/exp-z-gwadanB \
#       'cards.gwadan.sortie=2' 'cards.gwadan.governance=1'
#
# Why not `wartable sweep --set` or `--data`: those lay the values over the game's data, but the
# scripted players plan from the shipped file (`components({})` in agents/scripted/votoms.py,
# zeta_cards.py; `SHIPPED` in games/silhouette/determinize.py), so they would play the changed
# game with the old numbers in mind. This script copies src/ to a temporary folder, edits the
# copy's data file (PATH: the table's keys, then the field; VALUE: TOML text) and runs
# `wartable simulate` with that copy first on PYTHONPATH: what shipping the change would play.
# Run it from the repository root. Nothing in the repository is changed.
set -euo pipefail
game=$1; games=$2; seed=$3; out=$4; shift 4
case $game in
  votoms) file=votoms/data/votoms.toml ;;
  zeta-cards) file=zeta_cards/data/zeta_cards.toml ;;
  silhouette) file=silhouette/data/silhouette.toml ;;
  *) echo "unknown game $game" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
cp -r src "$tmp/src"
for change in "$@"; do
  .venv/bin/python - "$tmp/src/wartable/games/$file" "$change" <<'PY'
import re, sys
path, change = sys.argv[1], sys.argv[2]
dotted, value = change.split("=", 1)
section, key = dotted.rsplit(".", 1)
lines = open(path, encoding="utf-8").read().split("\n")
start = lines.index(f"[{section}]")
for i in range(start + 1, len(lines) + 1):
    if i == len(lines) or lines[i].startswith("["):
        sys.exit(f"{section} has no line '{key} = ...'")
    if re.match(rf"{re.escape(key)}\s*=", lines[i]):
        lines[i] = f"{key} = {value}"
        break
open(path, "w", encoding="utf-8").write("\n".join(lines))
PY
done
diff "src/wartable/games/$file" "$tmp/src/wartable/games/$file" || true
PYTHONPATH="$tmp/src" .venv/bin/wartable simulate "$game" --games "$games" --jobs 2 --seed "$seed" --out "$out" --resume
rm -rf "$tmp"
