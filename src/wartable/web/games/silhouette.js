// Mechanical Silhouette on the shared renderers: every machine side by side (your side first),
// each drawn as its paper sheet (js/render/robot.js: the grid of cells, the damage, the lean),
// with its SP gauge (tracks.js); the round track and the fixed attack order; the attack in
// progress with its two dice (white: the row, black: the column), what changed them, and where
// it lands; the Target record of what the other side has revealed.
//
// The decision is made on the board: on your turn click one of your lit weapon cells (or Body
// slam), then the enemy robot; SP skills and interrupts are buttons beside the dice; a defender
// clicks the lit armour or arm cell that takes the hit, or takes it; a robot that has fallen
// detaches a part by clicking it twice. The page's list of actions stays as the fallback.
// Everything drawn comes from the seat's view (and its log, for how a cell was destroyed).

import { renderRobot } from "../js/render/robot.js";
import { renderTrack, renderStages } from "../js/render/tracks.js";
import { dieFace } from "../js/render/log.js";
import { h, clear } from "../js/dom.js";
import { t, pick } from "../js/i18n.js";

const SIDE_COLOUR = { a: "#2c5d9b", b: "#a93226" };
const ENEMY_COLOUR = "#6d4c7d";

function seatNames() {
  const names = {
    p1: { en: "Player 1", ja: "プレイヤー1" },
    p2: { en: "Player 2", ja: "プレイヤー2" },
  };
  for (let n = 1; n <= 4; n++) {
    names[`a${n}`] = { en: `Team A ${n}`, ja: `チームA ${n}` };
    names[`b${n}`] = { en: `Team B ${n}`, ja: `チームB ${n}` };
    names[`pilot${n}`] = { en: `Pilot ${n}`, ja: `パイロット${n}` };
  }
  return names;
}

const CHOICE = (en, ja) => ({ en, ja });

// -- reading the view and the log -----------------------------------------------------------

function machineName(m) {
  return m ? pick({ en: `${m.name.en} (${m.id})`, ja: `${m.name.ja}（${m.id}）` }) : "";
}

function itemName(board, iid) {
  return iid && board.items[iid] ? pick(board.items[iid].name) : "";
}

// The cells of one item instance on a machine, as far as the viewer knows them.
function instCells(m, inst) {
  return Object.keys(m.cells).filter((k) => m.cells[k].inst === inst);
}

function findLastIndex(list, test, before = list.length) {
  for (let i = Math.min(before, list.length) - 1; i >= 0; i--) if (test(list[i])) return i;
  return -1;
}

// How each destroyed cell went: torn out or cut off (the log says, S6.5).
function destroyedHow(log) {
  const how = {};
  for (const e of log) {
    const d = e.data;
    if (d?.destroyed && d.machine) (how[d.machine] ||= {})[d.destroyed] = d.attr;
  }
  return how;
}

// The attack in progress, or the last one made: who, with what, at whom, its dice, what
// changed them (SP, interrupts) and where it landed.
function attackInfo(board, log) {
  const rollAt = findLastIndex(log, (e) => e.kind === "roll" && e.rule === "S6.3");
  const live = board.attack;
  if (rollAt < 0) return live ? { ...live, mods: [], result: null, live: true } : null;
  const after = log.slice(rollAt + 1);
  const end = after.findIndex((e) => e.data?.hit || e.data?.miss);
  const mine = end < 0 ? after : after.slice(0, end + 1);
  const mods = mine.filter((e) => e.data?.at);
  const result = end < 0 ? null : after[end];
  if (live && live.roll) return { ...live, mods, result, live: true };
  if (live) return { ...live, mods: [], result: null, live: true };
  const declared = findLastIndex(log, (e) => e.data?.weapon && e.data?.by, rollAt);
  if (declared < 0) return null;
  const d = log[declared].data;
  const roll = log[rollAt].dice;
  // the machine this roll was at: the one its damage names (a several-attack weapon may have
  // turned to another unit machine), else the one declared
  const stop = after.findIndex((e) => e.rule === "S5" || e.rule === "S2");
  const struck = (stop < 0 ? after : after.slice(0, stop)).find((e) => e.data?.machine)?.data.machine;
  let at = mods.length ? mods[mods.length - 1].data.at : roll;
  if (result?.data.miss) at = result.data.miss;
  else if (result?.data.hit) at = result.data.hit.split("-").map(Number);
  return { by: d.by, target: struck ?? d.target, weapon: d.weapon, item: d.item, roll, at, mods, result, live: false, rolls_left: 0 };
}

