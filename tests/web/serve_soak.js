#!/usr/bin/env node
// A bounded soak of `djambi serve` (docs/WEB.md, "Limits and threat model"): 20 clients in
// parallel for DURATION seconds (default 60) create games, play them (a person's decisions,
// bots' turns, a take-back now and then) and abandon them; meanwhile a probe asks for the page
// (GET /) every second. It fails on any 5xx answer or failed request, on a probe not answered
// within 2 s, and when the server's RSS (/proc/PID/status) grows by more than RSS_BOUND_MB
// (default 64) from the end of the first quarter of the run (the warm-up) to the end. It prints
// the requests made, the errors and the memory curve (RSS every 5 s).
//
//   node tests/web/serve_soak.js build/apps/djambi [DURATION] [CLIENTS]
"use strict";

const { spawn } = require("child_process");
const fs = require("fs");

const binary = process.argv[2];
const duration = Number(process.argv[3] || 60);
const clients = Number(process.argv[4] || 20);
const rssBoundMb = Number(process.env.RSS_BOUND_MB || 64);
if (!binary || !(duration > 0) || !(clients > 0)) {
  console.error("usage: serve_soak.js DJAMBI [DURATION_S=60] [CLIENTS=20]");
  process.exit(2);
}

const SEATS = ["random", "greedy", "mcts:sims=40", "mcts:time=0.3"];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const stats = { requests: 0, errors: 0, fiveXX: 0, byStatus: {}, probes: 0, probeWorstMs: 0, probeFailures: 0 };
const failures = [];
function fail(text) {
  if (failures.length < 20) failures.push(text);
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const m = status.match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : NaN;
}

async function main() {
  const server = spawn(binary, ["serve", "--port", "0", "--opponents", "random,greedy", "--max-games", "100",
                                "--idle-timeout", "3", "--seed", "7"],
                       { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, OMP_WAIT_POLICY: "PASSIVE" } });
  let out = "";
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start in 60 s: " + out)), 60000);
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    });
    server.on("exit", (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  console.log(`soak: ${clients} clients for ${duration} s against ${base} (pid ${server.pid})`);

  async function request(method, path, cookie, body) {
    const headers = {};
    if (cookie) headers.Cookie = cookie;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    stats.requests++;
    let res;
    try {
      res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
                                       signal: AbortSignal.timeout(30000) });
    } catch (e) {
      stats.errors++;
      fail(`${method} ${path}: ${e.message}`);
      return { status: 0 };
    }
    const text = await res.text();
    stats.byStatus[res.status] = (stats.byStatus[res.status] || 0) + 1;
    if (res.status >= 500) {
      stats.fiveXX++;
      fail(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    }
    let json = null;
    try { json = JSON.parse(text); } catch (e) { /* the page, a record */ }
    const set = res.headers.get("set-cookie");
    return { status: res.status, json, cookie: set ? set.split(";")[0] : null };
  }

  const end = Date.now() + duration * 1000;
  async function client(index) {
    const info = await request("GET", "/api/info");
    let cookie = info.cookie;
    let round = 0;
    while (Date.now() < end) {
      // Now and then a new session, as a new visitor.
      if (++round % 10 === 0) cookie = (await request("GET", "/api/info")).cookie || cookie;
      const seats = [Math.random() < 0.6 ? "human" : pick(SEATS), pick(SEATS), pick(SEATS), pick(SEATS)];
      const made = await request("POST", "/api/games", cookie, { seats });
      if (made.status !== 201 || !made.json) continue;
      let game = made.json;
      const id = game.id;
      // Play a number of requests, then abandon the game (most are left unfinished).
      const budget = 5 + Math.floor(Math.random() * 40);
      for (let step = 0; step < budget && Date.now() < end && game && !game.over; step++) {
        let r;
        if (game.current.human) {
          if (game.current.pending && Math.random() < 0.1) {
            r = await request("POST", `/api/games/${id}/cancel`, cookie);
          } else {
            r = await request("POST", `/api/games/${id}/decide`, cookie, { id: pick(game.decisions).id });
          }
        } else if (game.thinking && Math.random() < 0.5) {
          r = await request("GET", `/api/games/${id}`, cookie);
          await sleep(100);
        } else if (game.thinking && Math.random() < 0.2) {
          r = await request("POST", `/api/games/${id}/cancel`, cookie);
        } else {
          r = await request("POST", `/api/games/${id}/bot`, cookie);
        }
        if (r.status === 200 && r.json) game = r.json;
        else if (r.status === 404) break;  // dropped to make room: fine
        else if (r.status !== 409) { fail(`client ${index}: ${r.status} ${JSON.stringify(r.json)}`); break; }
      }
      if (Math.random() < 0.2) await request("GET", `/api/games/${id}/record`, cookie);
      if (Math.random() < 0.2) await request("GET", "/api/games", cookie);
    }
  }

  // The page, every second; the memory, every 5 s.
  const curve = [];
  const start = Date.now();
  const sample = () => curve.push({ t: Math.round((Date.now() - start) / 1000), mb: rssMb(server.pid) });
  sample();
  const memoryTimer = setInterval(sample, 5000);
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t0 = Date.now();
      try {
        const res = await fetch(base + "/", { signal: AbortSignal.timeout(5000) });
        await res.text();
        const ms = Date.now() - t0;
        stats.probes++;
        stats.probeWorstMs = Math.max(stats.probeWorstMs, ms);
        if (res.status !== 200 || ms > 2000) { stats.probeFailures++; fail(`GET /: ${res.status} in ${ms} ms`); }
      } catch (e) {
        stats.probeFailures++;
        fail(`GET /: ${e.message}`);
      }
      await sleep(1000);
    }
  })();

  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  probing = false;
  await probe;
  clearInterval(memoryTimer);
  sample();
  server.kill("SIGTERM");

  console.log(`requests ${stats.requests}, errors ${stats.errors}, 5xx ${stats.fiveXX}, by status ${JSON.stringify(stats.byStatus)}`);
  console.log(`GET / probes ${stats.probes}, failed ${stats.probeFailures}, slowest ${stats.probeWorstMs} ms`);
  console.log("RSS (MB) by second: " + curve.map((p) => `${p.t}:${p.mb.toFixed(1)}`).join(" "));
  const warm = curve.filter((p) => p.t >= duration / 4);
  const from = warm.length ? warm[0].mb : curve[0].mb;
  const last = curve[curve.length - 1].mb;
  const peak = Math.max(...curve.map((p) => p.mb));
  console.log(`RSS after warm-up ${from.toFixed(1)} MB, at the end ${last.toFixed(1)} MB, peak ${peak.toFixed(1)} MB ` +
              `(bound: +${rssBoundMb} MB)`);
  let ok = true;
  if (stats.fiveXX || stats.errors) ok = false;
  if (stats.probeFailures || !stats.probes) ok = false;
  if (last - from > rssBoundMb) { ok = false; fail(`RSS grew by ${(last - from).toFixed(1)} MB`); }
  if (stats.requests < clients * 2) { ok = false; fail("too few requests"); }
  for (const f of failures) console.log("  " + f);
  console.log(ok ? "soak: OK" : "soak: FAILED");
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
