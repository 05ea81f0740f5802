// The game page: one live table. It holds the seat tokens this browser has for the table,
// shows one seat's view at a time (hot-seat: a curtain between seats), the current decision on
// the board and as a list, undo, the dice and the log, and the replay of a finished game.
// The board itself is drawn by the game's view module (web/games/<id>.js, or generic.js).

import { h, clear, replace, toast, titleCase } from "./dom.js";
import { t, pick, lang, translatePage, languageButton, addStrings } from "./i18n.js";
import { getJSON, seatTokens, inviteTokens, myGames, inviteLink, Live } from "./api.js";
import { BoardDecision } from "./render/decision.js";
import { LogView, renderLastRolls } from "./render/log.js";
import { icon } from "./render/icons.js";

const $ = (selector) => document.querySelector(selector);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

const state = {
  table: null, // public facts
  held: [], // seats this page plays
  messages: {}, // seat (or "" for a spectator) -> latest view message
  logs: {}, // seat -> events
  shown: null, // the seat whose view is on screen (null: spectator)
  curtain: null, // the seat waiting behind the curtain
  decisionKey: null,
  pending: null,
  replay: null,
  filter: "",
  module: null,
  viewer: null,
  live: null,
  fatal: null,
};

// -- tokens from an invitation link (#seat=..&token=..), then out of the address bar -----------

function takeTokenFromLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const seat = params.get("seat");
  const token = params.get("token");
  if (seat && token) {
    seatTokens.update(tableId, { [seat]: token });
    myGames.update(tableId, { joined: Date.now() });
  }
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

// -- names ----------------------------------------------------------------------------------------

function playerName(player) {
  if (player == null) return t("game.spectator");
  const names = state.module?.players;
  return names?.[player] ? pick(names[player]) : titleCase(player);
}

// a computer seat is "computer" or "computer:LEVEL"
function isComputer(kind) {
  return kind === "computer" || String(kind).startsWith("computer:");
}

function listNames(players) {
  return players.map(playerName).join(lang() === "ja" ? "、" : ", ");
}

// -- the host that a view module draws into -----------------------------------------------------

const panels = new Map();

const host = {
  get board() {
    return $("#board");
  },
  // A side panel of the game's own (tracks, a hand, odds): created once, kept in order.
  panel(key, title) {
    if (panels.has(key)) return panels.get(key).body;
    const heading = h("h2", {});
    const body = h("div", { class: "panel-body" });
    const section = h("section", { class: "panel game-panel", "data-panel": key }, heading, body);
    panels.set(key, { section, heading, title, body });
    $("#game-panels").append(section);
    heading.textContent = typeof title === "string" ? t(title) : pick(title);
    return body;
  },
  showPanel(key, visible) {
    const panel = panels.get(key);
    if (panel) panel.section.hidden = !visible;
  },
  playerName,
  act: (action) => act(action),
  // The game's exact odds for a question such as {hex: "C08"}, as the seat on screen may have
  // them (its token goes along; a spectator asks as one): a promise of {text, data, moves},
  // rejected with the server's message. Always about the game as it stands now.
  odds: (query) => fetchOdds(query),
  decision: null,
};

host.decision = new BoardDecision({
  act: (entry) => act(entry.action),
  changed: () => render(),
});

// -- talking to the server -----------------------------------------------------------------------

function act(action) {
  if (state.pending || !state.live || state.replay) return;
  const id = state.live.send({ type: "act", seat: state.shown, action });
  if (id != null) {
    state.pending = id;
    render();
  }
}

function fetchOdds(query) {
  const token = state.shown ? seatTokens.get(tableId)[state.shown] : null;
  const params = new URLSearchParams(query);
  return getJSON(`/api/tables/${encodeURIComponent(tableId)}/odds?${params}`, token ? { Authorization: `Bearer ${token}` } : {});
}

function undo() {
  if (state.pending || !state.live) return;
  const id = state.live.send({ type: "undo", seat: state.shown });
  if (id != null) state.pending = id;
  render();
}

function onMessage(message) {
  switch (message.type) {
    case "joined":
      state.table = message.table;
      state.held = message.seats;
      if (!state.held.includes(state.shown)) state.shown = state.held[0] ?? null;
      break;
    case "view": {
      const key = message.seat ?? "";
      const previous = state.logs[key] || [];
      state.logs[key] = previous.filter((e) => e.n < message.log_from).concat(message.log);
      state.messages[key] = message;
      if (state.table) {
        state.table.over = message.view.over;
        state.table.to_act = message.view.to_act;
      }
      chooseSeat();
      break;
    }
    case "ack":
      if (message.id === state.pending) state.pending = null;
      break;
    case "error":
      if (message.id != null && message.id === state.pending) state.pending = null;
      if (message.code === "bad_token") return fatal(t("game.badToken"), true);
      if (message.code === "no_game") return fatal(t("game.noGame"));
      toast(t("game.refused", { msg: message.message }), "error");
      break;
    default:
      return;
  }
  render();
}

