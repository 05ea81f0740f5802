// The Zeta Gundam / ZZ card game's view (game id "zeta-cards"), built from the shared renderers:
// your hand as cards, each faction's bases as tiles with their levels and VP, the shared and
// faction stocks with their counts, the TL and VP tracks, decks and discard piles as counts,
// and the fight in progress (face-down selections as backs until both sides reveal, then the
// craft with their characters, first strikes and the allocation of attack).
//
// The current decision is played on the board: a legal action that names a card in your hand,
// a face-up card, a stock pile, a base, a craft in the fight or a character waiting to board
// makes that thing clickable (targets() below, through the page's BoardDecision); every other
// action is a button in the page's list of actions, with its text in the current language.
// Everything drawn here comes from the seat's view: other factions' hands are only counts.

import { renderCards } from "../js/render/cards.js";
import { renderTrack, renderStages } from "../js/render/tracks.js";
import { h, clear } from "../js/dom.js";
import { t, pick } from "../js/i18n.js";

const FACTIONS = {
  aeug: { colour: "#b5403a", letter: { en: "A", ja: "エ" }, name: { en: "AEUG", ja: "エゥーゴ" } },
  titans: { colour: "#2d4a86", letter: { en: "T", ja: "テ" }, name: { en: "Titans", ja: "ティターンズ" } },
  neo_zeon: { colour: "#4f7d36", letter: { en: "N", ja: "ネ" }, name: { en: "Neo Zeon", ja: "ネオ・ジオン" } },
};
const NEUTRAL_COLOUR = "#7d7668";
const KINDS = {
  ms: { en: "MS", ja: "MS" },
  ship: { en: "Ship", ja: "艦船" },
  char: { en: "Character", ja: "キャラ" },
  gov: { en: "Gov.", ja: "統治" },
  dev: { en: "Dev.", ja: "開発" },
};
const KIND_COLOUR = { gov: "#9a7421", dev: "#2c7a7b" };
const ROLES = { pilot: { en: "Pilot", ja: "パイロット" }, captain: { en: "Captain", ja: "艦長" } };
const ACTIONS = ["govern", "develop", "buy", "fight"];
const ACTION_NAMES = {
  govern: { en: "Govern", ja: "統治" },
  develop: { en: "Develop", ja: "開発" },
  buy: { en: "Buy", ja: "購入" },
  fight: { en: "Fight", ja: "戦闘" },
};
// The action of rule 2.2 each kind of decision belongs to (pay: the attempt's).
const STEP_ACTION = {
  govern: "govern",
  develop: "develop",
  buy: "buy",
  fight: "fight",
  select: "fight",
  board: "fight",
  strike: "fight",
  alloc: "fight",
};
const SIDES = ["attacker", "defender"];

