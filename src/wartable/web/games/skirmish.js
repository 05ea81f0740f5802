// The Skirmish test game's view, built from the shared renderers: a 4x3 flat hex map with the
// units as counters (the enemy's face-down ones as backs), the stances as cards, the turn track,
// and the odds of a fight when the defender chooses.

import { HexMap } from "../js/render/hexmap.js";
import { renderCards } from "../js/render/cards.js";
import { renderTrack } from "../js/render/tracks.js";
import { renderOdds } from "../js/render/panels.js";
import { h, clear } from "../js/dom.js";
import { t, pick } from "../js/i18n.js";
import { icon } from "../js/render/icons.js";

const SIDES = {
  red: { colour: "#a93226", name: { en: "Red", ja: "赤" } },
  blue: { colour: "#2c5d9b", name: { en: "Blue", ja: "青" } },
};
const KINDS = {
  guard: { name: { en: "Guard", ja: "護衛" }, attack: 3 },
  scout: { name: { en: "Scout", ja: "斥候" }, attack: 2 },
  tank: { name: { en: "Tank", ja: "戦車" }, attack: 4 },
};
const STANCES = {
  attack: { en: "Attack", ja: "攻撃" },
  defend: { en: "Defend", ja: "防御" },
};

const strings = {
  en: {
    "sk.stances": "Stances",
    "sk.turn": "Turn",
    "sk.forces": "Forces",
    "sk.choosing": "choosing…",
    "sk.chosen": "chosen",
    "sk.yourHand": "Your stance (secret until both have chosen)",
    "sk.stanceHelp": "+1 in a fight when the stance fits: attack when attacking, defend when defending.",
    "sk.promptStance": "Choose your stance in secret: click a card.",
    "sk.promptMove": "Move one unit (click it, then a lit hex) or pass.",
    "sk.promptDefend": "Fight at {hex}: click the unit that defends.",
    "sk.promptWait": "Turn {turn}: {who} to move.",
    "sk.units": "{n} units",
    "sk.cup": "{n} in the cup",
    "sk.oddsTitle": "The attacker's chances",
    "sk.against": "{a} against {d}",
  },
  ja: {
    "sk.stances": "構え",
    "sk.turn": "ターン",
    "sk.forces": "戦力",
    "sk.choosing": "選択中…",
    "sk.chosen": "選択済み",
    "sk.yourHand": "あなたの構え（両者が選ぶまで秘密）",
    "sk.stanceHelp": "構えが合えば戦闘で+1: 攻撃側は「攻撃」、防御側は「防御」。",
    "sk.promptStance": "構えを秘密に選んでください。カードをクリック。",
    "sk.promptMove": "ユニットを1つ移動（クリックしてから光っているヘクスへ）またはパス。",
    "sk.promptDefend": "{hex} で戦闘: 防御するユニットをクリックしてください。",
    "sk.promptWait": "第{turn}ターン: {who} の移動。",
    "sk.units": "{n}ユニット",
    "sk.cup": "カップに{n}",
    "sk.oddsTitle": "攻撃側の確率",
    "sk.against": "{a} 対 {d}",
  },
};

function kindName(kind) {
  return kind && KINDS[kind] ? pick(KINDS[kind].name) : "?";
}

function unitName(unit) {
  return unit.kind ? `${kindName(unit.kind)} ${unit.id}` : unit.id;
}

// Chances that 1D + a beats 1D + d (win, tie, lose).
function fightOdds(a, d) {
  let win = 0;
  let tie = 0;
  for (let x = 1; x <= 6; x++) {
    for (let y = 1; y <= 6; y++) {
      if (x + a > y + d) win++;
      else if (x + a === y + d) tie++;
    }
  }
  return { win: win / 36, tie: tie / 36, lose: (36 - win - tie) / 36 };
}