function onStatus(status) {
  const el = $("#conn");
  el.dataset.status = status;
  el.textContent = t(status === "live" ? "game.connected" : status === "lost" ? "game.reconnecting" : "game.connecting");
  if (status === "lost") state.pending = null;
}

// Hot-seat: when another seat of this page must decide, put up the curtain for it.
function chooseSeat() {
  if (state.held.length < 2) {
    state.shown = state.held[0] ?? null;
    return;
  }
  const message = state.messages[state.shown ?? ""];
  const toAct = message?.view.to_act || [];
  if (toAct.includes(state.shown)) return;
  const next = state.held.find((seat) => toAct.includes(seat));
  if (next && next !== state.shown && state.curtain !== next) {
    state.curtain = next;
  }
}

function connect() {
  const tokens = Object.values(seatTokens.get(tableId));
  state.live?.close();
  state.live = new Live(tableId, tokens, { onMessage, onStatus });
}

function fatal(text, offerSpectator = false) {
  state.fatal = { text, offerSpectator };
  render();
}

// -- rendering -------------------------------------------------------------------------------------

function currentFrame() {
  if (state.replay) {
    const { data, i } = state.replay;
    const step = data.steps[i];
    const log = data.steps.slice(0, i + 1).flatMap((s) => s.log);
    return { view: step.view, seat: data.seat, log, interactive: false };
  }
  const message = state.messages[state.shown ?? ""];
  if (!message) return null;
  return { view: message.view, seat: state.shown, log: state.logs[state.shown ?? ""] || [], interactive: true, version: message.version };
}

function render() {
  renderTopbar();
  if (state.fatal) return renderFatal();
  renderCurtain();
  const frame = currentFrame();
  if (!frame || !state.viewer) return;
  const { view } = frame;
  const legal = frame.interactive && !state.pending ? view.legal_actions || [] : [];
  const key = `${frame.seat}:${frame.version}:${Boolean(state.replay)}:${Boolean(state.pending)}`;
  if (key !== state.decisionKey) {
    host.decision.update(legal, (action) => state.module.targets?.(action, view) ?? null, { pending: Boolean(state.pending) });
    state.decisionKey = key;
  }
  state.viewer.update({
    ...frame,
    board: view.board,
    decision: host.decision,
    lang: lang(),
    playerName,
  });
  renderDecision(frame);
  renderBanner(view);
  renderReplayBar();
  renderLastRolls($("#dice"), frame.log, { playerName });
  logView.render(frame.log);
  renderMenu(view);
}

function renderFatal() {
  const { text, offerSpectator } = state.fatal;
  const curtain = $("#curtain");
  replace(
    curtain,
    h(
      "div",
      { class: "curtain-box fatal", role: "alert" },
      h("h2", {}, text),
      h(
        "div",
        { class: "row" },
        offerSpectator
          ? h(
              "button",
              {
                type: "button",
                class: "primary big",
                onclick: () => {
                  seatTokens.remove(tableId);
                  state.fatal = null;
                  state.messages = {};
                  state.logs = {};
                  connect();
                  render();
                },
              },
              t("game.asSpectator"),
            )
          : null,
        h("a", { href: "/", class: "button big" }, t("game.lobby")),
      ),
    ),
  );
  curtain.hidden = false;
}

function renderTopbar() {
  const title = state.table ? pick(state.table.title) : "";
  $("#title").textContent = title;
  document.title = title ? `${title} · wartable` : "wartable";
  const tabs = $("#seat-tabs");
  clear(tabs);
  const message = state.messages[state.shown ?? ""];
  const toAct = message?.view.to_act || state.table?.to_act || [];
  const seats = state.table?.players || [];
  for (const seat of seats) {
    const kind = state.table.seats[seat];
    const mine = state.held.includes(seat);
    const note = mine ? t("game.you") : isComputer(kind) ? t("game.computer") : t("game.invited");
    const classes = ["seat-tab", mine && "mine", seat === state.shown && "shown", toAct.includes(seat) && "to-act"];
    const label = [h("span", { class: "seat-dot", "data-seat": seat }), playerName(seat), h("small", {}, note)];
    if (mine && state.held.length > 1) {
      tabs.append(
        h(
          "button",
          {
            type: "button",
            class: classes,
            "aria-pressed": seat === state.shown ? "true" : "false",
            onclick: () => {
              state.shown = seat;
              state.curtain = null;
              host.decision.clear();
              render();
            },
          },
          label,
        ),
      );
    } else {
      tabs.append(h("span", { class: classes }, label));
    }
  }
  if (!state.held.length) tabs.append(h("span", { class: "seat-tab spectator" }, t("game.spectator")));
}