const strings = {
  en: {
    "zc.tracks": "Tech levels and VP",
    "zc.hand": "Your hand",
    "zc.handCount": "Hand {n}",
    "zc.deck": "Deck {n}",
    "zc.discard": "Discard {n}",
    "zc.draws": "draws {n}",
    "zc.noHand": "Your hand is empty.",
    "zc.spectatorHand": "Spectators see no hand.",
    "zc.tl": "TL",
    "zc.vp": "VP",
    "zc.vpN": "{n} VP",
    "zc.income": "income {n}",
    "zc.turn": "Turn {n}",
    "zc.toMove": "{who} to play",
    "zc.actions": "Actions this turn ({n} of 2)",
    "zc.you": "you",
    "zc.declared": "declared victory",
    "zc.declaredHelp": "{who} has declared victory: it wins if the condition still holds at the start of its next turn.",
    "zc.winRule": "Victory: {win} VP, or {lead} VP ahead of the second (declared, checked at the declarer's next turn).",
    "zc.bases": "Bases",
    "zc.neutral": "Neutral bases",
    "zc.noBases": "no bases",
    "zc.political": "political",
    "zc.level": "LV{n}",
    "zc.baseStats": "VP {vp} · ${income}",
    "zc.baseFight": "A{attack} · S{sup}",
    "zc.faceUp": "Face up",
    "zc.bought": "Bought this turn",
    "zc.held": "Back to hand after the fights",
    "zc.stock": "Stock",
    "zc.domestic": "Domestic cards (shared)",
    "zc.factionStock": "{who}'s cards",
    "zc.left": "{n} left",
    "zc.empty": "empty",
    "zc.cost": "${cost} · TL{tl}",
    "zc.faceDown": "face down",
    "zc.fight": "Fight",
    "zc.fightTitle": "{attacker} attacks {base} ({defender}, LV{level})",
    "zc.attacker": "Attacker",
    "zc.defender": "Defender",
    "zc.pickedHidden": "{n} cards face down",
    "zc.pickedNone": "no cards yet",
    "zc.yourPicks": "your cards, face down until both reveal",
    "zc.waitingBoard": "Waiting to board",
    "zc.drawn": "sortie drew {n}",
    "zc.command": "command {n}",
    "zc.firstStrike": "{who} may strike first with {n} craft",
    "zc.attack": "attack {n}",
    "zc.baseAttack": "the base adds A{n}",
    "zc.allocSecret": "allocating in secret",
    "zc.allocDone": "allocation done",
    "zc.allocating": "allocating",
    "zc.allocated": "{n} allocated to {k} craft",
    "zc.lost": "lost {n}",
    "zc.struck": "first strike",
    "zc.gone": "destroyed",
    "zc.hit": "hit",
    "zc.lastFight":
      "Last fight: {attacker} attacked {base} ({defender}): levels lost {levels}; cards lost: attacker {a}, defender {d}",
    "zc.attempt": "{what} {target}: {total} of {need}",
    "zc.attemptGovern": "Governing",
    "zc.attemptDevelop": "Developing",
    "zc.spent": "spent: {cards}",
    "zc.incomeLeft": "{n} income left",
    "zc.legend":
      "A/D attack/defence · S suppression · G governance · C command · D development · $ cost · ×n sortie; bases: VP, $ income, A attack, S suppression",
    "zc.step.turn": "choosing an action",
    "zc.step.govern": "governance",
    "zc.step.develop": "development",
    "zc.step.pay": "spending cards on an attempt",
    "zc.step.buy": "buying",
    "zc.step.fight": "choosing a base to attack",
    "zc.step.select": "choosing fight cards face down",
    "zc.step.board": "putting characters aboard",
    "zc.step.strike": "choosing first strikers",
    "zc.step.alloc": "allocating attack",
    "zc.step.keep": "keeping face-up cards",
    "zc.p.turn": "Choose an action ({n} of 2 taken), or end the turn.",
    "zc.p.govern": "Governance: click a card in your hand to lay it face up, or a base to govern it.",
    "zc.p.develop": "Development: click a development card in your hand to lay it face up, or develop.",
    "zc.p.pay": "Pay {total} of {need}: click a face-up card or a card in your hand.",
    "zc.p.buy": "Buy: click a card in the stock ({n} income left).",
    "zc.p.fight": "Fight: click an enemy base to attack it, or end the fight action.",
    "zc.p.select": "Click cards in your hand to put them face down into the fight, then finish.",
    "zc.p.board": "Boarding: click a waiting character, then choose its craft.",
    "zc.p.strike": "First strike with up to {n} craft: click your craft.",
    "zc.p.alloc": "Allocate your attack ({n} left): click an enemy craft to destroy it.",
    "zc.p.keep": "Keep up to 2 unused face-up domestic cards: click one.",
    "zc.p.wait": "Turn {turn}: {who}, {what}.",
  },
  ja: {
    "zc.tracks": "技術レベルとVP",
    "zc.hand": "あなたの手札",
    "zc.handCount": "手札 {n}",
    "zc.deck": "山札 {n}",
    "zc.discard": "捨て札 {n}",
    "zc.draws": "{n}枚引く",
    "zc.noHand": "手札はありません。",
    "zc.spectatorHand": "観戦者には手札は見えません。",
    "zc.tl": "TL",
    "zc.vp": "VP",
    "zc.vpN": "{n} VP",
    "zc.income": "収入 {n}",
    "zc.turn": "第{n}手番",
    "zc.toMove": "{who}の手番",
    "zc.actions": "この手番のアクション（{n}/2）",
    "zc.you": "あなた",
    "zc.declared": "勝利宣言",
    "zc.declaredHelp": "{who}が勝利を宣言: 次の手番の開始時に条件を満たしていれば勝利。",
    "zc.winRule": "勝利: {win} VP、または2位に{lead} VP以上の差（宣言し、宣言者の次の手番に確認）。",
    "zc.bases": "拠点",
    "zc.neutral": "中立拠点",
    "zc.noBases": "拠点なし",
    "zc.political": "政治",
    "zc.level": "LV{n}",
    "zc.baseStats": "VP {vp} · ${income}",
    "zc.baseFight": "A{attack} · S{sup}",
    "zc.faceUp": "表のカード",
    "zc.bought": "この手番の購入",
    "zc.held": "戦闘後に手札へ戻る",
    "zc.stock": "ストック",
    "zc.domestic": "内政カード（共有）",
    "zc.factionStock": "{who}のカード",
    "zc.left": "残り{n}",
    "zc.empty": "なし",
    "zc.cost": "${cost} · TL{tl}",
    "zc.faceDown": "裏向き",
    "zc.fight": "戦闘",
    "zc.fightTitle": "{attacker}が{base}（{defender}、LV{level}）を攻撃",
    "zc.attacker": "手番側",
    "zc.defender": "目標側",
    "zc.pickedHidden": "裏向き{n}枚",
    "zc.pickedNone": "まだカードなし",
    "zc.yourPicks": "あなたのカード（両者の公開まで裏向き）",
    "zc.waitingBoard": "搭乗待ち",
    "zc.drawn": "出撃で{n}枚",
    "zc.command": "指揮 {n}",
    "zc.firstStrike": "{who}は{n}機で先制攻撃できる",
    "zc.attack": "攻撃力 {n}",
    "zc.baseAttack": "拠点の攻撃力 {n} を加える",
    "zc.allocSecret": "非公開で割り振り中",
    "zc.allocDone": "割り振り終了",
    "zc.allocating": "割り振り中",
    "zc.allocated": "{k}機に{n}を割り振り",
    "zc.lost": "損害 {n}枚",
    "zc.struck": "先制攻撃",
    "zc.gone": "撃破",
    "zc.hit": "命中",
    "zc.lastFight":
      "前回の戦闘: {attacker}が{base}（{defender}）を攻撃: {levels}レベル低下、損害 手番側{a}枚・目標側{d}枚",
    "zc.attempt": "{what} {target}: {total}／{need}",
    "zc.attemptGovern": "統治中",
    "zc.attemptDevelop": "開発中",
    "zc.spent": "使用: {cards}",
    "zc.incomeLeft": "残り収入 {n}",
    "zc.legend":
      "A/D 攻撃力/防御力 · S 制圧値 · G 統治値 · C 指揮 · D 開発値 · $ コスト · ×n 出撃数。拠点: VP、$ 収入、A 攻撃力、S 制圧値",
    "zc.step.turn": "アクションの選択中",
    "zc.step.govern": "統治中",
    "zc.step.develop": "開発中",
    "zc.step.pay": "カードを使用中",
    "zc.step.buy": "購入中",
    "zc.step.fight": "攻撃する拠点を選択中",
    "zc.step.select": "戦闘カードを裏で選出中",
    "zc.step.board": "キャラを搭乗させている",
    "zc.step.strike": "先制攻撃する機体を選択中",
    "zc.step.alloc": "攻撃力を割り振り中",
    "zc.step.keep": "表のカードを残す選択中",
    "zc.p.turn": "アクションを選んでください（{n}/2 実行済）。または手番終了。",
    "zc.p.govern": "統治: 手札のカードをクリックして表にするか、拠点をクリックして統治してください。",
    "zc.p.develop": "開発: 手札の開発カードをクリックして表にするか、開発してください。",
    "zc.p.pay": "{need}のうち{total}: 表のカードか手札のカードをクリックして使用してください。",
    "zc.p.buy": "購入: ストックのカードをクリックしてください（残り収入{n}）。",
    "zc.p.fight": "戦闘: 攻撃する敵の拠点をクリックするか、戦闘アクションを終えてください。",
    "zc.p.select": "手札のカードをクリックして裏向きに出し、選出を終えてください。",
    "zc.p.board": "搭乗: 搭乗待ちのキャラをクリックし、乗せる機体を選んでください。",
    "zc.p.strike": "先制攻撃（最大{n}機）: 自軍の機体をクリックしてください。",
    "zc.p.alloc": "攻撃力の割り振り（残り{n}）: 撃破する敵の機体をクリックしてください。",
    "zc.p.keep": "未使用の表の内政カードを2枚まで残せます: クリックしてください。",
    "zc.p.wait": "第{turn}手番: {who}、{what}。",
  },
};