export default {
  players: Object.fromEntries(Object.entries(SIDES).map(([id, side]) => [id, side.name])),
  strings,
  options: { turns: { en: "Turns", ja: "ターン数" } },

  targets(action) {
    if ("move" in action) return { piece: action.move, hex: action.to };
    if ("defend" in action) return { piece: action.defend };
    if ("stance" in action) return { card: `stance:${action.stance}` };
    return null;
  },

  prompt(view, seat) {
    const board = view.board;
    const mine = seat != null && view.to_act.includes(seat);
    if (view.over) return null;
    if (mine && board.phase === "stance") return t("sk.promptStance");
    if (mine && board.phase === "move") return t("sk.promptMove");
    if (mine && board.phase === "defend") return t("sk.promptDefend", { hex: board.fight.hex });
    return t("sk.promptWait", { turn: board.turn, who: pick(SIDES[board.active]?.name) });
  },

  pieceName(piece, view) {
    const unit = view.board.units.find((u) => u.id === piece);
    return unit ? unitName(unit) : String(piece);
  },

  mount(host) {
    const map = new HexMap(host.board, { orientation: "flat", parity: "odd", firstColumn: "A", firstRow: 1, size: 52 });
    const stancePanel = host.panel("stances", "sk.stances");
    const forcePanel = host.panel("forces", "sk.forces");
    const oddsPanel = host.panel("odds", "odds.title");

    return {
      update(frame) {
        const { board, decision, seat, interactive } = frame;
        const stacks = {};
        const units = [...board.units].sort((a, b) => (a.side === seat ? -1 : 0) - (b.side === seat ? -1 : 0));
        for (const unit of units) {
          const known = unit.kind != null;
          const counter = {
            id: unit.id,
            colour: SIDES[unit.side]?.colour,
            back: !known,
            top: known ? kindName(unit.kind) : null,
            middle: known ? String(KINDS[unit.kind]?.attack ?? "") : "?",
            bottom: unit.id,
            selectable: interactive && decision.isSelectable(unit.id),
            selected: decision.selected === unit.id,
            title: known ? `${unitName(unit)} (${pick(SIDES[unit.side]?.name)})` : `${unit.id} (${pick(SIDES[unit.side]?.name)})`,
          };
          (stacks[unit.hex] ||= []).push(counter);
        }
        const fightHex = board.fight?.hex;
        map.render({
          label: t("game.board"),
          hexes: board.map.map((label) => ({ label, terrain: "clear", mark: label === fightHex ? "fight" : null })),
          stacks,
          lit: interactive ? decision.lit() : new Set(),
          onHex: (label) => interactive && decision.clickHex(label),
          onCounter: (counter, label) => interactive && decision.clickPiece(counter.id, label),
        });

        // stances: each side's card (face-down while secret), and the hand of the one choosing
        clear(stancePanel);
        const cards = Object.entries(board.stance).map(([side, stance]) => ({
          id: `side:${side}`,
          back: stance === "chosen",
          backLabel: t("sk.chosen"),
          title: stance && stance !== "chosen" ? pick(STANCES[stance]) : t("sk.choosing"),
          colour: SIDES[side]?.colour,
          badge: pick(SIDES[side]?.name),
        }));
        renderCards(stancePanel.appendChild(h("div")), cards, { label: t("sk.stances") });
        const hand = decision.entries.filter((e) => e.target?.card);
        if (interactive && hand.length) {
          stancePanel.append(h("div", { class: "panel-sub" }, t("sk.yourHand")));
          const handCards = Object.keys(STANCES).map((stance) => ({
            id: `stance:${stance}`,
            title: pick(STANCES[stance]),
            value: icon(stance === "attack" ? "swords" : "shield", 30),
            colour: SIDES[seat]?.colour,
            selectable: hand.some((e) => e.target.card === `stance:${stance}`),
          }));
          renderCards(stancePanel.appendChild(h("div", { class: "hand" })), handCards, {
            onClick: (card) => decision.clickCard(card.id),
            label: t("sk.yourHand"),
          });
        }
        stancePanel.append(h("p", { class: "muted small" }, t("sk.stanceHelp")));

        // the turn track and the forces left
        clear(forcePanel);
        renderTrack(forcePanel.appendChild(h("div")), {
          title: t("sk.turn"),
          from: 1,
          to: board.last_turn,
          current: board.turn,
          markers: [{ at: board.turn, label: pick(SIDES[board.active]?.name).slice(0, 1), colour: SIDES[board.active]?.colour }],
        });
        const counts = h("ul", { class: "forces" });
        for (const side of Object.keys(SIDES)) {
          const n = board.units.filter((u) => u.side === side).length;
          counts.append(
            h(
              "li",
              {},
              h("span", { class: "seat-dot", "data-seat": side }),
              h("strong", {}, pick(SIDES[side].name)),
              " ",
              t("sk.units", { n }),
              h("span", { class: "muted" }, ` · ${t("sk.cup", { n: board.cups[side] })}`),
            ),
          );
        }
        forcePanel.append(counts);

        // the odds of the fight, once both units are face up
        const fight = board.fight;
        const attacker = fight && board.units.find((u) => u.id === fight.attacker);
        const defenders = fight ? board.units.filter((u) => u.hex === fight.hex && u.side === fight.defender && u.kind) : [];
        host.showPanel("odds", Boolean(attacker?.kind && defenders.length));
        if (attacker?.kind && defenders.length) {
          const bonus = (unit, fits) => (board.stance[unit.side] === fits ? 1 : 0);
          const a = KINDS[attacker.kind].attack + bonus(attacker, "attack");
          renderOdds(oddsPanel, {
            title: t("sk.oddsTitle"),
            rows: defenders.map((d) => ({
              label: t("sk.against", { a: unitName(attacker), d: unitName(d) }),
              ...fightOdds(a, KINDS[d.kind].attack + bonus(d, "defend")),
            })),
          });
        }
      },
    };
  },
};
