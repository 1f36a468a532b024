#!/usr/bin/env node
// A real browser plays a whole game on the page of `djambi serve` (docs/WEB.md): headless
// Chromium (Debian's `chromium`), driven over its DevTools protocol through a pipe by plain
// Node.js (no npm package, no browser download). Red is played by mouse clicks against three
// `random` bots, choosing kills when it sees them, until the game is over; the test checks that
// Red made a kill with a placement, that the result the page shows is the server's, then opens
// the game's record in the Watch tab and steps through it. Screenshots are saved in OUT_DIR.
//
// Usage: node browser_game.js DJAMBI_BINARY OUT_DIR   (CHROMIUM=path overrides the browser;
// DJAMBI_WEB_DIR=apps/serve/web serves the page from the source folder instead of the binary)
"use strict";

const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const [djambi, outDir] = process.argv.slice(2);
if (!djambi || !outDir) {
  console.error("usage: node browser_game.js DJAMBI_BINARY OUT_DIR");
  process.exit(2);
}
const TIME_LIMIT_MS = 600 * 1000;
const started = Date.now();
const children = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "djambi_browser_"));
fs.mkdirSync(outDir, { recursive: true });
fs.mkdirSync(path.join(tmp, "records"));

function cleanup() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  try {
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 5 });
  } catch (e) {
    // A browser killed a moment ago may still be writing its profile; the folder is temporary.
  }
}
function fail(message) {
  console.error("FAIL: " + message);
  cleanup();
  process.exit(1);
}
setTimeout(() => fail(`not done after ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS).unref();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- The server ----
function startServer() {
  return new Promise((resolve) => {
    const args = ["serve", "--port", "0", "--opponents", "random", "--records", path.join(tmp, "records")];
    // DJAMBI_WEB_DIR=apps/serve/web tries edits of the page without rebuilding the binary.
    if (process.env.DJAMBI_WEB_DIR) args.push("--web-dir", process.env.DJAMBI_WEB_DIR);
    const server = spawn(djambi, args, { stdio: ["ignore", "pipe", "pipe"] });
    children.push(server);
    let out = "", err = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    server.stderr.on("data", (d) => { err += d; });
    server.on("exit", (code) => fail(`djambi serve exited (${code}): ${err}`));
  });
}

// ---- A minimal DevTools protocol client over --remote-debugging-pipe (fds 3 and 4) ----
function startBrowser() {
  const chromium = process.env.CHROMIUM || "chromium";
  const args = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
    "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
    "--disable-component-update", "--remote-debugging-pipe", `--user-data-dir=${path.join(tmp, "profile")}`,
    "about:blank",
  ];
  const browser = spawn(chromium, args, { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  children.push(browser);
  let err = "";
  browser.stderr.on("data", (d) => { err = (err + d).slice(-4000); });
  browser.on("error", (e) => fail(`cannot start ${chromium} (Debian package chromium): ${e.message}`));
  browser.on("exit", (code) => fail(`chromium exited (${code}): ${err}`));
  const input = browser.stdio[3], output = browser.stdio[4];
  const pending = new Map();
  const listeners = [];
  let next = 0, buffer = Buffer.alloc(0);
  output.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let end; (end = buffer.indexOf(0)) >= 0; buffer = buffer.subarray(end + 1)) {
      const msg = JSON.parse(buffer.subarray(0, end).toString("utf8"));
      if (msg.id !== undefined && pending.has(msg.id)) {
        const { resolve, reject, method } = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      } else if (msg.method) {
        for (const l of listeners) l(msg);
      }
    }
  });
  function send(method, params, sessionId) {
    const id = ++next;
    const message = { id, method, params: params || {} };
    if (sessionId) message.sessionId = sessionId;
    input.write(JSON.stringify(message) + "\0");
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
  }
  return { send, on: (l) => listeners.push(l) };
}

async function main() {
  const base = await startServer();
  const cdp = startBrowser();
  const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  const page = (method, params) => cdp.send(method, params, sessionId);
  const pageErrors = [];
  cdp.on((msg) => {
    if (msg.sessionId !== sessionId) return;
    if (msg.method === "Runtime.exceptionThrown") pageErrors.push(msg.params.exceptionDetails.exception?.description || msg.params.exceptionDetails.text);
    if (msg.method === "Runtime.consoleAPICalled" && msg.params.type === "error")
      pageErrors.push(msg.params.args.map((a) => a.value ?? a.description).join(" "));
  });
  await page("Runtime.enable");
  await page("Page.enable");
  await page("Emulation.setDeviceMetricsOverride", { width: 1280, height: 980, deviceScaleFactor: 1, mobile: false });

  async function evaluate(expression) {
    const r = await page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
    return r.result.value;
  }
  async function waitFor(expression, what, limitMs = 120000) {
    const until = Date.now() + limitMs;
    while (Date.now() < until) {
      if (await evaluate(expression)) return;
      if (pageErrors.length) fail("the page reported errors: " + pageErrors.join("; "));
      await sleep(25);
    }
    fail("timed out waiting for " + what);
  }
  // A real mouse click in the middle of the element that `selector` finds.
  async function click(selector) {
    const box = await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
    if (!box) fail("nothing to click at " + selector);
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"])
      await page("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: type === "mouseMoved" ? 0 : 1 });
  }
  async function screenshot(name) {
    const { data } = await page("Page.captureScreenshot", { format: "png" });
    fs.writeFileSync(path.join(outDir, name), Buffer.from(data, "base64"));
    console.log("screenshot " + path.join(outDir, name));
  }
  const settled = `document.body.dataset.busy !== "yes" && document.body.dataset.thinking !== "yes" &&
                   (document.body.dataset.human === "yes" || document.body.dataset.over === "yes")`;
  // What the page offers now: the phase, the highlighted squares, and the pieces on them.
  const view = `(() => {
    const piece = (sq) => { const g = document.querySelector('#board g.piece[data-square="' + sq + '"]');
      return g ? { kind: g.dataset.kind, party: g.dataset.party, controller: g.dataset.controller || "-" } : null; };
    const squares = (cls) => [...document.querySelectorAll("#board rect.square." + cls)].map((r) => r.dataset.square);
    return { phase: document.body.dataset.phase, over: document.body.dataset.over === "yes",
             sources: squares("source"), selected: squares("selected")[0] || null,
             selectedPiece: squares("selected")[0] ? piece(squares("selected")[0]) : null,
             targets: squares("target").map((sq) => ({ sq, piece: piece(sq) })),
             inHand: (document.querySelector("#in-hand g.piece") || {}).dataset?.kind || null,
             nokill: !document.getElementById("nokill").hidden, pass: !document.getElementById("pass").hidden };
  })()`;

  await page("Page.navigate", { url: base + "/?pause=0" });
  await waitFor(`document.body && document.body.dataset.ready === "yes"`, "the page to load");
  await click("#start");
  await waitFor(`document.getElementById("download").hidden === false`, "the game to start");
  await waitFor(settled, "Red's first turn");

  // Clicks a square and waits for the page to answer.
  async function clickSquare(sq) {
    await click(`#board rect[data-square="${sq}"]`);
    await waitFor(`document.body.dataset.busy !== "yes"`, "the page to answer a click");
    return evaluate(view);
  }
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const enemy = (t) => t.piece && t.piece.kind !== "corpse" && t.piece.controller !== "r";
  const best = (targets) => targets.find((t) => enemy(t) && t.piece.kind === "chief") || targets.find(enemy);
  let turns = 0, clicks = 0, killPlacements = 0, shotInProgress = false;
  while (true) {
    await waitFor(settled, "Red's turn or the end", 300000);
    let v = await evaluate(view);
    if (v.over) break;
    if (v.phase === "move") {
      turns++;
      if (v.pass) {
        await click("#pass");
        clicks++;
        continue;
      }
      // Look at a few pieces' moves, as a player would, for a kill; else move the last one looked at.
      let choice = null;
      const tries = [...v.sources].sort(() => Math.random() - 0.5).slice(0, 8);
      for (const sq of tries) {
        // A click on one's own piece that the selected one could strike would strike it: drop
        // the selection first (a second click on the selected piece).
        if (v.selected) {
          v = await clickSquare(v.selected);
          if (v.selected) fail(`a second click on ${v.selected} did not drop the selection`);
        }
        v = await clickSquare(sq);
        if (v.selected !== sq) {
          await screenshot("failure.png");
          fail(`clicking ${sq} did not select it: ${JSON.stringify(v)}`);
        }
        if (turns >= 6 && !shotInProgress && v.targets.length >= 4) {
          await screenshot("game-in-progress.png");  // a piece selected, its moves lit up
          shotInProgress = true;
        }
        choice = best(v.targets);
        // Late in a game without a kill of its own yet, Red's chief or militant also strikes one
        // of Red's own pieces (RULES.md 4.0), so that the test always sees a kill with a placement.
        const mover = v.selectedPiece;
        if (!choice && killPlacements === 0 && turns > 12 && mover && ["chief", "militant"].includes(mover.kind))
          choice = v.targets.find((t) => t.piece && t.piece.kind !== "corpse" && t.piece.kind !== "chief");
        if (choice) break;
      }
      if (!choice) choice = pick(v.targets);
      await click(`#board rect[data-square="${choice.sq}"]`);
      clicks++;
    } else if (v.phase === "place") {
      if (v.inHand === "corpse") killPlacements++;
      await click(`#board rect[data-square="${pick(v.targets).sq}"]`);
      clicks++;
    } else if (v.phase === "report") {
      const victim = best(v.targets);
      await click(victim ? `#board rect[data-square="${victim.sq}"]` : "#nokill");
      clicks++;
    } else if (v.phase === "exit") {
      const t = best(v.targets) || pick(v.targets);
      await click(`#board rect[data-square="${t.sq}"]`);
      clicks++;
    } else {
      fail("unexpected phase " + v.phase);
    }
  }
  if (!shotInProgress) await screenshot("game-in-progress.png");
  await screenshot("game-over.png");

  // The result on the page is the server's, and Red made a kill with a placement.
  const id = (await evaluate(`document.getElementById("download").getAttribute("href")`)).split("/")[3];
  const game = await evaluate(`fetch("/api/games/${id}").then((r) => r.json())`);
  if (!game.over || !game.result) fail("the server's game is not over");
  const shown = await evaluate(`document.getElementById("result").textContent`);
  if (!shown.includes(game.result.text)) fail(`the page shows '${shown}', the server '${game.result.text}'`);
  const listed = await evaluate(`document.querySelectorAll("#moves li").length`);
  if (listed !== game.moves.length) fail(`the move list shows ${listed} moves, the game has ${game.moves.length}`);
  const redKills = game.moves.filter((m) => m.seat === "r" && /^[a-i][1-9]x[a-i][1-9]>/.test(m.text));
  if (killPlacements === 0 || redKills.length === 0) fail("Red never made a kill with a placement");
  console.log(`game over after ${game.moves.length} moves (${turns} red turns, ${clicks} clicks): ${game.result.text}; ` +
              `red kill-and-place moves: ${redKills.map((m) => m.text).join(" ")}`);

  // Watch: the game's record, opened from --records, stepped through with the buttons.
  const record = await evaluate(`fetch("/api/games/${id}/record").then((r) => r.text())`);
  fs.writeFileSync(path.join(tmp, "records", "played.txt"), record);
  await click("#tab-watch");
  await waitFor(`document.querySelectorAll("#record-files option").length > 1`, "the record list");
  await evaluate(`(() => { const s = document.getElementById("record-files"); s.value = "played.txt";
                           s.dispatchEvent(new Event("change")); })()`);
  await waitFor(`document.body.dataset.frame === "0" && document.querySelectorAll("#watch-moves li").length === ${game.moves.length}`,
                "the record to open");
  for (let i = 0; i < 3; i++) await click("#next");
  await waitFor(`document.body.dataset.frame === "3"`, "three steps forward");
  await click("#prev");
  await waitFor(`document.body.dataset.frame === "2"`, "one step back");
  await click("#last");
  await waitFor(`document.body.dataset.frame === "${game.moves.length}"`, "the last move");
  const watched = await evaluate(`document.getElementById("watch-result").textContent`);
  if (!watched.includes(game.result.text)) fail(`the watched result is '${watched}'`);
  await screenshot("watch.png");
  if (pageErrors.length) fail("the page reported errors: " + pageErrors.join("; "));
  console.log(`OK in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  cleanup();
  process.exit(0);
}

main().catch((e) => fail(e.stack || String(e)));