// Styles of this view only (every selector under .zc-board, or a seat of this game).
const STYLE = `
.zc-board { position: absolute; inset: 12px; overflow: auto; padding: 12px 16px 24px; border-radius: var(--radius);
  background: var(--panel); box-shadow: var(--shadow); display: flex; flex-direction: column; gap: 14px; }
.zc-board h3 { margin: 0 0 2px; font-size: 0.95rem; }
.zc-board h4 { margin: 6px 0 0; font-size: 0.8rem; color: var(--muted); font-weight: 600; }
.zc-status { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 16px; }
.zc-status .track { min-width: 0; }
.zc-pill { display: inline-flex; align-items: center; gap: 6px; padding: 2px 10px; border-radius: 12px;
  background: #ece6d8; font-size: 0.85rem; }
.zc-pill.strong { background: var(--chrome); color: #fff; }
.zc-legend { font-size: 0.75rem; color: var(--muted); margin: 4px 0 0; }
.zc-section { border-top: 1px solid var(--line); padding-top: 8px; }
.zc-factions { display: grid; grid-template-columns: repeat(auto-fit, minmax(250px, 1fr)); gap: 10px; }
.zc-faction { border: 2px solid var(--zc-colour, #888); border-radius: 10px; padding: 6px 8px 8px; background: #fffaf0; }
.zc-faction.active { box-shadow: 0 0 0 3px var(--glow); }
.zc-faction header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; }
.zc-faction header strong { color: var(--zc-colour); font-size: 1rem; }
.zc-stats { display: flex; flex-wrap: wrap; gap: 2px 10px; font-size: 0.82rem; color: var(--muted); }
.zc-stats b { color: var(--ink); }
.zc-declared { color: #8a5a00; font-weight: 700; font-size: 0.82rem; }
.zc-small .card { width: 70px; min-height: 78px; padding: 5px 4px; gap: 2px; }
.zc-small .card-value { font-size: 1.05rem; }
.zc-small .card-title { font-size: 0.74rem; line-height: 1.15; }
.zc-small .card-text { font-size: 0.66rem; }
.zc-small .card-badge { font-size: 0.62rem; top: -8px; }
.zc-tiles .card { width: 76px; min-height: 84px; border-radius: 6px; border-width: 3px; background: #f7f1e3; }
.zc-tiles .card-value { font-size: 1.1rem; font-weight: 700; }
.zc-top { font-size: 0.65em; font-weight: 400; color: var(--muted); }
.zc-lines { display: flex; flex-direction: column; line-height: 1.2; }
.zc-board .card-title { overflow-wrap: break-word; line-height: 1.15; }
.zc-hand .card { width: 96px; }
.zc-hand .card-title { font-size: 0.8rem; }
.zc-tiles .card-title { font-size: 0.8rem; }
.zc-track .track-marker { inset: 4px 1px; border-radius: 9px; font-size: 0.6rem; letter-spacing: -0.3px; }
.zc-hand .card-row { gap: 12px; }
.zc-board .card.zc-gone { opacity: 0.45; filter: grayscale(0.8); }
.zc-board .card.zc-hit { outline: 3px dashed #b5473a; outline-offset: 2px; }
.zc-board .card.zc-mine-down { background: repeating-linear-gradient(135deg, #fffdf7 0 8px, #f1ead8 8px 16px); }
.zc-fight { border: 2px solid #8a5a00; border-radius: 10px; padding: 8px 10px; background: #fff6e0; }
.zc-fight-sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px; }
.zc-side-facts { display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 0.82rem; margin-top: 4px; }
.zc-muted { color: var(--muted); font-size: 0.85rem; }
.zc-stock details { margin-top: 4px; }
.zc-stock summary { cursor: pointer; font-weight: 600; font-size: 0.88rem; }
.zc-pile-list { font-size: 0.8rem; color: var(--muted); }
.zc-side-list { list-style: none; margin: 8px 0 0; padding: 0; font-size: 0.88rem; }
.zc-side-list li { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; padding: 2px 0; }
.seat-dot[data-seat="aeug"] { background: ${FACTIONS.aeug.colour}; }
.seat-dot[data-seat="titans"] { background: ${FACTIONS.titans.colour}; }
.seat-dot[data-seat="neo_zeon"] { background: ${FACTIONS.neo_zeon.colour}; }
`;

