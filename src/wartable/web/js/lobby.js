// The lobby: pick a game, give each seat to a person here, a person invited by link, or the
// computer; set options and (optionally) the seed; start. Lists the games this browser holds.

import { h, clear, replace, toast, titleCase } from "./dom.js";
import { t, pick, translatePage, languageButton, addStrings } from "./i18n.js";
import { getJSON, postJSON, seatTokens, inviteTokens, myGames, inviteLink } from "./api.js";

const $ = (selector) => document.querySelector(selector);
const state = { games: [], chosen: null, seats: {}, options: {}, modules: {}, created: null };

async function moduleFor(entry) {
  if (!(entry.id in state.modules)) {
    try {
      const mod = (await import(entry.view)).default;
      if (mod.strings) addStrings(mod.strings);
      state.modules[entry.id] = mod;
    } catch {
      state.modules[entry.id] = {};
    }
  }
  return state.modules[entry.id];
}

// The seats of the chosen game with the options chosen so far (a mode of play or a team size
// may change them): the server's answer, or the seats as they are while the options are bad.
async function seatsOf(entry) {
  try {
    return (await postJSON(`/api/games/${encodeURIComponent(entry.id)}/players`, { options: state.options })).players;
  } catch {
    return Object.keys(state.seats);
  }
}

// Keep a kind for every seat of the game as the options now make it (a new seat: the first
// one here, the others the computer), and drop the seats it no longer has.
async function syncSeats(entry) {
  const seats = await seatsOf(entry);
  if (state.chosen !== entry) return; // another game was picked meanwhile
  state.seats = Object.fromEntries(seats.map((p, i) => [p, state.seats[p] ?? (i === 0 ? "here" : "computer")]));
}

async function optionChanged(entry) {
  await syncSeats(entry);
  renderSeats();
}

function seatName(entry, seat) {
  const names = state.modules[entry.id]?.players;
  return names?.[seat] ? pick(names[seat]) : titleCase(seat);
}

function renderGames() {
  const list = $("#game-list");
  clear(list);
  if (!state.games.length) {
    list.append(h("p", { class: "muted" }, t("lobby.none")));
    $("#start").disabled = true;
    return;
  }
  for (const entry of state.games) {
    const checked = state.chosen?.id === entry.id;
    list.append(
      h(
        "label",
        { class: ["game-choice", checked && "checked"], "data-game": entry.id },
        h("input", {
          type: "radio",
          name: "game",
          value: entry.id,
          checked: checked ? true : null,
          onchange: () => choose(entry),
        }),
        h("span", { class: "game-choice-title" }, pick(entry.title)),
        h("small", { class: "muted" }, `${entry.id} · ${t("lobby.players", { n: entry.players.length })}`),
      ),
    );
  }
}

async function choose(entry) {
  state.chosen = entry;
  state.seats = Object.fromEntries(entry.players.map((p, i) => [p, i === 0 ? "here" : "computer"]));
  state.options = { ...entry.options };
  await moduleFor(entry);
  render();
}

function renderSeats() {
  const box = $("#seats");
  clear(box);
  const entry = state.chosen;
  if (!entry) return;
  for (const seat of Object.keys(state.seats)) {
    const select = h(
      "select",
      {
        name: `seat-${seat}`,
        "data-seat": seat,
        "aria-label": seatName(entry, seat),
        onchange: (e) => {
          state.seats[seat] = e.target.value;
        },
      },
      ["here", "invite", "computer:easy", "computer", "computer:hard"].map((kind) =>
        h("option", { value: kind, selected: state.seats[seat] === kind ? true : null }, t(`seat.${kind}`)),
      ),
    );
    box.append(
      h("label", { class: "seat-row" }, h("span", { class: "seat-dot", "data-seat": seat }), h("span", { class: "seat-name" }, seatName(entry, seat)), select),
    );
  }
}

function renderOptions() {
  const box = $("#options");
  clear(box);
  const entry = state.chosen;
  if (!entry) return;
  // the options the view module names first, in its order; then the others
  const named = Object.keys(state.modules[entry.id]?.options || {});
  const rank = (name) => (named.includes(name) ? named.indexOf(name) : named.length);
  const names = Object.keys(entry.options).sort((a, b) => rank(a) - rank(b));
  if (!names.length) box.append(h("p", { class: "muted" }, t("lobby.noOptions")));
  const optionNames = state.modules[entry.id]?.options || {};
  // a module may offer an option's values as a list: {name: [value, ...]} or {name: {value: label}}
  const choices = state.modules[entry.id]?.choices || {};
  for (const name of names) {
    const value = state.options[name];
    const label = optionNames[name] ? pick(optionNames[name]) : titleCase(name);
    let input;
    const listed = choices[name];
    if (listed && (typeof value === "string" || typeof value === "number")) {
      const values = Array.isArray(listed) ? listed.map((v) => [v, String(v)]) : Object.entries(listed).map(([v, l]) => [v, pick(l)]);
      input = h(
        "select",
        {
          name,
          onchange: (e) => {
            state.options[name] = typeof value === "number" ? Number(e.target.value) : e.target.value;
            optionChanged(entry);
          },
        },
        values.map(([v, l]) => h("option", { value: v, selected: String(v) === String(value) ? true : null }, l)),
      );
    } else if (typeof value === "boolean") {
      input = h("input", { type: "checkbox", name, checked: value ? true : null, onchange: (e) => (state.options[name] = e.target.checked) });
    } else if (typeof value === "number") {
      input = h("input", {
        type: "number",
        name,
        value,
        step: Number.isInteger(value) ? 1 : "any",
        oninput: (e) => {
          state.options[name] = Number(e.target.value);
          optionChanged(entry);
        },
      });
    } else if (value !== null && typeof value === "object") {
      // a table or list: edited as JSON
      input = h("input", {
        type: "text",
        name,
        class: "json",
        value: JSON.stringify(value),
        oninput: (e) => {
          try {
            state.options[name] = JSON.parse(e.target.value);
            e.target.setCustomValidity("");
          } catch {
            e.target.setCustomValidity("JSON");
          }
        },
      });
    } else {
      input = h("input", { type: "text", name, value: String(value ?? ""), oninput: (e) => (state.options[name] = e.target.value) });
    }
    box.append(h("label", { class: ["field", typeof value === "boolean" && "check"] }, h("span", {}, label), input));
  }
}

