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

const fs = require("fs");
const path = require("path");
const { session, startServer, startBrowser, openPage } = require("./browser_harness.js");

const [djambi, outDir] = process.argv.slice(2);
if (!djambi || !outDir) {
  console.error("usage: node browser_game.js DJAMBI_BINARY OUT_DIR");
  process.exit(2);
}
const started = Date.now();
const s = session(600 * 1000);
const { fail } = s;
fs.mkdirSync(outDir, { recursive: true });
fs.mkdirSync(path.join(s.tmp, "records"));

async function main() {
  const base = await startServer(s, djambi, ["--opponents", "random", "--records", path.join(s.tmp, "records")]);
  const cdp = startBrowser(s);
  const { evaluate, waitFor, click, screenshot, navigate, checkErrors } = await openPage(s, cdp, outDir, { height: 980 });
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

  await navigate(base + "/?pause=0");
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
  fs.writeFileSync(path.join(s.tmp, "records", "played.txt"), record);
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
  checkErrors();
  console.log(`OK in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  s.cleanup();
  process.exit(0);
}

main().catch((e) => fail(e.stack || String(e)));