function addStyle() {
  if (document.getElementById("zc-style")) return;
  document.head.append(h("style", { id: "zc-style" }, STYLE));
}

// -- the printed values ---------------------------------------------------------------------

// (attack, defence, suppression, governance, command) of a catalog card at a TL (rule 4.5).
export function valuesAt(card, tl) {
  let row = card.values;
  for (const [grow, grown] of Object.entries(card.growth || {})) {
    if (Number(grow) <= tl) row = grown;
  }
  return row;
}

// (attack, defence, suppression) of a craft with its character aboard (rule 6.14).
function unitValues(board, unit, tl) {
  const cards = board.catalog.cards;
  const [a, d, s] = valuesAt(cards[unit.card], tl);
  if (!unit.pilot) return [a, d, s];
  const [pa, pd, ps] = valuesAt(cards[unit.pilot], tl);
  return [a + pa, d + pd, s + ps];
}

function factionName(p) {
  return p && FACTIONS[p] ? pick(FACTIONS[p].name) : "";
}

function cardName(board, cid) {
  return pick(board.catalog.cards[cid]?.name) || cid;
}

function baseName(board, bid) {
  return pick(board.catalog.bases[bid]?.name) || bid;
}

function tlOf(board, p) {
  return board.factions[p]?.tl ?? 1;
}

function kindLabel(card) {
  if (card.kind === "char" && card.role) return pick(ROLES[card.role]);
  return pick(KINDS[card.kind]);
}

function cardColour(card) {
  return KIND_COLOUR[card.kind] || FACTIONS[card.faction]?.colour || NEUTRAL_COLOUR;
}

// One printed card as the shared renderer's card: name, A/D (or G, D), the other values, cost
// and TL, the kind (a character's role) as its badge.
function cardFace(board, cid, tl, id) {
  const card = board.catalog.cards[cid];
  if (!card) return { id, title: cid };
  const [a, d, s, g, c] = valuesAt(card, tl);
  let value;
  let stats;
  if (card.kind === "gov") {
    value = `G${g}`;
    stats = "";
  } else if (card.kind === "dev") {
    value = `D${card.development || 0}`;
    stats = "";
  } else {
    value = `${a}/${d}`;
    const parts = [];
    if (card.kind === "char") parts.push(`C${c}`);
    if (s) parts.push(`S${s}`);
    if (g) parts.push(`G${g}`);
    if (card.kind === "ship") parts.push(`×${card.sortie || 0}`);
    stats = parts.join(" ");
  }
  const costLine = t("zc.cost", { cost: card.cost, tl: card.tl });
  const other = pick({ en: card.name.ja, ja: card.name.en });
  return {
    id,
    cid,
    title: pick(card.name),
    value,
    text: h("span", { class: "zc-lines" }, stats ? h("span", {}, stats) : null, h("span", {}, costLine)),
    colour: cardColour(card),
    badge: kindLabel(card),
    tooltip: `${pick(card.name)} (${other}) · ${kindLabel(card)} · ${costLine}${stats ? ` · ${stats}` : ""}`,
  };
}

// Repeated card ids counted: [[cid, n], ...] in first-seen order.
function counted(ids) {
  const out = new Map();
  for (const cid of ids) out.set(cid, (out.get(cid) || 0) + 1);
  return [...out.entries()];
}

function pileText(board, ids) {
  return counted(ids)
    .map(([cid, n]) => (n > 1 ? `${cardName(board, cid)} ×${n}` : cardName(board, cid)))
    .join(pick({ en: ", ", ja: "、" }));
}