function renderMyGames() {
  const list = $("#my-games");
  clear(list);
  const games = Object.entries(myGames.all()).sort((a, b) => (b[1].created || 0) - (a[1].created || 0));
  if (!games.length) {
    list.append(h("li", { class: "muted" }, t("lobby.noneYours")));
    return;
  }
  for (const [id, info] of games.slice(0, 30)) {
    const status = h("span", { class: "muted" }, "…");
    const title = h("strong", {}, info.game || id);
    const item = h(
      "li",
      { class: "my-game" },
      h("div", {}, title, " ", status),
      h(
        "div",
        { class: "row" },
        h("a", { class: "button", href: `/play/${encodeURIComponent(id)}` }, t("lobby.open")),
        h(
          "button",
          {
            type: "button",
            class: "link",
            onclick: () => {
              myGames.remove(id);
              seatTokens.remove(id);
              inviteTokens.remove(id);
              renderMyGames();
            },
          },
          t("lobby.forget"),
        ),
      ),
    );
    list.append(item);
    getJSON(`/api/tables/${encodeURIComponent(id)}`)
      .then((facts) => {
        title.textContent = pick(facts.title);
        const who = facts.over ? t("status.over") : t("status.toAct", { who: facts.to_act.map((p) => titleCase(p)).join(", ") });
        status.textContent = `${who} · ${t("lobby.moves", { n: facts.moves })}`;
      })
      .catch(() => {
        status.textContent = t("lobby.gone");
      });
  }
}

function renderInvites() {
  const box = $("#invites");
  const created = state.created;
  if (!created) {
    box.hidden = true;
    return;
  }
  const entry = state.games.find((g) => g.id === created.game);
  const rows = Object.entries(created.invites).map(([seat, token]) => {
    const link = inviteLink(created.id, seat, token);
    return h(
      "div",
      { class: "invite" },
      h("span", { class: "seat-name" }, entry ? seatName(entry, seat) : seat),
      h("input", { type: "text", readonly: true, value: link, "data-invite": seat, onfocus: (e) => e.target.select() }),
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            try {
              await navigator.clipboard.writeText(link);
              toast(t("lobby.copied"));
            } catch {
              toast(link);
            }
          },
        },
        t("lobby.copy"),
      ),
    );
  });
  replace(
    box,
    h("h3", {}, t("lobby.invites")),
    h("p", { class: "muted" }, t("lobby.invitesHelp")),
    rows,
    h("a", { class: "button primary big", href: `/play/${encodeURIComponent(created.id)}`, id: "go" }, t("lobby.go")),
  );
  const wasHidden = box.hidden;
  box.hidden = false;
  if (wasHidden) box.scrollIntoView({ behavior: "smooth", block: "center" });
}

function render() {
  renderGames();
  renderSeats();
  renderOptions();
  renderInvites();
  renderMyGames();
}

async function start(event) {
  event.preventDefault();
  const entry = state.chosen;
  if (!entry) return;
  const error = $("#form-error");
  error.hidden = true;
  const button = $("#start");
  button.disabled = true;
  button.textContent = t("lobby.starting");
  const seedText = $("#seed").value.trim();
  try {
    const created = await postJSON("/api/tables", {
      game: entry.id,
      seats: state.seats,
      options: state.options,
      seed: seedText === "" ? null : Number(seedText),
    });
    const here = {};
    const invites = {};
    for (const [seat, token] of Object.entries(created.tokens)) {
      (state.seats[seat] === "invite" ? invites : here)[seat] = token;
    }
    seatTokens.put(created.id, here);
    if (Object.keys(invites).length) inviteTokens.put(created.id, invites);
    myGames.put(created.id, { game: entry.id, created: created.table.created });
    if (Object.keys(invites).length) {
      state.created = { id: created.id, game: entry.id, invites };
      render();
    } else {
      location.assign(`/play/${encodeURIComponent(created.id)}`);
    }
  } catch (e) {
    error.textContent = t("lobby.error", { msg: e.message });
    error.hidden = false;
  } finally {
    button.disabled = false;
    button.textContent = t("lobby.startButton");
  }
}

async function main() {
  languageButton($("#lang"));
  translatePage();
  $("#new-game").addEventListener("submit", start);
  window.addEventListener("langchange", render);
  try {
    state.games = await getJSON("/api/games");
  } catch (e) {
    toast(e.message, "error");
  }
  if (state.games.length) await choose(state.games[0]);
  render();
}

main();