function renderCurtain() {
  const curtain = $("#curtain");
  if (state.fatal) return;
  if (!state.curtain || state.replay) {
    curtain.hidden = true;
    return;
  }
  const who = playerName(state.curtain);
  replace(
    curtain,
    h(
      "div",
      { class: "curtain-box" },
      h("h2", {}, t("game.handOver", { who })),
      h("p", {}, t("game.handOverHelp", { who })),
      h(
        "button",
        {
          type: "button",
          class: "primary big",
          onclick: () => {
            state.shown = state.curtain;
            state.curtain = null;
            host.decision.clear();
            render();
          },
        },
        t("game.show", { who }),
      ),
    ),
  );
  curtain.hidden = false;
}

function renderDecision(frame) {
  const { view, seat } = frame;
  const box = $("#decision-body");
  clear(box);
  const prompt = state.module.prompt?.(view, seat);
  const toAct = view.to_act || [];
  let heading;
  if (state.replay) heading = t("replay.title");
  else if (view.over) heading = t("game.over");
  else if (seat != null && toAct.includes(seat)) heading = t("game.yourTurn");
  else if (seat == null && !toAct.length) heading = t("game.watching");
  else if (toAct.length && toAct.every((p) => isComputer(state.table?.seats[p]))) heading = t("game.thinking", { who: listNames(toAct) });
  else heading = t("game.waiting", { who: listNames(toAct) });
  $("#decision-heading").textContent = heading;
  $("#decision").classList.toggle("yours", !state.replay && seat != null && toAct.includes(seat));
  if (prompt) box.append(h("p", { class: "prompt" }, pick(prompt)));
  if (state.replay) return;

  const decision = host.decision;
  if (decision.selected != null) {
    const what = state.module.pieceName?.(decision.selected, view) ?? String(decision.selected);
    box.append(
      h(
        "div",
        { class: "selection" },
        h("span", {}, t("game.selected", { what })),
        h("button", { type: "button", class: "link", onclick: () => decision.clear() }, t("game.clear")),
      ),
    );
  } else if (decision.entries.some((e) => e.target?.piece != null && e.target?.hex != null)) {
    box.append(h("p", { class: "hint" }, t("game.selectHint")));
  }

  const entries = decision.listed();
  const all = view.legal_actions || [];
  if (all.length > 12 && decision.selected == null && !decision.choices) {
    const input = h("input", {
      type: "search",
      class: "filter",
      placeholder: t("game.filter"),
      "aria-label": t("game.filter"),
      value: state.filter,
      oninput: (e) => {
        state.filter = e.target.value;
        renderActionList(entries);
      },
    });
    box.append(input);
  }
  box.append(h("ul", { class: "actions", id: "actions" }));
  renderActionList(entries);
  if (!all.length && seat != null && toAct.includes(seat) && !view.over) {
    box.append(h("p", { class: "muted" }, t("game.noActions")));
  }
  if (view.can_undo) {
    box.append(
      h("button", { type: "button", class: "undo", disabled: state.pending ? true : null, onclick: undo }, icon("undo", 18), t("game.undo")),
    );
  }
}

function renderActionList(entries) {
  const list = $("#actions");
  if (!list) return;
  clear(list);
  const filter = state.filter.trim().toLowerCase();
  const shown = entries.filter((e) => !filter || pick(e.text).toLowerCase().includes(filter));
  for (const entry of shown) {
    list.append(
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: "action",
            disabled: state.pending ? true : null,
            "data-action": JSON.stringify(entry.action),
            onclick: () => act(entry.action),
          },
          pick(entry.text),
        ),
      ),
    );
  }
}

function renderBanner(view) {
  const banner = $("#banner");
  if (!view.over || state.replay) {
    banner.hidden = true;
    return;
  }
  const result = view.result || {};
  const winners = result.winners || [];
  const who = winners.length ? t(winners.length > 1 ? "game.winners" : "game.winner", { who: listNames(winners) }) : t("game.draw");
  const scores = Object.entries(result.scores || {}).map(([p, v]) => `${playerName(p)} ${v}`).join(" · ");
  replace(banner, h("strong", {}, t("game.over")), h("span", {}, who), scores ? h("span", { class: "muted" }, scores) : null);
  banner.hidden = false;
}