// Markers at the same place on a track share one chip: their colours side by side, and their
// letters when no more than two (the names are in its tooltip and the list below the tracks).
function mergedMarkers(entries) {
  const at = new Map();
  for (const e of entries) {
    if (!at.has(e.at)) at.set(e.at, []);
    at.get(e.at).push(e);
  }
  return [...at.entries()].map(([value, list]) => {
    const colours = list.map((e) => e.colour);
    const step = 100 / colours.length;
    const background =
      colours.length === 1
        ? colours[0]
        : `linear-gradient(90deg, ${colours.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`).join(", ")})`;
    return {
      at: value,
      label: list.length <= 2 ? list.map((e) => e.label).join("") : "",
      colour: background,
      title: list.map((e) => e.title).join(" · "),
    };
  });
}

// -- the decision ------------------------------------------------------------------------------

function myFight(board, seat) {
  const fight = board.fight;
  if (!fight || seat == null) return null;
  if (fight.attacker === seat) return "attacker";
  if (fight.defender === seat) return "defender";
  return null;
}

function attackLeft(board, side) {
  const fight = board.fight;
  if (!fight?.total) return 0;
  const enemy = fight[side === "attacker" ? "defender" : "attacker"];
  const spent = (fight.alloc[side] || []).reduce(
    (sum, i) => sum + unitValues(board, fight.units[i], tlOf(board, enemy))[1],
    0,
  );
  return (fight.total[side] || 0) - spent;
}

function stepText(board) {
  const step = board.step;
  return step ? t(`zc.step.${step.kind}`) : "";
}

export default {
  players: Object.fromEntries(Object.entries(FACTIONS).map(([id, f]) => [id, f.name])),
  strings,
  options: {
    actions: { en: "Actions a turn (distinct or any)", ja: "アクションの選択（異なる2つ／重複可）" },
    first_strikers: { en: "First strikers in the normal attack", ja: "先制攻撃した機体の通常攻撃" },
    suppression: { en: "Suppression value read at", ja: "制圧値を読む時点" },
  },

  // What each action points at: a card (hand, face up, stock), a base, a craft, a character.
  targets(action, view) {
    const board = view?.board;
    const you = board?.you;
    if ("lay" in action || "commit" in action) return { card: `hand:${action.lay ?? action.commit}` };
    if ("pay" in action) {
      const up = you && board.factions[you]?.face_up.includes(action.pay);
      return { card: `${up ? "up" : "hand"}:${action.pay}` };
    }
    if ("keep" in action) return { card: `up:${action.keep}` };
    if ("buy" in action) return { card: `stock:${action.buy}` };
    if ("govern" in action && typeof action.govern === "string") return { card: `base:${action.govern}` };
    if ("attack" in action) return { card: `base:${action.attack}` };
    if ("strike" in action) return { card: `unit:${action.strike}` };
    if ("hit" in action) return { card: `unit:${action.hit}` };
    if ("board" in action) return { card: `wait:${action.board}` };
    return null;
  },

  prompt(view, seat) {
    const board = view.board;
    if (view.over || !board) return null;
    const step = board.step;
    const mine = seat != null && view.to_act.includes(seat);
    if (mine && step) {
      switch (step.kind) {
        case "turn":
          return t("zc.p.turn", { n: board.taken.length });
        case "pay":
          return t("zc.p.pay", { total: board.attempt?.total ?? 0, need: board.attempt?.need ?? 0 });
        case "buy":
          return t("zc.p.buy", { n: board.income_left ?? 0 });
        case "strike":
          return t("zc.p.strike", { n: board.fight?.strikes ?? 0 });
        case "alloc":
          return t("zc.p.alloc", { n: attackLeft(board, myFight(board, seat)) });
        default:
          return t(`zc.p.${step.kind}`);
      }
    }
    const who = (view.to_act || []).map(factionName).join(pick({ en: ", ", ja: "、" })) || factionName(board.active);
    return t("zc.p.wait", { turn: board.turn, who, what: stepText(board) });
  },

  mount(host) {
    addStyle();
    const root = h("div", { class: "zc-board" });
    host.board.append(root);
    const tracks = host.panel("zc-tracks", "zc.tracks");
    const open = new Map(); // which <details> are open, by key, across redraws
    let clicked = null; // the card last clicked (several actions: the list asks which)

    function details(key, summary, body, openByDefault = false) {
      const el = h("details", { "data-key": key, open: (open.has(key) ? open.get(key) : openByDefault) ? true : null });
      el.addEventListener("toggle", () => open.set(key, el.open));
      el.append(h("summary", {}, summary), body);
      return el;
    }

    return {
      update(frame) {
        const { board, seat, decision, interactive, version } = frame;
        if (!board) return;
        const you = board.you ?? seat;
        const cat = board.catalog;
        const live = interactive && decision.active;
        if (!decision.choices) clicked = null;

        const clickable = (id) => live && decision.forCard(id).length > 0;
        const onClick = (card) => {
          if (!interactive) return;
          clicked = card.id;
          decision.clickCard(card.id);
        };
        const mark = (cards) =>
          cards.map((c) => ({ ...c, selectable: c.selectable ?? clickable(c.id), selected: decision.choices && clicked === c.id }));
        const row = (cls, cards, label, zone, owner, empty) => {
          const box = h("div", { class: cls, "data-zone": zone || null, "data-owner": owner || null });
          renderCards(box, mark(cards), { onClick, label, empty });
          return box;
        };

        clear(root);
        root.dataset.zcVersion = version ?? "";
        root.dataset.step = board.step?.kind ?? "";

        // -- the turn: who plays, the actions taken, the attempt or income in progress ------------
        const status = h("div", { class: "zc-status" });
        status.append(
          h("span", { class: "zc-pill strong" }, t("zc.turn", { n: board.turn })),
          h(
            "span",
            { class: "zc-pill" },
            h("span", { class: "seat-dot", "data-seat": board.active }),
            t("zc.toMove", { who: factionName(board.active) }),
          ),
        );
        const now = board.step?.kind === "pay" ? board.attempt?.kind : STEP_ACTION[board.step?.kind];
        const stages = h("div", {});
        renderStages(stages, {
          title: t("zc.actions", { n: board.taken.length }),
          stages: ACTIONS.map((a) => ({
            id: a,
            label: `${board.taken.includes(a) ? "✓ " : ""}${pick(ACTION_NAMES[a])}`,
          })),
          current: now,
        });
        status.append(stages);
        if (board.step) status.append(h("span", { class: "zc-pill", "data-zc": "step" }, stepText(board)));
        if (board.attempt) {
          const at = board.attempt;
          const target = at.target ? baseName(board, at.target) : `TL${tlOf(board, board.active)} → ${tlOf(board, board.active) + 1}`;
          status.append(
            h(
              "span",
              { class: "zc-pill", "data-zc": "attempt" },
              t("zc.attempt", {
                what: t(at.kind === "govern" ? "zc.attemptGovern" : "zc.attemptDevelop"),
                target,
                total: at.total,
                need: at.need,
              }),
              at.cards.length ? ` · ${t("zc.spent", { cards: pileText(board, at.cards) })}` : "",
            ),
          );
        }
        if (board.income_left != null) {
          status.append(h("span", { class: "zc-pill", "data-zc": "income" }, t("zc.incomeLeft", { n: board.income_left })));
        }
        root.append(status);

        // -- your hand --------------------------------------------------------------------------
        const handBox = h("section", { class: "zc-section zc-hand" }, h("h3", {}, t("zc.hand")));
        if (board.hand == null) {
          handBox.append(h("p", { class: "zc-muted" }, t("zc.spectatorHand")));
        } else {
          const tl = tlOf(board, you);
          const cards = [...board.hand].sort().map((cid) => cardFace(board, cid, tl, `hand:${cid}`));
          handBox.append(row("zc-cards", cards, t("zc.hand"), "hand", you, t("zc.noHand")));
          handBox.append(h("p", { class: "zc-legend" }, t("zc.legend")));
        }
        root.append(handBox);

        // -- the fight in progress ----------------------------------------------------------------
        let fightBox = null;
        if (board.fight) fightBox = this.fight(board, you, row);
        else if (board.last_fight) {
          const last = board.last_fight;
          fightBox = h(
            "p",
            { class: "zc-muted", "data-zc": "last-fight" },
            t("zc.lastFight", {
              attacker: factionName(last.attacker),
              defender: factionName(last.defender),
              base: baseName(board, last.base),
              levels: last.levels,
              a: last.lost.attacker,
              d: last.lost.defender,
            }),
          );
        }

        // -- the factions: bases, piles, TL and VP --------------------------------------------------
        const factions = h("section", { class: "zc-factions" });
        for (const p of board.order) {
          const f = board.factions[p];
          const box = h("section", {
            class: ["zc-faction", p === board.active && "active"],
            "data-faction": p,
            style: { "--zc-colour": FACTIONS[p]?.colour || NEUTRAL_COLOUR },
          });
          box.append(
            h(
              "header",
              {},
              h("strong", {}, factionName(p)),
              p === you ? h("span", { class: "zc-muted" }, `(${t("zc.you")})`) : null,
              f.declared
                ? h("span", { class: "zc-declared", title: t("zc.declaredHelp", { who: factionName(p) }) }, `★ ${t("zc.declared")}`)
                : null,
            ),
            h(
              "div",
              { class: "zc-stats" },
              h("span", {}, `${t("zc.tl")} `, h("b", {}, String(f.tl))),
              h("span", {}, `${t("zc.vp")} `, h("b", {}, String(f.vp))),
              h("span", {}, t("zc.income", { n: f.income })),
              h("span", { "data-zc": "hand-count" }, t("zc.handCount", { n: f.hand })),
              h("span", { "data-zc": "deck-count" }, t("zc.deck", { n: f.deck })),
              h("span", { "data-zc": "discard-count" }, t("zc.discard", { n: f.discard.length })),
              h("span", {}, `(${t("zc.draws", { n: f.draw })})`),
            ),
          );
          const bases = Object.entries(board.bases).filter(([, b]) => b.owner === p);
          box.append(h("h4", {}, t("zc.bases")));
          box.append(row("zc-tiles", bases.map(([bid, b]) => this.tile(board, bid, b)), t("zc.bases"), `bases:${p}`, p, t("zc.noBases")));
          const tl = f.tl;
          for (const [key, label] of [
            ["face_up", "zc.faceUp"],
            ["bought", "zc.bought"],
            ["held", "zc.held"],
          ]) {
            if (!f[key].length) continue;
            box.append(h("h4", {}, t(label)));
            const prefix = key === "face_up" && p === you ? "up" : `${key}:${p}`;
            box.append(row("zc-small", f[key].map((cid) => cardFace(board, cid, tl, `${prefix}:${cid}`)), t(label), `${key}:${p}`, p));
          }
          if (f.discard.length) {
            box.append(
              details(
                `discard:${p}`,
                t("zc.discard", { n: f.discard.length }),
                h("div", { class: "zc-pile-list", "data-zone": `discard:${p}` }, pileText(board, f.discard)),
              ),
            );
          }
          factions.append(box);
        }


        // -- neutral bases --------------------------------------------------------------------------
        const neutral = Object.entries(board.bases).filter(([, b]) => b.owner == null);
        const neutralBox = h("section", { class: "zc-section" }, h("h3", {}, t("zc.neutral")));
        const tiles = neutral.map(([bid, b]) => this.tile(board, bid, b));
        neutralBox.append(row("zc-tiles", tiles, t("zc.neutral"), "bases:neutral", null, t("zc.noBases")));


        // -- the stock: shared domestic piles, then each faction's cards -----------------------------
        const stock = h("section", { class: "zc-section zc-stock", "data-zone": "stock" }, h("h3", {}, t("zc.stock")));
        const stockCard = (cid) => {
          const n = board.stock[cid] ?? 0;
          const card = cardFace(board, cid, you ? tlOf(board, you) : 1, `stock:${cid}`);
          card.badge = n ? t("zc.left", { n }) : t("zc.empty");
          if (!n) card.colour = "#bbb";
          return card;
        };
        const ids = Object.keys(board.stock);
        const domestic = ids.filter((cid) => cat.cards[cid]?.faction === "shared");
        stock.append(h("h4", {}, t("zc.domestic")));
        stock.append(row("zc-small", domestic.map(stockCard), t("zc.domestic"), "stock:shared"));
        const buying = board.step?.kind === "buy" && board.active === you;
        for (const p of board.order) {
          const own = ids.filter((cid) => cat.cards[cid]?.faction === p);
          const body = row("zc-small", own.map(stockCard), t("zc.factionStock", { who: factionName(p) }), `stock:${p}`);
          stock.append(details(`stock:${p}`, t("zc.factionStock", { who: factionName(p) }), body, buying && p === you));
          if (buying && p === you) stock.lastChild.open = true;
        }

        // what the decision is about comes right after the hand: the stock while buying, the
        // neutral bases while governing
        const kind = board.step?.kind === "pay" ? board.attempt?.kind : board.step?.kind;
        const mine = live && board.active === you;
        let order = [fightBox, factions, neutralBox, stock];
        if (mine && kind === "buy") order = [stock, fightBox, factions, neutralBox];
        else if (mine && kind === "govern") order = [neutralBox, fightBox, factions, stock];
        root.append(...order.filter(Boolean));

        // -- the side panel: TL and VP tracks, victory --------------------------------------------
        clear(tracks);
        const marker = (p, at) => ({
          at,
          label: pick(FACTIONS[p].letter),
          colour: FACTIONS[p].colour,
          title: `${factionName(p)} ${at}`,
        });
        renderTrack(tracks.appendChild(h("div", { class: "zc-track", "data-zc": "tl-track" })), {
          title: t("zc.tl"),
          from: 1,
          to: cat.draw.length - 1,
          markers: mergedMarkers(board.order.map((p) => marker(p, board.factions[p].tl))),
        });
        const top = Math.max(cat.vp_win, ...board.order.map((p) => board.factions[p].vp));
        renderTrack(tracks.appendChild(h("div", { class: "zc-track", "data-zc": "vp-track" })), {
          title: t("zc.vp"),
          from: 0,
          to: top,
          current: cat.vp_win,
          markers: mergedMarkers(board.order.map((p) => marker(p, board.factions[p].vp))),
        });
        const list = h("ul", { class: "zc-side-list" });
        for (const p of board.order) {
          const f = board.factions[p];
          list.append(
            h(
              "li",
              { "data-faction": p },
              h("span", { class: "seat-dot", "data-seat": p }),
              h("strong", {}, factionName(p)),
              h("span", {}, `TL ${f.tl}`),
              h("span", {}, t("zc.vpN", { n: f.vp })),
              h("span", { class: "zc-muted" }, t("zc.income", { n: f.income })),
              f.declared ? h("span", { class: "zc-declared" }, `★ ${t("zc.declared")}`) : null,
            ),
          );
        }
        tracks.append(list);
        for (const p of board.declared) tracks.append(h("p", { class: "zc-declared" }, t("zc.declaredHelp", { who: factionName(p) })));
        tracks.append(h("p", { class: "zc-muted" }, t("zc.winRule", { win: cat.vp_win, lead: cat.vp_lead })));
      },

      // A base tile: its name, level, VP and income at that level, its attack and suppression.
      // A neutral base (LV0) shows what it is worth at LV1, once governed.
      tile(board, bid, b) {
        const tile = board.catalog.bases[bid];
        const level = b.level;
        const top = tile.vp.length - 1;
        const at = Math.max(level, 1);
        return {
          id: `base:${bid}`,
          title: pick(tile.name),
          value: h("span", {}, t("zc.level", { n: level }), h("small", { class: "zc-top" }, `/${top}`)),
          text: h(
            "span",
            { class: "zc-lines" },
            h(
              "span",
              {},
              level ? "" : `${t("zc.level", { n: 1 })}: `,
              t("zc.baseStats", { vp: tile.vp[at], income: tile.income[at] }),
            ),
            h("span", {}, t("zc.baseFight", { attack: tile.attack[at], sup: tile.suppression[at] })),
          ),
          colour: b.owner ? FACTIONS[b.owner]?.colour : NEUTRAL_COLOUR,
          badge: tile.political ? t("zc.political") : null,
          tooltip: `${pick(tile.name)} LV${level}/${top}`,
        };
      },

      // The fight: each side's selection (backs while face down), then its craft and characters.
      fight(board, you, row) {
        const fight = board.fight;
        const box = h("section", { class: "zc-fight", "data-zone": "fight" });
        box.append(
          h(
            "h3",
            {},
            `${t("zc.fight")}: `,
            t("zc.fightTitle", {
              attacker: factionName(fight.attacker),
              defender: factionName(fight.defender),
              base: baseName(board, fight.base),
              level: fight.level,
            }),
          ),
        );
        if (fight.command && fight.striker) {
          box.append(h("p", { class: "zc-muted" }, t("zc.firstStrike", { who: factionName(fight[fight.striker]), n: fight.strikes })));
        }
        const sides = h("div", { class: "zc-fight-sides" });
        const tile = board.catalog.bases[fight.base];
        for (const side of SIDES) {
          const owner = fight[side];
          const other = side === "attacker" ? "defender" : "attacker";
          const tl = tlOf(board, owner);
          const col = h("div", { "data-zone": `fight-${side}`, "data-owner": owner });
          col.append(
            h("h4", {}, h("span", { class: "seat-dot", "data-seat": owner }), ` ${t(`zc.${side}`)}: ${factionName(owner)}`),
          );
          const picked = fight.picked[side];
          if (!fight.revealed) {
            if (typeof picked === "number") {
              // another side's selection: only how many cards, as backs
              const backs = Array.from({ length: picked }, (_, i) => ({
                id: `back:${side}:${i}`,
                back: true,
                backLabel: t("zc.faceDown"),
                colour: FACTIONS[owner]?.colour,
              }));
              col.append(row("zc-small", backs, t("zc.pickedHidden", { n: picked }), `picked:${side}`, owner, t("zc.pickedNone")));
              if (picked) col.append(h("p", { class: "zc-muted" }, t("zc.pickedHidden", { n: picked })));
            } else {
              const cards = picked.map((cid, i) => ({ ...cardFace(board, cid, tl, `picked:${side}:${i}`), badge: t("zc.faceDown") }));
              col.append(row("zc-small zc-mine-picks", cards, t("zc.yourPicks"), `picked:${side}`, owner, t("zc.pickedNone")));
              if (picked.length) col.append(h("p", { class: "zc-muted" }, t("zc.yourPicks")));
            }
          } else {
            const units = fight.units.map((u, i) => [u, i]).filter(([u]) => u.side === side);
            const hits = new Set(fight.alloc[other] || []);
            const cards = units.map(([u, i]) => {
              const [a, d, s] = unitValues(board, u, tl);
              const craft = board.catalog.cards[u.card];
              const pilot = u.pilot ? board.catalog.cards[u.pilot] : null;
              const badge = u.gone ? t("zc.gone") : hits.has(i) ? t("zc.hit") : u.struck ? t("zc.struck") : kindLabel(craft);
              return {
                id: `unit:${i}`,
                title: pick(craft.name),
                value: `${a}/${d}`,
                text: h("span", { class: "zc-lines" }, h("span", {}, `S${s}`), pilot ? h("span", {}, `+ ${pick(pilot.name)}`) : null),
                colour: FACTIONS[owner]?.colour,
                badge,
                tooltip: `${pick(craft.name)}${pilot ? ` + ${pick(pilot.name)}` : ""} ${a}/${d} S${s}`,
                gone: u.gone,
                hit: hits.has(i),
              };
            });
            const unitRow = row("zc-small", cards, t(`zc.${side}`), `units:${side}`, owner);
            for (const c of cards) {
              const el = unitRow.querySelector(`[data-card="${c.id}"]`);
              if (c.gone) el?.classList.add("zc-gone");
              if (c.hit && !c.gone) {
                el?.classList.add("zc-hit");
                el?.setAttribute("data-alloc-by", other);
              }
            }
            col.append(unitRow);
            const waiting = fight.waiting[side] || [];
            if (waiting.length) {
              col.append(h("h4", {}, t("zc.waitingBoard")));
              const chars = waiting.map((cid) => cardFace(board, cid, tl, `wait:${cid}`));
              col.append(row("zc-small", chars, t("zc.waitingBoard"), `waiting:${side}`, owner));
            }
          }
          const facts = h("div", { class: "zc-side-facts" });
          if (fight.revealed && fight.drawn[side]?.length) facts.append(h("span", {}, t("zc.drawn", { n: fight.drawn[side].length })));
          if (fight.command) facts.append(h("span", {}, t("zc.command", { n: fight.command[side] })));
          if (side === "defender") facts.append(h("span", {}, t("zc.baseAttack", { n: tile.attack[fight.level] ?? 0 })));
          if (fight.total) {
            facts.append(h("span", {}, t("zc.attack", { n: fight.total[side] })));
            // what this side's attack destroys, once its allocation is not secret (6.10)
            const alloc = fight.alloc[side];
            const done = fight.done?.[side];
            const how = alloc == null && !done ? "zc.allocSecret" : done ? "zc.allocDone" : "zc.allocating";
            facts.append(h("span", { "data-zc": `alloc-${side}` }, t(how)));
            if (alloc?.length) {
              const enemy = fight[other];
              const spent = alloc.reduce((sum, i) => sum + unitValues(board, fight.units[i], tlOf(board, enemy))[1], 0);
              facts.append(h("span", {}, t("zc.allocated", { n: spent, k: alloc.length })));
            }
          }
          if (fight.lost[side]) facts.append(h("span", {}, t("zc.lost", { n: fight.lost[side] })));
          col.append(facts);
          sides.append(col);
        }
        box.append(sides);
        return box;
      },
    };
  },
};