// -- what each action points at on the board ------------------------------------------------

// The robots the picked weapon may attack now, and the entry for each; or, when the decision is
// only a target (the next attack of a several-attack weapon), the robots it may go at.
function aimed(decision) {
  const out = new Map();
  const picked = decision.selected;
  for (const e of decision.entries) {
    const a = e.action;
    if (a.do === "attack" && picked != null && String(a.weapon) === String(picked)) out.set(a.target, e);
    if (a.do === "target") out.set(a.target, e);
  }
  return out;
}

function targets(action) {
  switch (action.do) {
    case "attack":
      // the weapon is picked on the sheet, then the target robot (see `aimed` below)
      return { piece: action.weapon, button: true };
    case "target":
      return { robot: action.target };
    case "armour":
    case "arm":
      return { piece: `cell:${action.cell}` };
    case "detach":
      return { piece: `part:${action.part}`, button: true };
    default:
      return null;
  }
}

function me(board, seat) {
  const you = board.you ?? seat;
  return you != null ? board.machines[you] : null;
}

function prompt(view, seat) {
  const board = view.board;
  if (!board || view.over) return null;
  const step = board.step;
  const mine = seat != null && (view.to_act || []).includes(seat);
  const attack = board.attack;
  if (mine && step) {
    const m = board.machines[step.machine];
    switch (step.kind) {
      case "turn":
        return t(step.attacks > 1 ? "sil.p.turnTwice" : "sil.p.turn", { n: step.attacks });
      case "boost":
        return t("sil.p.boost", { row: attack.at[0], col: attack.at[1], sp: m.sp });
      case "interrupt":
        return t("sil.p.interrupt", { row: attack.at[0], col: attack.at[1] });
      case "defend":
        return t("sil.p.defend", { cell: step.cell });
      case "retarget":
        return t("sil.p.retarget");
      case "stand":
        if (board.options?.physics === "manual") return t("sil.p.standManual", { machine: machineName(m) });
        return t("sil.p.stand", { theta: m.lean.theta });
      default:
        return null;
    }
  }
  const turn = board.machines[board.turn];
  if (!turn) return null;
  return t("sil.p.wait", { round: board.round, rounds: board.rounds, machine: machineName(turn) });
}

function pieceName(piece, view) {
  const board = view.board;
  const m = me(board, view.you);
  if (piece === "ram") return itemName(board, Object.keys(board.items).find((i) => board.items[i].kind === "ram"));
  const text = String(piece);
  if (text.startsWith("part:")) return m?.parts?.[text.slice(5)] ? pick(m.parts[text.slice(5)]) : text.slice(5);
  if (text.startsWith("cell:")) return text.slice(5);
  if (m) {
    const cells = instCells(m, piece);
    if (cells.length) return `${itemName(board, m.cells[cells[0]].item)} ${cells.join("/")}`;
  }
  return text;
}

// -- the module -----------------------------------------------------------------------------