function renderReplayBar() {
  const bar = $("#replay-bar");
  if (!state.replay) {
    bar.hidden = true;
    return;
  }
  const { data, i } = state.replay;
  const n = data.steps.length - 1;
  const go = (to) => {
    state.replay.i = Math.max(0, Math.min(n, to));
    render();
  };
  const last = i > 0 ? data.steps[i - 1].next : null;
  const said = last ? `${playerName(last.player)}: ${pick(last.text)}` : t("replay.setup");
  const button = (label, key, to, disabled) =>
    h("button", { type: "button", title: t(key), "aria-label": t(key), disabled: disabled ? true : null, onclick: () => go(to) }, label);
  const seatSelect = h(
    "select",
    {
      "aria-label": t("replay.as"),
      onchange: (e) => openReplay(e.target.value || null, i),
    },
    h("option", { value: "" }, t("game.spectator")),
    (state.table?.players || []).map((p) => h("option", { value: p, selected: p === data.seat ? true : null }, playerName(p))),
  );
  replace(
    bar,
    h(
      "div",
      { class: "replay-controls" },
      button(icon("first"), "replay.first", 0, i === 0),
      button(icon("prev"), "replay.prev", i - 1, i === 0),
      h("input", {
        type: "range",
        min: 0,
        max: n,
        value: i,
        "aria-label": t("replay.step", { i, n }),
        oninput: (e) => go(Number(e.target.value)),
      }),
      button(icon("next"), "replay.next", i + 1, i === n),
      button(icon("last"), "replay.last", n, i === n),
    ),
    h("div", { class: "replay-info" }, h("strong", {}, t("replay.step", { i, n })), h("span", {}, said)),
    h(
      "div",
      { class: "replay-side" },
      h("label", {}, t("replay.as"), " ", seatSelect),
      h("button", { type: "button", class: "link", onclick: closeReplay }, t("replay.exit")),
    ),
  );
  bar.hidden = false;
}

async function openReplay(seat = state.shown, at = null) {
  const query = seat ? `?seat=${encodeURIComponent(seat)}` : "";
  try {
    toast(t("replay.loading"));
    const data = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/replay${query}`);
    state.replay = { data, i: at ?? 0 };
    state.decisionKey = null;
    render();
  } catch (error) {
    toast(String(error.message || error), "error");
  }
}

function closeReplay() {
  state.replay = null;
  state.decisionKey = null;
  render();
}

async function downloadRecord() {
  const token = state.shown ? seatTokens.get(tableId)[state.shown] : null;
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/record`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) return toast(`${response.status}`, "error");
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: `wartable-${state.table?.game || "game"}-${tableId}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function renderMenu(view) {
  const menu = $("#menu-body");
  clear(menu);
  if (view.over && !state.replay) {
    menu.append(h("button", { type: "button", class: "primary", id: "replay-button", onclick: () => openReplay() }, icon("play", 18), t("game.replay")));
  }
  menu.append(h("button", { type: "button", onclick: downloadRecord }, icon("download", 18), t("game.download")));
  const invites = inviteTokens.get(tableId);
  const seats = Object.keys(invites);
  if (seats.length) {
    menu.append(h("h3", {}, t("game.invites")));
    for (const seat of seats) {
      const link = inviteLink(tableId, seat, invites[seat]);
      menu.append(
        h(
          "div",
          { class: "invite" },
          h("span", {}, playerName(seat)),
          h("input", { type: "text", readonly: true, value: link, "aria-label": playerName(seat), onfocus: (e) => e.target.select() }),
          h(
            "button",
            {
              type: "button",
              onclick: async () => {
                await navigator.clipboard?.writeText(link);
                toast(t("lobby.copied"));
              },
            },
            t("lobby.copy"),
          ),
        ),
      );
    }
  }
}

// -- start -------------------------------------------------------------------------------------------

const logView = new LogView($("#log"), { playerName });

async function loadModule(path) {
  try {
    return (await import(path)).default;
  } catch (error) {
    console.error(`view module ${path} failed; using the generic view`, error);
    return (await import("/static/games/generic.js")).default;
  }
}

async function start() {
  languageButton($("#lang"));
  translatePage();
  takeTokenFromLink();
  let facts;
  try {
    facts = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch {
    return fatal(t("game.noGame"));
  }
  state.table = facts;
  const catalogue = await getJSON("/api/games").catch(() => []);
  const entry = catalogue.find((g) => g.id === facts.game);
  state.module = await loadModule(entry?.view || "/static/games/generic.js");
  if (state.module.strings) addStrings(state.module.strings);
  state.viewer = state.module.mount(host);
  if (!myGames.get(tableId).game) myGames.update(tableId, { game: facts.game, created: facts.created });
  connect();
  render();
  window.addEventListener("langchange", () => {
    for (const panel of panels.values()) {
      panel.heading.textContent = typeof panel.title === "string" ? t(panel.title) : pick(panel.title);
    }
    onStatus($("#conn").dataset.status || "connecting");
    render();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    if (state.replay) {
      const n = state.replay.data.steps.length - 1;
      if (e.key === "ArrowRight") state.replay.i = Math.min(n, state.replay.i + 1);
      else if (e.key === "ArrowLeft") state.replay.i = Math.max(0, state.replay.i - 1);
      else return;
      render();
    } else if (e.key === "Escape") {
      host.decision.clear();
    }
  });
}

start();
