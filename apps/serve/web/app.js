// djambi serve: the page. Play: a game against bots (or people at the same screen), one decision
// per click, checked by the server's rules engine. Watch: step through a game record.
// The JSON API is in docs/WEB.md.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // The pause before each bot move, in milliseconds (?pause=0 for tests).
  const BOT_PAUSE = params.has("pause") ? Number(params.get("pause")) : 600;
  const SEAT_NAME = { r: "Red", b: "Blue", y: "Yellow", g: "Green" };
  const { PARTY } = DjambiBoard;

  let info = null;
  let game = null;        // the game JSON of the server
  let selected = null;    // the square of the piece chosen to move
  let busy = false;       // a request is on its way (setBusy)
  let botRun = 0;         // bumps when a new game starts, which stops the previous bot loop
  let watch = null;       // { data, frame, upload, timer }; data.analysisState: its game's analysis
  let mode = "play";
  let playAnalysis = null;  // { position, data, error, pending }: the analysis last asked for in Play
  let playShown = null;     // { position, data }: the last one received (its bar stays, faded, until the next)

  async function api(method, path, body, raw) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = raw ? "text/plain" : "application/json";
      init.body = raw ? body : JSON.stringify(body);
    }
    const res = await fetch(path, init);
    const text = await res.text();
    let json;
    try { json = JSON.parse(text); } catch (e) { json = { error: text || res.statusText }; }
    if (!res.ok) throw new Error(json.error || `${res.status} ${res.statusText}`);
    return json;
  }

  // The page's state for people and tests alike: data-busy is "yes" while a request is on its way.
  function setBusy(value) {
    busy = value;
    document.body.dataset.busy = value ? "yes" : "no";
  }

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  function showError(id, message) {
    const e = $(id);
    e.textContent = message || "";
    e.hidden = !message;
  }

  function swatch(letter) {
    const s = document.createElement("span");
    s.className = "swatch";
    s.style.background = PARTY[letter].fill;
    s.title = SEAT_NAME[letter];
    return s;
  }

  function showVariants(list) {
    $("variants-shown").textContent = "Variants: " + (list && list.length ? list.join(", ") : "none");
  }

  // ---- Analysis: the win-chance bar, the best moves as arrows, the value graph ----
  // The two switches are remembered in the browser (localStorage), when it allows.
  function remembered(key, fallback) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : v === "1";
    } catch (e) {
      return fallback;
    }
  }
  function remember(key, value) {
    try { localStorage.setItem(key, value ? "1" : "0"); } catch (e) { /* private mode: not remembered */ }
  }
  const analysisOn = () => $("show-analysis").checked;
  const arrowsOn = () => analysisOn() && $("show-arrows").checked;
  const arrowsOf = (lines) => lines.filter((l) => l.from && l.to).map((l) => ({ from: l.from, to: l.to }));
  const unitOf = (a) => (/^ab\b/.test(a.player) ? "nodes" : "playouts");
  const isReplaced = (message) => /replaced/.test(message);

  // Play: the position at a turn start is analysed once (a newer request stops an older one on
  // the server); the bar of the last one received stays, faded, while the next is made.
  async function analysePlay() {
    if (mode !== "play" || !analysisOn() || !game || game.over || !game.board.position) return;
    const position = game.board.position;
    if (playAnalysis && playAnalysis.position === position) return;
    const mine = { position, data: null, error: "", pending: true };
    playAnalysis = mine;
    renderPlayAnalysis();
    try {
      mine.data = await api("POST", "/api/analysis", { position, variants: game.variants, multipv: 3 });
      playShown = { position, data: mine.data };
    } catch (e) {
      if (isReplaced(e.message)) {
        if (playAnalysis === mine) playAnalysis = null;  // stopped by Watch's: asked again on return
        return;
      }
      mine.error = "Analysis: " + e.message;
    }
    mine.pending = false;
    // The bar, the note and the arrows only: redrawing the board would lose a click under way.
    if (mode === "play" && playAnalysis === mine) {
      renderPlayAnalysis();
      DjambiBoard.setArrows($("board"), playArrows());
    }
  }

  function renderPlayAnalysis() {
    const at = game && game.board.position;
    if (analysisOn() && game && playShown) {
      DjambiAnalysis.drawBar($("chances"), playShown.data.seats, playShown.data.shares, playShown.position !== at);
    } else {
      $("chances").textContent = "";
    }
    let note = "";
    if (analysisOn() && game && playAnalysis) {
      const a = playAnalysis.data;
      note = playAnalysis.pending ? "Analysing…" : playAnalysis.error ||
        (a ? `${a.player}, ${a.visits} ${unitOf(a)}: best ${a.bestmove}` : "");
    }
    $("analysis-note").textContent = $("analysis-note").title = note;
  }

  function playArrows() {
    if (!arrowsOn() || !game || !playShown || playShown.position !== game.board.position) return [];
    return arrowsOf(playShown.data.lines);
  }

  // Watch: the whole game is analysed once (the server caches it), for the graph, the bar and
  // the arrows of every move.
  async function analyseWatch() {
    const d = watch && watch.data;
    if (mode !== "watch" || !analysisOn() || !d) return;
    const s = d.analysisState || (d.analysisState = {});
    if (s.result || s.pending || s.error) return;
    s.pending = true;
    try {
      s.result = await api("POST", "/api/analysis/game",
        { start: d.start.position, variants: d.variants, moves: d.moves.map((m) => m.text) });
    } catch (e) {
      s.replaced = isReplaced(e.message);
      s.error = s.replaced ? "The analysis was stopped by a newer one (Play, or another tab)." : "Analysis: " + e.message;
    }
    s.pending = false;
    if (mode === "watch" && watch && watch.data === d) renderWatch();
  }

  function goToFrame(frame) {
    stopPlaying();
    watch.frame = frame;
    renderWatch();
  }

  // The bar, the graph and the turning points of frame i; returns the arrows to draw.
  function renderWatchAnalysis(i) {
    const d = watch.data, s = d.analysisState || {}, a = s.result, on = analysisOn();
    const frame = a && a.frames[i];
    if (on && frame) DjambiAnalysis.drawBar($("chances"), a.seats, frame.shares, false);
    else $("chances").textContent = "";
    $("graph-box").hidden = !on;
    $("analysis-note").textContent = !on ? "" : s.pending ? "Analysing the game…" : s.error ||
      (a ? `${a.player}, ${a.visits} ${unitOf(a)} a move` : "");
    $("analysis-note").title = $("analysis-note").textContent;
    const list = $("turning-points");
    list.textContent = "";
    const graph = $("value-graph");
    if (on && a) {
      DjambiAnalysis.drawGraph(graph, a, i, goToFrame);
      $("graph-note").textContent = a.turning_points.length
        ? `Rings: the turning points, where the mover's ${a.scale} changed by more than ${a.threshold} ` +
          "(red: a blunder, green: a decisive move). Click one, or the graph, to go to that move."
        : `No turning point: no mover's ${a.scale} changed by more than ${a.threshold}.`;
      for (const p of a.turning_points) {
        const li = document.createElement("li");
        li.dataset.turn = p.turn;
        li.textContent = DjambiAnalysis.describe(p, a.scale);
        if (p.turn === i) li.classList.add("current");
        li.onclick = () => goToFrame(p.turn);
        list.appendChild(li);
      }
    } else {
      while (graph.firstChild) graph.removeChild(graph.firstChild);
      $("graph-note").textContent = "";
    }
    document.body.dataset.analysis = a ? "yes" : s.pending ? "pending" : "no";
    return on && arrowsOn() && frame && frame.analysis ? arrowsOf(frame.analysis.lines) : [];
  }

  // ---- Players panel (play and watch) ----
  function renderPlayers(container, board, seats, names, result) {
    container.textContent = "";
    const zombies = Object.entries(board.controllers).filter(([, c]) => c === "-").map(([p]) => p);
    for (const [i, p] of board.players.entries()) {
      const row = document.createElement("div");
      row.className = "player" + (board.to_move === p.seat ? " to-move" : "") + (p.alive ? "" : " out");
      row.dataset.seat = p.seat;
      row.appendChild(swatch(p.seat));
      const label = document.createElement("span");
      let text = `${SEAT_NAME[p.seat]} — ${names[i] || "?"}`;
      if (board.holder === p.seat) text += " ♛ in power";
      if (!p.alive) text += " (out)";
      if (result) text += ` — rank ${result.ranks[p.seat]}`;
      label.textContent = text;
      row.appendChild(label);
      const parties = document.createElement("span");
      parties.className = "parties";
      if (p.parties.length) parties.append("plays");
      for (const party of p.parties) parties.appendChild(swatch(party));
      row.appendChild(parties);
      container.appendChild(row);
    }
    if (zombies.length) {
      const z = document.createElement("div");
      z.className = "player zombies";
      z.append("Zombies (obey whoever holds power): ");
      for (const party of zombies) z.appendChild(swatch(party));
      container.appendChild(z);
    }
  }

  function renderMoves(list, moves, current, onPick) {
    list.textContent = "";
    for (const m of moves) {
      const li = document.createElement("li");
      li.dataset.n = m.n;
      const seat = document.createElement("span");
      seat.className = "seat";
      seat.style.color = PARTY[m.seat].fill === "#f0c419" ? "#b08800" : PARTY[m.seat].fill;
      seat.textContent = m.seat;
      li.append(seat, m.text);
      if (m.comment) {
        const c = document.createElement("div");
        c.className = "comment";
        c.textContent = m.comment;
        li.appendChild(c);
      }
      if (m.n === current) li.classList.add("current");
      if (onPick) li.onclick = () => onPick(m.n);
      list.appendChild(li);
    }
    const cur = list.querySelector(".current") || list.lastElementChild;
    if (cur) list.scrollTop = cur.offsetTop - list.clientHeight / 2;
  }

  function resultText(result, seats) {
    if (!result) return "";
    const who = result.winner ? `${SEAT_NAME[result.winner]} wins` : "Draw";
    return `Game over: ${who}. Result ${result.text}` + (seats ? "" : "");
  }

  // ---- Play ----
  function seatNames(g) { return g.seats.map((s) => (s.human ? "human" : s.player)); }

  // What the person to move may click now: pieces to move, or the targets of a decision.
  function highlights() {
    const h = { sources: new Set(), targets: new Map(), selected: null };
    if (!game || game.over || !game.current.human || busy) return h;
    const phase = game.current.phase;
    if (phase === "move" || phase === "exit") {
      for (const d of game.decisions) if (d.type === phase) h.sources.add(d.from);
      if (phase === "exit") selected = game.board.moving;
      if (selected && h.sources.has(selected)) {
        h.selected = selected;
        for (const d of game.decisions)
          if (d.type === phase && d.from === selected) h.targets.set(d.to, { capture: d.capture, id: d.id });
      }
    } else if (phase === "place" || phase === "report") {
      for (const d of game.decisions) if (d.type === phase) h.targets.set(d.to, { capture: phase === "report", id: d.id });
    }
    return h;
  }

  function prompt() {
    if (!game) return "Choose the seats and start a game.";
    if (game.over) return resultText(game.result);
    const seat = game.current.seat, name = SEAT_NAME[seat];
    if (!game.current.human) return `${name} (${game.seats.find((s) => s.seat === seat).player}) is thinking…`;
    const who = game.seats.filter((s) => s.human).length > 1 ? `${name} to play` : `Your move (${name})`;
    const pending = game.current.pending ? ` [${game.current.pending}]` : "";
    switch (game.current.phase) {
      case "move":
        if (game.decisions.length === 1 && game.decisions[0].type === "pass") return `${who}: no legal move, pass.`;
        return selected ? `${who}: choose where the piece on ${selected} goes.` : `${who}: choose a piece to move.`;
      case "exit": return `${who}${pending}: the piece must leave the throne; choose where it goes.`;
      case "place": {
        const p = game.board.in_hand;
        const what = p && !p.alive ? "the corpse" : "the displaced piece";
        return `${who}${pending}: place ${what} on a free square.`;
      }
      case "report": return `${who}${pending}: the reporter may kill a neighbour: click it, or kill nobody.`;
      default: return "";
    }
  }

  function renderPlay() {
    document.body.dataset.mode = "play";
    const h = highlights();
    document.body.dataset.phase = game ? game.current.phase : "none";
    document.body.dataset.human = game && game.current.human && !game.over ? "yes" : "no";
    document.body.dataset.over = game && game.over ? "yes" : "no";
    if (!game) {
      DjambiBoard.draw($("board"), emptyBoard(), {});
      $("prompt").textContent = prompt();
      renderPlayAnalysis();
      return;
    }
    showVariants(game.variants);
    const lastMove = game.moves.length ? game.moves[game.moves.length - 1].squares : [];
    DjambiBoard.draw($("board"), game.board, {
      sources: h.sources, targets: h.targets, selected: h.selected, last: lastMove, onClick: clickSquare,
      arrows: playArrows(),
    });
    $("prompt").textContent = prompt();
    const types = new Set(game.decisions.map((d) => d.type));
    const mine = game.current.human && !game.over;
    $("nokill").hidden = !(mine && types.has("nokill"));
    $("pass").hidden = !(mine && types.has("pass"));
    $("cancel").hidden = !(mine && game.current.pending);
    const hand = $("in-hand");
    hand.textContent = "";
    hand.hidden = !game.board.in_hand;
    if (game.board.in_hand) hand.append("In hand: ", DjambiBoard.pieceIcon(game.board.in_hand));
    renderPlayers($("players"), game.board, game.seats, seatNames(game), game.result);
    renderMoves($("moves"), game.moves, game.moves.length, null);
    $("result").hidden = !game.over;
    $("result").textContent = game.over ? resultText(game.result) : "";
    $("download").hidden = false;
    $("download").href = `/api/games/${game.id}/record`;
    renderPlayAnalysis();
    analysePlay();
  }

  function emptyBoard() {
    return { pieces: [], throne: "e5", controllers: {}, players: [], holder: null };
  }

  async function send(path, body) {
    setBusy(true);
    try {
      game = await api("POST", `/api/games/${game.id}/${path}`, body);
      selected = null;
      showError("error", "");
    } catch (e) {
      showError("error", e.message);
    } finally {
      setBusy(false);
    }
    renderPlay();
    runBots();
  }

  function decide(id) { return send("decide", { id }); }

  function clickSquare(square) {
    if (!game || busy || game.over || !game.current.human) return;
    const h = highlights();
    const target = h.targets.get(square);
    if (target) return decide(target.id);
    if (game.current.phase === "report" && square === game.board.moving) {
      const none = game.decisions.find((d) => d.type === "nokill");
      if (none) return decide(none.id);
    }
    if (game.current.phase === "move") selected = h.sources.has(square) && selected !== square ? square : null;
    renderPlay();
  }

  // The bots play one after the other, each after a short pause, until a person is to move.
  async function runBots() {
    const run = botRun;
    while (game && !game.over && !game.current.human && !busy && run === botRun) {
      document.body.dataset.thinking = "yes";
      await sleep(BOT_PAUSE);
      if (run !== botRun) return;
      setBusy(true);
      try {
        game = await api("POST", `/api/games/${game.id}/bot`);
      } catch (e) {
        showError("error", e.message);
        setBusy(false);
        break;
      }
      setBusy(false);
      if (run === botRun && mode === "play") renderPlay();  // Watch's board stays while bots play on
    }
    document.body.dataset.thinking = "no";
  }

  function seatLetters() {
    const two = $("variant-boxes").querySelector('input[value="two_players"]');
    return two && two.checked ? ["r", "y"] : ["r", "b", "y", "g"];
  }

  function renderSeatTable() {
    const table = $("seat-table");
    const old = {};
    for (const row of table.querySelectorAll("tr[data-seat]")) old[row.dataset.seat] = row.querySelector("select").value;
    table.textContent = "";
    for (const [i, seat] of seatLetters().entries()) {
      const row = document.createElement("tr");
      row.dataset.seat = seat;
      const name = document.createElement("td");
      name.append(swatch(seat), " " + SEAT_NAME[seat]);
      const choice = document.createElement("td");
      const select = document.createElement("select");
      select.name = "seat-" + seat;
      const options = ["human", ...info.opponents];
      if (info.any_spec) options.push("other…");
      for (const o of options) {
        const opt = document.createElement("option");
        opt.value = o;
        opt.textContent = o === "human" ? "a person (human)" : o;
        select.appendChild(opt);
      }
      select.value = old[seat] || (i === 0 ? "human" : info.default_opponent);
      const custom = document.createElement("input");
      custom.placeholder = "player spec";
      custom.name = "spec-" + seat;
      custom.hidden = select.value !== "other…";
      select.onchange = () => { custom.hidden = select.value !== "other…"; };
      choice.append(select, " ", custom);
      row.append(name, choice);
      table.appendChild(row);
    }
    $("custom-hint").hidden = !info.any_spec;
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    const seats = [];
    for (const row of $("seat-table").querySelectorAll("tr[data-seat]")) {
      const v = row.querySelector("select").value;
      seats.push(v === "other…" ? row.querySelector("input").value.trim() : v);
    }
    const variants = [...$("variant-boxes").querySelectorAll("input:checked")].map((b) => b.value);
    botRun++;
    setBusy(true);
    $("start").disabled = true;
    $("prompt").textContent = "Setting up the players…";
    try {
      game = await api("POST", "/api/games", { seats, variants });
      selected = null;
      playShown = null;
      showError("error", "");
      $("setup").open = false;
    } catch (e) {
      showError("error", e.message);
    } finally {
      setBusy(false);
      $("start").disabled = false;
    }
    renderPlay();
    runBots();
  }

  // ---- Watch ----
  function renderWatch() {
    document.body.dataset.mode = "watch";
    if (!watch || !watch.data) {
      DjambiBoard.draw($("board"), emptyBoard(), {});
      $("frame-label").textContent = "";
      $("chances").textContent = "";
      $("analysis-note").textContent = "";
      $("graph-box").hidden = true;
      return;
    }
    const d = watch.data, i = watch.frame;
    const board = i === 0 ? d.start : d.moves[i - 1].board;
    showVariants(d.variants);
    const arrows = renderWatchAnalysis(i);
    DjambiBoard.draw($("board"), board, { last: i === 0 ? [] : d.moves[i - 1].squares, arrows });
    $("scrub").max = d.moves.length;
    $("scrub").value = i;
    $("frame-label").textContent = `move ${i} of ${d.moves.length}`;
    const atEnd = i === d.moves.length;
    $("prompt").textContent = i === 0 ? "The start position." :
      `${d.moves[i - 1].n}. ${SEAT_NAME[d.moves[i - 1].seat]}: ${d.moves[i - 1].text}`;
    renderPlayers($("watch-players"), board, d.seats, d.players, atEnd ? d.result : null);
    renderMoves($("watch-moves"), d.moves, i, goToFrame);
    $("watch-result").hidden = !atEnd;
    $("watch-result").textContent = atEnd ? (d.result ? resultText(d.result) : "Unfinished game.") : "";
    document.body.dataset.frame = String(i);
    analyseWatch();
  }

  function step(delta) {
    if (!watch || !watch.data) return;
    watch.frame = Math.max(0, Math.min(watch.data.moves.length, watch.frame + delta));
    renderWatch();
  }

  function stopPlaying() {
    if (watch && watch.timer) clearInterval(watch.timer);
    if (watch) watch.timer = null;
    $("playpause").textContent = "▶ Play";
  }

  function togglePlay() {
    if (!watch || !watch.data) return;
    if (watch.timer) return stopPlaying();
    if (watch.frame === watch.data.moves.length) watch.frame = 0;
    $("playpause").textContent = "⏸ Pause";
    watch.timer = setInterval(() => {
      if (watch.frame >= watch.data.moves.length) return stopPlaying();
      step(1);
    }, 700);
  }

  function showGames(games, index) {
    const select = $("record-games");
    select.textContent = "";
    for (const g of games) {
      const opt = document.createElement("option");
      opt.value = g.index;
      opt.textContent = `${g.index}: ${g.players.join(" ")} — ${g.moves} moves, ${g.result}`;
      if (g.game !== "djambi") opt.disabled = true;
      select.appendChild(opt);
    }
    select.value = String(index);
  }

  async function loadWatch(fetcher) {
    stopPlaying();
    try {
      const data = await fetcher();
      watch = Object.assign(watch || {}, { data, frame: 0 });
      showError("watch-error", "");
    } catch (e) {
      showError("watch-error", e.message);
    }
    renderWatch();
  }

  async function openFile(path) {
    if (!path) return;
    watch = { path };
    try {
      const file = await api("GET", `/api/records/file?path=${encodeURIComponent(path)}`);
      showGames(file.games, 1);
      await loadWatch(() => api("GET", `/api/records/game?path=${encodeURIComponent(path)}&game=1`));
    } catch (e) {
      showError("watch-error", e.message);
    }
  }

  async function uploadFile(file) {
    const text = await file.text();
    watch = { upload: text };
    await loadWatch(async () => {
      const data = await api("POST", "/api/records/upload?game=1", text, true);
      showGames(data.games, 1);
      return data;
    });
  }

  function pickGame(index) {
    if (!watch) return;
    if (watch.upload !== undefined) {
      const text = watch.upload;
      loadWatch(() => api("POST", `/api/records/upload?game=${index}`, text, true));
    } else if (watch.path) {
      loadWatch(() => api("GET", `/api/records/game?path=${encodeURIComponent(watch.path)}&game=${index}`));
    }
  }

  async function listRecords() {
    const select = $("record-files");
    $("files-label").hidden = !info.records;
    if (!info.records) return;
    try {
      const list = await api("GET", "/api/records");
      select.length = 1;
      for (const f of list.files) {
        const opt = document.createElement("option");
        opt.value = f.path;
        opt.textContent = `${f.path} (${Math.ceil(f.bytes / 1024)} KB)`;
        select.appendChild(opt);
      }
    } catch (e) {
      showError("watch-error", e.message);
    }
  }

  // ---- Tabs, legend, start ----
  function setMode(next) {
    mode = next;
    // Coming back to Watch asks again for a game analysis that Play's stopped.
    const s = mode === "watch" && watch && watch.data && watch.data.analysisState;
    if (s && s.replaced) watch.data.analysisState = null;
    $("tab-play").classList.toggle("active", mode === "play");
    $("tab-watch").classList.toggle("active", mode === "watch");
    $("play-panel").hidden = mode !== "play";
    $("watch-panel").hidden = mode !== "watch";
    $("turn-controls").hidden = mode !== "play";
    $("watch-controls").hidden = mode !== "watch";
    if (mode === "play") {
      stopPlaying();
      renderPlay();
    } else {
      if (!watch) $("prompt").textContent = "Open a game record.";
      renderWatch();
    }
  }

  function legend() {
    const body = $("legend-body");
    const kinds = ["chief", "assassin", "reporter", "diplomat", "necromobile", "militant"];
    const letters = { chief: "C", assassin: "A", reporter: "R", diplomat: "D", necromobile: "N", militant: "M" };
    for (const k of kinds) {
      const row = document.createElement("div");
      row.append(DjambiBoard.pieceIcon({ kind: k, letter: letters[k], alive: true, party: "r", controller: "r" }),
                 `${DjambiBoard.KIND[k]} (${letters[k]})`);
      body.appendChild(row);
    }
    const rows = [
      [{ kind: "corpse", letter: "X", alive: false }, "a corpse (dead piece)"],
      [{ kind: "militant", letter: "M", alive: true, party: "b", controller: "r" }, "a dot: the player who now plays this party (red plays blue's)"],
      [{ kind: "militant", letter: "M", alive: true, party: "g", controller: "-", zombie: true }, "pale and dashed: a zombie"],
    ];
    for (const [p, text] of rows) {
      const row = document.createElement("div");
      row.append(DjambiBoard.pieceIcon(p), text);
      body.appendChild(row);
    }
    const colours = document.createElement("div");
    for (const s of ["r", "b", "y", "g"]) colours.append(swatch(s), ` ${SEAT_NAME[s]} `);
    body.appendChild(colours);
    const throne = document.createElement("div");
    throne.textContent = "The gold square with a crown, e5, is the throne; ♛ marks the player in power.";
    body.appendChild(throne);
  }

  async function start() {
    legend();
    try {
      info = await api("GET", "/api/info");
    } catch (e) {
      showError("error", "cannot reach the server: " + e.message);
      return;
    }
    const boxes = $("variant-boxes");
    for (const v of info.variants) {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = v;
      box.checked = info.default_variants.includes(v);
      if (v === "two_players") box.onchange = renderSeatTable;
      label.append(box, " " + v);
      boxes.appendChild(label);
    }
    showVariants(info.default_variants);
    renderSeatTable();
    $("new-game").onsubmit = newGame;
    $("nokill").onclick = () => {
      const d = game && game.decisions.find((x) => x.type === "nokill");
      if (d && !busy) decide(d.id);
    };
    $("pass").onclick = () => {
      const d = game && game.decisions.find((x) => x.type === "pass");
      if (d && !busy) decide(d.id);
    };
    $("cancel").onclick = () => { if (game && !busy) send("cancel"); };
    $("tab-play").onclick = () => setMode("play");
    $("tab-watch").onclick = () => { setMode("watch"); listRecords(); };
    $("record-files").onchange = (e) => openFile(e.target.value);
    $("upload").onchange = (e) => { if (e.target.files[0]) uploadFile(e.target.files[0]); };
    $("record-games").onchange = (e) => pickGame(Number(e.target.value));
    $("first").onclick = () => { stopPlaying(); step(-1e9); };
    $("prev").onclick = () => { stopPlaying(); step(-1); };
    $("next").onclick = () => { stopPlaying(); step(1); };
    $("last").onclick = () => { stopPlaying(); step(1e9); };
    $("playpause").onclick = togglePlay;
    $("show-analysis").checked = remembered("djambi.analysis", true);
    $("show-arrows").checked = remembered("djambi.arrows", false);
    const rerender = () => (mode === "play" ? renderPlay() : renderWatch());
    $("show-analysis").onchange = (e) => {
      remember("djambi.analysis", e.target.checked);
      // Switched on again: what failed is asked for again.
      if (playAnalysis && !playAnalysis.data) playAnalysis = null;
      if (watch && watch.data && watch.data.analysisState && !watch.data.analysisState.result) watch.data.analysisState = null;
      rerender();
    };
    $("show-arrows").onchange = (e) => { remember("djambi.arrows", e.target.checked); rerender(); };
    $("scrub").oninput = (e) => { stopPlaying(); watch.frame = Number(e.target.value); renderWatch(); };
    document.addEventListener("keydown", (e) => {
      if (document.body.dataset.mode === "watch" && e.target.tagName !== "INPUT" && e.target.tagName !== "SELECT") {
        const keys = { ArrowLeft: -1, ArrowRight: 1, Home: -1e9, End: 1e9 };
        if (e.key in keys) { stopPlaying(); step(keys[e.key]); e.preventDefault(); }
        if (e.key === " ") { togglePlay(); e.preventDefault(); }
      } else if (e.key === "Escape" && game && game.current.human) {
        selected = null;
        renderPlay();
      }
    });
    renderPlay();
    document.body.dataset.ready = "yes";
  }

  start();
})();
