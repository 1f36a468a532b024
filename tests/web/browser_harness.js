// Shared by the browser tests of `djambi serve` (docs/WEB.md): starts the server and headless
// Chromium (Debian's `chromium`), and drives a page over the DevTools protocol through a pipe
// (--remote-debugging-pipe), with plain Node.js: no npm package, no browser download.
"use strict";

const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A session: a temporary folder, the processes started, and fail() that ends them all.
function session(limitMs) {
  const children = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "djambi_browser_"));
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
  setTimeout(() => fail(`not done after ${limitMs / 1000} s`), limitMs).unref();
  return { tmp, children, cleanup, fail };
}

// `djambi serve --port 0 ARGS...`; resolves to its base URL.
function startServer(s, djambi, args) {
  return new Promise((resolve) => {
    const all = ["serve", "--port", "0", ...args];
    if (process.env.DJAMBI_WEB_DIR) all.push("--web-dir", process.env.DJAMBI_WEB_DIR);
    const server = spawn(djambi, all, { stdio: ["ignore", "pipe", "pipe"] });
    s.children.push(server);
    let out = "", err = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    server.stderr.on("data", (d) => { err += d; });
    server.on("exit", (code) => s.fail(`djambi serve exited (${code}): ${err}`));
  });
}

// A minimal DevTools protocol client over --remote-debugging-pipe (fds 3 and 4).
function startBrowser(s) {
  const chromium = process.env.CHROMIUM || "chromium";
  const args = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
    "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
    "--disable-component-update", "--remote-debugging-pipe", `--user-data-dir=${path.join(s.tmp, "profile")}`,
    "about:blank",
  ];
  const browser = spawn(chromium, args, { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
  s.children.push(browser);
  let err = "";
  browser.stderr.on("data", (d) => { err = (err + d).slice(-4000); });
  browser.on("error", (e) => s.fail(`cannot start ${chromium} (Debian package chromium): ${e.message}`));
  browser.on("exit", (code) => s.fail(`chromium exited (${code}): ${err}`));
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

// A page in a new tab: evaluate(expression), waitFor(expression, what), click(selector) with
// real mouse events, screenshot(file). Errors the page reports fail the test. The viewport is
// 1280 x 1100 unless `viewport` ({ width, height }) says otherwise.
async function openPage(s, cdp, outDir, viewport = {}) {
  const { width = 1280, height = 1100 } = viewport;
  const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
  const page = (method, params) => cdp.send(method, params, sessionId);
  const errors = [];
  cdp.on((msg) => {
    if (msg.sessionId !== sessionId) return;
    if (msg.method === "Runtime.exceptionThrown") errors.push(msg.params.exceptionDetails.exception?.description || msg.params.exceptionDetails.text);
    if (msg.method === "Runtime.consoleAPICalled" && msg.params.type === "error")
      errors.push(msg.params.args.map((a) => a.value ?? a.description).join(" "));
  });
  await page("Runtime.enable");
  await page("Page.enable");
  await page("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
  async function evaluate(expression) {
    const r = await page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`in the page: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
    return r.result.value;
  }
  function checkErrors() {
    if (errors.length) s.fail("the page reported errors: " + errors.join("; "));
  }
  async function waitFor(expression, what, limitMs = 120000) {
    const until = Date.now() + limitMs;
    while (Date.now() < until) {
      if (await evaluate(expression)) return;
      checkErrors();
      await sleep(25);
    }
    s.fail("timed out waiting for " + what);
  }
  async function click(selector) {
    const box = await evaluate(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
    if (!box) s.fail("nothing to click at " + selector);
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"])
      await page("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: type === "mouseMoved" ? 0 : 1 });
  }
  async function screenshot(name) {
    const { data } = await page("Page.captureScreenshot", { format: "png" });
    fs.writeFileSync(path.join(outDir, name), Buffer.from(data, "base64"));
    console.log("screenshot " + path.join(outDir, name));
  }
  const navigate = (url) => page("Page.navigate", { url });
  return { evaluate, waitFor, click, screenshot, navigate, checkErrors };
}

module.exports = { sleep, session, startServer, startBrowser, openPage };