export default {
  players: seatNames(),
  options: {
    mode: CHOICE("Mode of play", "プレイモード"),
    team_size: CHOICE("Team size (team play)", "チームの人数（チーム戦）"),
    scenario: CHOICE("Scenario (solo and co-op)", "シナリオ（ソロ・協力）"),
    robots: CHOICE(
      'Robots by seat, e.g. {"p1": "raiden"} (hien, tsurugi, kagerou, raiden)',
      'ロボット（席ごと）例 {"p1": "raiden"}（hien, tsurugi, kagerou, raiden）',
    ),
    physics: CHOICE("Standing test (S10 ③)", "自立判定（S10 ③）"),
    grey: CHOICE("A lean of 70°-90°", "70°〜90°の傾き"),
    round_limit: CHOICE("Team play after round 6", "チーム戦の6ラウンド終了時"),
    core_part: CHOICE("A cell of the core's part cut off from the core", "コアから切り離されたコアパーツの枠"),
    data: CHOICE("Printed values (data overlay)", "印刷値（データの上書き）"),
  },
  // the lobby offers these as lists
  choices: {
    mode: {
      versus: CHOICE("Versus (1 against 1)", "対戦（1対1）"),
      team: CHOICE("Team play", "チーム戦"),
      solo: CHOICE("Solo (scenario)", "ソロ（シナリオ）"),
      coop: CHOICE("Co-op (scenario)", "協力（シナリオ）"),
    },
    scenario: {
      "": CHOICE("the mode's own", "モードの既定"),
      first_mission: CHOICE("First Mission (solo)", "初任務（ソロ）"),
      one_for_all: CHOICE("One for All, All for One (co-op)", "one for all All for one（協力）"),
    },
    physics: {
      calibrated: CHOICE("calibrated paper model", "較正済みの紙モデル"),
      strict: CHOICE("strict: geometry and mass only", "厳密: 形と重さのみ"),
      quick: CHOICE("quick: tipping over the feet", "簡易: 足元からの転倒"),
      manual: CHOICE("manual: the players say", "手動: プレイヤーが申告"),
    },
    grey: {
      standing: CHOICE("still standing", "自立とみなす"),
      fallen: CHOICE("fallen", "転倒とみなす"),
    },
    round_limit: {
      draw: CHOICE("a draw", "引き分け"),
      survivors: CHOICE("more survivors win", "生存数の多い側の勝ち"),
    },
    core_part: {
      path: CHOICE("needs a path to the core", "コアへの経路が必要"),
      same_part: CHOICE("counts as connected", "接続とみなす"),
    },
  },
  targets,
  prompt,
  pieceName,

  mount(host) {
    const root = h("div", { class: "sil-board" });
    host.board.append(root);
    const targetPanel = host.panel("sil-target", "sil.targetSheet");
    const legendPanel = host.panel("sil-legend", "sil.legend");
    let focus = null; // the interrupt item picked on the sheet (its buttons come first)
    let last = null;
    const odds = new Map(); // "seat|version" -> the server's chances to hit, once they come

    // The chance to hit each enemy (public: outlines and SP), asked of the server once a turn.
    function hitOdds(frame, you) {
      const key = `${frame.seat}|${frame.version}`;
      if (!odds.has(key)) {
        odds.set(key, null);
        host.odds({ by: you.id }).then(
          (answer) => {
            odds.set(key, answer);
            if (last && `${last.seat}|${last.version}` === key) view.update(last);
          },
          () => {},
        );
        while (odds.size > 20) odds.delete(odds.keys().next().value);
      }
      return odds.get(key);
    }

    const view = {
      update(frame) {
        last = frame;
        const { board, seat, decision, interactive, log = [] } = frame;
        if (!board) return;
        const you = me(board, seat);
        const live = interactive && decision.active;
        const step = board.step;
        const myStep = live && step && (frame.view.to_act || []).includes(seat) ? step.kind : null;
        const how = destroyedHow(log);
        const info = attackInfo(board, log);
        if (myStep !== "interrupt") focus = null;
        const chances = myStep === "turn" && frame.version != null ? hitOdds(frame, you) : null;

        clear(root);
        root.dataset.step = step?.kind ?? "";
        root.dataset.version = frame.version ?? "";

        // -- the round, the order, the attack ---------------------------------------------------
        const top = h("div", { class: "sil-top" });
        const status = h("div", { class: "sil-status" });
        renderTrack(status.appendChild(h("div", { class: "sil-rounds" })), {
          title: t("sil.round", { n: board.round, of: board.rounds }),
          from: 1,
          to: board.rounds,
          current: board.round,
          markers: [{ at: board.round, label: String(board.round), colour: "#222b38" }],
        });
        renderStages(status.appendChild(h("div", { class: "sil-order" })), {
          title: t("sil.order"),
          stages: board.order.map((id) => {
            const m = board.machines[id];
            return { id, label: `${m.out ? "✕ " : ""}${pick(m.name)} ${id}` };
          }),
          current: board.turn,
        });
        status.append(
          h(
            "p",
            { class: "sil-mode muted small" },
            t(`sil.mode.${board.mode}`),
            " · ",
            t(`sil.physics.${board.options?.physics ?? "calibrated"}`),
          ),
        );
        top.append(status, this.attackBox(board, info, decision, myStep, live));
        root.append(top);

        // -- the machines, your side first --------------------------------------------------------
        const order = board.order.length ? board.order : Object.keys(board.machines);
        const ids = Object.keys(board.machines).sort((a, b) => {
          const ma = board.machines[a];
          const mb = board.machines[b];
          const side = (m) => (you && m.side === you.side ? 0 : 1);
          return side(ma) - side(mb) || order.indexOf(a) - order.indexOf(b);
        });
        const grid = h("div", { class: "sil-machines" });
        const lit = live ? aimed(decision) : new Map();
        const size = ids.length <= 2 ? 36 : ids.length <= 4 ? 32 : 28;
        grid.classList.toggle("few", ids.length <= 2);
        for (const id of ids) {
          const m = board.machines[id];
          grid.append(this.machine(board, m, { frame, how, info, lit, myStep, live, you, size, chances }));
        }
        root.append(grid);

        this.sidePanels(board, you);
      },

      // The attack: who at whom with what, the dice (roll, then after changes), the changes,
      // the result; and the buttons of a decision about the dice.
      attackBox(board, info, decision, myStep, live) {
        const box = h("section", { class: ["sil-attack", info?.live && "live"], "data-zone": "attack" });
        if (!info) {
          box.append(h("h3", {}, t("sil.attack")), h("p", { class: "muted" }, t("sil.noAttack")));
        } else {
          const by = board.machines[info.by];
          const target = board.machines[info.target];
          const cells = info.weapon && info.weapon !== "ram" && by ? instCells(by, info.weapon) : [];
          const weapon = `${itemName(board, info.item)}${cells.length ? ` ${cells.join("/")}` : ""}`;
          box.append(
            h("h3", {}, t(info.live ? "sil.attack" : "sil.lastAttack")),
            h("p", { class: "sil-who" }, t("sil.attackLine", { by: machineName(by), target: machineName(target), weapon })),
          );
          const dice = h("div", { class: "sil-dice" });
          const pair = (values, label, cls) =>
            h(
              "div",
              { class: ["sil-dice-pair", cls], "data-dice": cls },
              h("span", { class: "sil-dice-label" }, label),
              h("span", { class: "sil-die white", title: t("sil.rowDie") }, dieFace(values[0], 6, 38)),
              h("span", { class: "sil-die black", title: t("sil.colDie") }, dieFace(values[1], 6, 38)),
              h("span", { class: "sil-cell-name" }, `${values[0]}-${values[1]}`),
            );
          if (info.roll) {
            dice.append(pair(info.roll, t("sil.rolled"), "roll"));
            const moved = info.at && (info.at[0] !== info.roll[0] || info.at[1] !== info.roll[1]);
            if (moved) {
              const inRange = info.at.every((v) => v >= 1 && v <= 6);
              dice.append(h("span", { class: "sil-arrow", "aria-hidden": "true" }, "→"));
              if (inRange) {
                dice.append(pair(info.at, t("sil.final"), "at"));
              } else {
                // moved off the sheet: no die shows it
                dice.append(
                  h(
                    "div",
                    { class: "sil-dice-pair at off", "data-dice": "at" },
                    h("span", { class: "sil-dice-label" }, t("sil.final")),
                    h("span", { class: "sil-cell-name" }, `${info.at[0]}-${info.at[1]}`),
                  ),
                );
              }
            }
          }
          box.append(dice);
          if (info.mods.length) box.append(h("ul", { class: "sil-mods" }, info.mods.map((e) => h("li", {}, pick(e.msg)))));
          if (info.result) {
            const hit = info.result.data.hit;
            box.append(h("p", { class: ["sil-result", hit ? "hit" : "miss"] }, hit ? t("sil.hitAt", { cell: hit }) : t("sil.missed")));
          }
          if (info.live && info.rolls_left > 0) box.append(h("p", { class: "muted small" }, t("sil.rollsLeft", { n: info.rolls_left })));
        }
        const buttons = this.buttons(board, decision, myStep, live);
        if (buttons) box.append(buttons);
        return box;
      },

      // Buttons for the decisions that are not a click on a sheet.
      buttons(board, decision, myStep, live) {
        if (!live) return null;
        const entries = decision.entries;
        const bar = h("div", { class: "sil-buttons", "data-zone": "buttons" });
        const button = (entry, label, cls) =>
          h(
            "button",
            {
              type: "button",
              class: ["sil-button", cls],
              "data-sil-action": JSON.stringify(entry.action),
              title: pick(entry.text),
              onclick: () => decision.play([entry]),
            },
            label,
          );
        const find = (test) => entries.filter((e) => test(e.action));
        const axis = (a) => t(a === "row" ? "sil.row" : "sil.col");
        const sign = (n) => (n > 0 ? `+${n}` : `−${-n}`);
        if (myStep === "turn") {
          const ram = find((a) => a.do === "attack" && a.weapon === "ram");
          if (ram.length) {
            bar.append(
              h(
                "button",
                {
                  type: "button",
                  class: ["sil-button", "ram", decision.selected === "ram" && "selected"],
                  "data-sil-piece": "ram",
                  "aria-pressed": decision.selected === "ram" ? "true" : "false",
                  onclick: () => decision.clickPiece("ram"),
                },
                t("sil.ram"),
              ),
            );
          }
          for (const e of find((a) => a.do === "double")) bar.append(button(e, t("sil.double", { cost: board.costs.double_cost })));
          for (const e of find((a) => a.do === "pass")) bar.append(button(e, t("sil.pass")));
          for (const e of find((a) => a.do === "surrender")) bar.append(button(e, t("sil.surrender"), "danger"));
        } else if (myStep === "boost") {
          for (const a of ["row", "col"]) {
            const row = h("div", { class: "sil-boost", "data-axis": a }, h("span", { class: "sil-axis" }, axis(a)));
            for (const e of find((x) => x.do === "shift" && x.axis === a)) {
              row.append(button(e, `${sign(e.action.by)} (${board.costs.shift_cost} SP)`, "shift"));
            }
            const sets = find((x) => x.do === "set" && x.axis === a);
            if (sets.length) {
              row.append(h("span", { class: "muted small" }, t("sil.setTo", { cost: board.costs.set_cost })));
              for (const e of sets) row.append(button(e, dieFace(e.action.face, 6, 22), "face"));
            }
            if (row.childNodes.length > 1) bar.append(row);
          }
          for (const e of find((x) => x.do === "done")) bar.append(button(e, t("sil.keep"), "primary"));
        } else if (myStep === "interrupt") {
          const all = find((x) => x.do === "interrupt");
          const insts = [...new Set(all.map((e) => e.action.inst))].sort((x, y) => (x === focus ? -1 : y === focus ? 1 : 0));
          for (const inst of insts) {
            const row = h(
              "div",
              { class: ["sil-boost", inst === focus && "focus"], "data-inst": inst },
              h("span", { class: "sil-axis" }, t("sil.interruptWith", { cell: inst })),
            );
            for (const e of all.filter((x) => x.action.inst === inst)) {
              row.append(button(e, `${axis(e.action.axis)} ${sign(e.action.by)}`, "shift"));
            }
            bar.append(row);
          }
          for (const e of find((x) => x.do === "done")) bar.append(button(e, t("sil.noInterrupt"), "primary"));
        } else if (myStep === "defend") {
          for (const e of find((x) => x.do === "take")) bar.append(button(e, t("sil.take"), "primary"));
          for (const e of find((x) => x.do === "sturdy")) bar.append(button(e, t("sil.sturdy")));
          if (find((x) => x.do === "armour" || x.do === "arm").length) bar.append(h("p", { class: "muted small" }, t("sil.substituteHint")));
        } else if (myStep === "stand") {
          const sel = decision.selected != null && String(decision.selected).startsWith("part:") ? decision.selected : null;
          if (sel) {
            for (const e of decision.forPiece(sel)) bar.append(button(e, t("sil.detach", { part: pieceName(sel, last.view) }), "danger"));
          } else if (find((x) => x.do === "detach").length) {
            bar.append(h("p", { class: "muted small" }, t("sil.detachHint")));
          }
          for (const e of find((x) => x.do === "done")) bar.append(button(e, t("sil.standDone"), "primary"));
          for (const e of find((x) => x.do === "stands")) bar.append(button(e, t("sil.stands"), "primary"));
          for (const e of find((x) => x.do === "fallen")) bar.append(button(e, t("sil.fallen"), "danger"));
        } else if (myStep === "retarget") {
          bar.append(h("p", { class: "muted small" }, t("sil.retargetHint")));
        }
        // anything else the list offers without a place on the board
        const shown = new Set([...bar.querySelectorAll("[data-sil-action]")].map((b) => b.dataset.silAction));
        for (const e of entries) {
          if (e.target || shown.has(JSON.stringify(e.action))) continue;
          if (["shift", "set", "interrupt"].includes(e.action.do)) continue;
          bar.append(button(e, pick(e.text)));
        }
        return bar.childNodes.length ? bar : null;
      },

      // One machine: its name, seat, weight, SP gauge, sheet and lean.
      machine(board, m, { frame, how, info, lit, myStep, live, you, size, chances }) {
        const { decision } = frame;
        const mine = Boolean(m.mine);
        const own = you && m.id === you.id;
        const colour = m.owner == null ? ENEMY_COLOUR : SIDE_COLOUR[m.side] || "#555";
        const targetable = lit.has(m.id);
        const card = h("section", {
          class: [
            "sil-machine",
            mine && "mine",
            own && "own",
            board.turn === m.id && "turn",
            info?.target === m.id && "target",
            info?.by === m.id && "attacker",
            m.out && "out",
            targetable && "targetable",
          ],
          "data-machine": m.id,
          style: { "--side": colour },
        });
        const owner = m.owner == null ? t("sil.enemyPiece") : host.playerName(m.owner);
        card.append(
          h(
            "header",
            {},
            h("span", { class: "seat-dot", style: { background: colour } }),
            h("strong", { class: "sil-name" }, pick(m.name)),
            h("span", { class: "sil-id" }, m.id),
            h("span", { class: "muted small" }, owner, own ? ` (${t("game.you")})` : ""),
          ),
          h(
            "div",
            { class: "sil-facts" },
            h("span", {}, t("sil.weight", { n: m.weight })),
            m.unit ? h("span", { class: "sil-badge" }, t("sil.unit")) : null,
            board.turn === m.id && !m.out ? h("span", { class: "sil-badge turn" }, t("sil.itsTurn")) : null,
            m.attacked ? h("span", { class: "sil-badge attacked", title: t("sil.attackedHelp") }, t("sil.attacked")) : null,
          ),
        );
        const gauge = card.appendChild(h("div", { class: "sil-sp", "data-sp": m.sp }));
        renderTrack(gauge, {
          title: t("sil.sp", { n: m.sp }),
          from: 0,
          to: Math.max(8, m.sp),
          current: m.sp,
          markers: [{ at: m.sp, label: String(m.sp), colour }],
        });
        for (const cost of Object.values(board.costs || {})) gauge.querySelector(`.track-cell[data-at="${cost}"]`)?.classList.add("cost");

        // the sheet: what the viewer knows of each cell
        const cells = {};
        for (const [key, c] of Object.entries(m.cells)) {
          const it = c.item ? board.items[c.item] : null;
          const part = c.part != null && m.parts?.[c.part] ? pick(m.parts[c.part]) : null;
          cells[key] = {
            gone: c.gone,
            torn: c.gone === "destroyed" && how[m.id]?.[key] !== "cut",
            cut: c.cut,
            frayed: c.frayed,
            shown: c.shown,
            symbol: it ? it.symbol : null,
            name: it ? [pick(it.name), part].filter(Boolean).join(" · ") : null,
            tone: it?.kind,
            part: c.part ?? null,
          };
        }
        const clickable = new Set();
        const selected = new Set();
        const marks = {};
        let onCell = null;
        if (own && live) {
          const sel = decision.selected;
          const interrupts = new Set(decision.entries.filter((e) => e.action.do === "interrupt").map((e) => e.action.inst));
          for (const [key, c] of Object.entries(m.cells)) {
            if (myStep === "turn" && c.inst != null && c.gone == null && decision.isSelectable(c.inst)) {
              clickable.add(key);
              if (String(sel) === String(c.inst)) selected.add(key);
            } else if (myStep === "defend" && decision.isSelectable(`cell:${key}`)) {
              clickable.add(key);
              marks[key] = "offer";
            } else if (myStep === "stand" && c.gone == null && decision.isSelectable(`part:${c.part}`)) {
              clickable.add(key);
              if (sel === `part:${c.part}`) selected.add(key);
            } else if (myStep === "interrupt" && c.gone == null && interrupts.has(c.inst)) {
              clickable.add(key);
              if (focus === c.inst) selected.add(key);
            }
          }
          onCell = (key) => {
            const c = m.cells[key];
            if (myStep === "turn") decision.clickPiece(c.inst);
            else if (myStep === "defend") decision.clickPiece(`cell:${key}`);
            else if (myStep === "stand") {
              const piece = `part:${c.part}`;
              if (decision.selected === piece) decision.play(decision.forPiece(piece));
              else decision.select(piece);
            } else if (myStep === "interrupt") {
              focus = c.inst;
              view.update(last);
            }
          };
        }
        let hit = null;
        if (info && info.target === m.id && info.roll) hit = { roll: info.roll, at: info.at, final: Boolean(info.result) };
        if (board.step?.kind === "defend" && board.step.machine === m.id && info?.at) {
          hit = { roll: info.roll, at: info.at, final: false };
        }
        const out = m.out ? t(`sil.out.${m.out}`) : null;
        // out of action by its core or off its base: drawn upright, greyed (its last lean no
        // longer says anything); fallen: lying
        const fallen = m.out === "fallen" || (!m.out && m.lean?.verdict === "fallen");
        const lean = m.out && m.out !== "fallen" ? null : m.lean;
        const sheet = card.appendChild(h("div", { class: "sil-sheet" }));
        renderRobot(
          sheet,
          {
            id: m.id,
            cells,
            links: m.links || [],
            lean,
            fallen,
            out,
            mine,
          },
          {
            cell: size,
            clickable,
            selected,
            marks,
            onCell,
            hit,
            targetable,
            onRobot: () => {
              const entry = lit.get(m.id);
              if (entry) decision.play([entry]);
            },
            label: `${machineName(m)}${targetable ? ` · ${t("sil.clickToTarget")}` : ""}`,
            text: {
              row: t("sil.row"),
              col: t("sil.col"),
              revealed: t("sil.revealed"),
              missing: t("sil.missing"),
              torn: t("sil.torn"),
              cutOff: t("sil.cutOff"),
              slit: t("sil.slit"),
              frayed: t("sil.frayed"),
              hidden: "?",
            },
          },
        );
        if (targetable) {
          sheet.append(h("div", { class: "sil-target-hint" }, t("sil.clickToTarget")));
          // the whole card is the target, not only the drawing (which handles its own clicks)
          card.addEventListener("click", (e) => {
            if (e.target.closest?.("svg")) return;
            const entry = lit.get(m.id);
            if (entry) decision.play([entry]);
          });
        }

        const chance = chances?.data?.rows?.find((row) => row.target === m.id);
        if (chance) card.append(h("p", { class: "sil-odds", "data-odds": m.id }, t("sil.hitChance", { note: pick(chance.note) })));
        const now = m.lean || {};
        let leanText;
        if (m.out) leanText = t("sil.outBecause", { why: out });
        else if (now.theta > 0) leanText = t("sil.leans", { theta: now.theta, verdict: t(`sil.verdict.${now.verdict}`) });
        else leanText = t("sil.upright");
        card.append(h("footer", { class: ["sil-lean", now.verdict] }, leanText));
        return card;
      },

      // The Target record (S1.1): what each other machine has revealed; and the legend.
      sidePanels(board, you) {
        clear(targetPanel);
        const others = Object.values(board.machines).filter((m) => !m.mine);
        if (!others.length) targetPanel.append(h("p", { class: "muted" }, t("sil.noOthers")));
        if (you && board.tracks?.[you.id]) {
          targetPanel.append(h("p", { class: "muted small" }, t("sil.tracks", { who: machineName(board.machines[board.tracks[you.id]]) })));
        }
        for (const m of others) {
          const known = {};
          let unknown = 0;
          for (const [key, c] of Object.entries(m.cells)) {
            if (c.item == null) {
              if (c.gone == null) unknown++;
              continue;
            }
            (known[c.inst] ||= { item: c.item, cells: [], gone: 0 }).cells.push(key);
            if (c.gone) known[c.inst].gone++;
          }
          const list = h("ul", { class: "sil-known" });
          for (const k of Object.values(known)) {
            const gone = k.gone === k.cells.length;
            list.append(
              h(
                "li",
                { class: gone ? "gone" : null },
                h("span", { class: "sil-symbol" }, board.items[k.item].symbol.trim() || "□"),
                ` ${k.cells.join("/")} `,
                h("strong", {}, itemName(board, k.item)),
                gone ? h("span", { class: "muted small" }, ` (${t("sil.lost")})`) : null,
              ),
            );
          }
          targetPanel.append(
            h(
              "div",
              { class: "sil-record", "data-record": m.id },
              h("h4", {}, machineName(m), " ", h("span", { class: "muted small" }, t("sil.unknownCells", { n: unknown }))),
              Object.keys(known).length ? list : h("p", { class: "muted small" }, t("sil.nothingKnown")),
            ),
          );
        }

        // the symbols of the items on the cells this seat can see, and how the dice read
        clear(legendPanel);
        const seen = new Set();
        for (const m of Object.values(board.machines)) for (const c of Object.values(m.cells)) if (c.item) seen.add(c.item);
        const legend = h("ul", { class: "sil-legend" });
        for (const [iid, it] of Object.entries(board.items)) {
          if (!seen.has(iid)) continue;
          legend.append(
            h(
              "li",
              { class: `tone-${it.kind}` },
              h("span", { class: "sil-symbol" }, it.symbol.trim() || "□"),
              " ",
              pick(it.name),
              it.sturdy ? h("span", { class: "muted small" }, ` · ${t("sil.sturdyMark")}`) : null,
            ),
          );
        }
        legendPanel.append(
          legend,
          h("p", { class: "muted small" }, t("sil.diceKey")),
          h("p", { class: "muted small" }, t("sil.legendMarks")),
          h("p", { class: "muted small" }, t("sil.costs", board.costs || {})),
        );
      },
    };
    return view;
  },
};
