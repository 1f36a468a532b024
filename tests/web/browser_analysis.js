#!/usr/bin/env node
// A real browser reads the analysis on the page of `djambi serve` (docs/WEB.md, "On the page"):
// a record with a known blunder (Red could take Blue's chief, the last opponent, and plays
// a1-c3) opened in the Watch tab shows the value graph and the win-chance bar; a click on the
// graph's turning point lands on that move; the best moves drawn as arrows can be switched on,
// and the switch is remembered after a reload; a new game in the Play tab shows its bar.
// Screenshots are saved in OUT_DIR.
//
// Usage: node browser_analysis.js DJAMBI_BINARY OUT_DIR   (CHROMIUM=path overrides the browser;
// DJAMBI_WEB_DIR=apps/serve/web serves the page from the source folder instead of the binary)
"use strict";

const fs = require("fs");
const path = require("path");
const { session, startServer, startBrowser, openPage } = require("./browser_harness.js");

const [djambi, outDir] = process.argv.slice(2);
if (!djambi || !outDir) {
  console.error("usage: node browser_analysis.js DJAMBI_BINARY OUT_DIR");
  process.exit(2);
}
const started = Date.now();
const s = session(300 * 1000);
const { fail } = s;
fs.mkdirSync(outDir, { recursive: true });
fs.mkdirSync(path.join(s.tmp, "records"));
fs.writeFileSync(path.join(s.tmp, "records", "blunder.txt"), [
  "game djambi", "variants none", "players human human human human",
  "start 9/1Cb7/9/9/8Mb/1Ar7/9/9/Cr8 r rbrr - 0 10",
  "move a1-c3", "move b8-e8", "move b4-d4", "result unfinished", "",
].join("\n"));

async function main() {
  const base = await startServer(s, djambi, ["--opponents", "random", "--records", path.join(s.tmp, "records")]);
  const cdp = startBrowser(s);
  const p = await openPage(s, cdp, outDir);
  const shares = `[...document.querySelectorAll("#chances .chance")].map((c) => Number(c.dataset.share))`;

  await p.navigate(base + "/?pause=0");
  await p.waitFor(`document.body && document.body.dataset.ready === "yes"`, "the page to load");
  if (await p.evaluate(`document.getElementById("show-arrows").checked`)) fail("the arrows are on before anyone asked");

  // Watch the record: the graph, its turning point and the bar come from one analysis.
  await p.click("#tab-watch");
  await p.waitFor(`document.querySelectorAll("#record-files option").length > 1`, "the record list");
  await p.evaluate(`(() => { const f = document.getElementById("record-files"); f.value = "blunder.txt";
                             f.dispatchEvent(new Event("change")); })()`);
  await p.waitFor(`document.body.dataset.frame === "0" && document.body.dataset.analysis === "yes"`, "the game's analysis");
  const lines = await p.evaluate(`document.querySelectorAll("#value-graph polyline.graph-line").length`);
  if (lines !== 4) fail(`the graph has ${lines} lines, not one per seat`);
  const points = await p.evaluate(`[...document.querySelectorAll("#value-graph .turning-point")].map((c) => c.dataset.turn + ":" + c.classList.contains("blunder"))`);
  if (!points.includes("1:true")) fail(`no blunder marked at move 1: ${JSON.stringify(points)}`);
  const before = await p.evaluate(shares);
  if (before.length !== 4 || Math.abs(before.reduce((a, b) => a + b, 0) - 1) > 0.01 || !(before[0] > 0.9))
    fail(`the bar at the start is ${JSON.stringify(before)}: Red should be nearly sure to win`);
  const listed = await p.evaluate(`document.getElementById("turning-points").textContent`);
  if (!/a blunder/.test(listed) || !/b4xb8/.test(listed)) fail(`the turning points read '${listed}'`);

  // A click on the turning point goes to its move.
  await p.click(`#value-graph .turning-point[data-turn="1"]`);
  await p.waitFor(`document.body.dataset.frame === "1"`, "the click on the turning point to go to move 1");
  const current = await p.evaluate(`(document.querySelector("#watch-moves li.current") || {}).dataset?.n`);
  if (current !== "1") fail(`the move list marks move ${current}, not 1`);
  const after = await p.evaluate(shares);
  if (!(after[0] < before[0])) fail(`Red's share did not fall after the blunder: ${before[0]} then ${after[0]}`);

  // The best moves as arrows: off by default, on by the switch, remembered after a reload.
  if (await p.evaluate(`document.querySelectorAll("#board line.arrow").length`)) fail("arrows drawn while switched off");
  await p.click("#show-arrows");
  await p.click("#first");
  await p.waitFor(`document.body.dataset.frame === "0" && document.querySelector("#board line.arrow")`, "the arrows");
  const arrow = await p.evaluate(`(() => { const a = document.querySelector("#board line.arrow.rank-1"); return a.dataset.from + "-" + a.dataset.to; })()`);
  if (arrow !== "b4-b8") fail(`the best move's arrow is ${arrow}, not b4-b8 (the assassin takes the chief)`);
  await p.screenshot("watch-analysis.png");
  await p.navigate(base + "/?pause=0");
  await p.waitFor(`document.body && document.body.dataset.ready === "yes"`, "the page to load again");
  if (!(await p.evaluate(`document.getElementById("show-arrows").checked`))) fail("the arrows' switch was not remembered");

  // Play: a new game (a person against three random bots) shows its bar.
  await p.click("#start");
  await p.waitFor(`document.getElementById("download").hidden === false`, "the game to start");
  await p.waitFor(`document.querySelectorAll("#chances .chance").length === 4`, "the bar of the game in play");
  await p.screenshot("play-analysis.png");
  p.checkErrors();
  console.log(`OK in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  s.cleanup();
  process.exit(0);
}

main().catch((e) => fail(e.stack || String(e)));
