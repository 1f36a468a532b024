// Draws the server's analysis (docs/WEB.md, "On the page"): the seats' win chances as one bar
// of four colours, and a game's value graph (SVG, each seat's share over the moves) with its
// turning points, which a click follows to their move.
"use strict";

const DjambiAnalysis = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const { PARTY } = DjambiBoard;
  const W = 480, H = 170, PAD_L = 34, PAD_R = 10, PAD_T = 10, PAD_B = 22;

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  const percent = (share) => `${Math.round(100 * share)} %`;

  // The bar: one segment per seat (seats: letters; shares: by seat, summing to 1). `stale`: the
  // shares of an earlier position (drawn faded while the new one is analysed).
  function drawBar(container, seats, shares, stale) {
    container.textContent = "";
    container.classList.toggle("stale", !!stale);
    for (const [i, seat] of seats.entries()) {
      const share = shares[i] || 0;
      const part = document.createElement("div");
      part.className = "chance";
      part.dataset.seat = seat;
      part.dataset.share = String(share);
      part.style.width = `${(100 * share).toFixed(2)}%`;
      part.style.background = PARTY[seat].fill;
      part.style.color = PARTY[seat].ink;
      part.title = `${PARTY[seat].name}: ${percent(share)} chance to win`;
      if (share >= 0.08) part.textContent = percent(share);
      container.appendChild(part);
    }
  }

  // The value graph of a game's analysis `a` (POST /api/analysis/game): a line per seat over
  // the frames (0 = the start, i = after move i), the current `frame` marked, each turning
  // point a ring on its move; onPick(frame) on a click on a ring or anywhere on the graph.
  function drawGraph(svg, a, frame, onPick) {
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const n = Math.max(1, a.frames.length - 1);
    const x = (f) => PAD_L + ((W - PAD_L - PAD_R) * f) / n;
    const y = (share) => PAD_T + (H - PAD_T - PAD_B) * (1 - share);
    const frameAt = (event) => {
      const pt = svg.createSVGPoint();
      pt.x = event.clientX;
      pt.y = event.clientY;
      const p = pt.matrixTransform(svg.getScreenCTM().inverse());
      return Math.max(0, Math.min(n, Math.round(((p.x - PAD_L) * n) / (W - PAD_L - PAD_R))));
    };
    el("rect", { x: PAD_L, y: PAD_T, width: W - PAD_L - PAD_R, height: H - PAD_T - PAD_B, class: "graph-area" }, svg);
    for (const share of [0, 0.25, 0.5, 0.75, 1]) {
      el("line", { x1: PAD_L, x2: W - PAD_R, y1: y(share), y2: y(share), class: "graph-grid" }, svg);
      el("text", { x: PAD_L - 4, y: y(share) + 4, class: "graph-label", "text-anchor": "end" }, svg).textContent =
        `${100 * share}%`;
    }
    el("text", { x: W - PAD_R, y: H - 6, class: "graph-label", "text-anchor": "end" }, svg).textContent = `move ${n}`;
    el("text", { x: PAD_L, y: H - 6, class: "graph-label" }, svg).textContent = "start";
    for (const [i, seat] of a.seats.entries()) {
      const points = a.frames.map((f, k) => `${x(k).toFixed(1)},${y(f.shares[i]).toFixed(1)}`).join(" ");
      el("polyline", { points, class: "graph-line", stroke: PARTY[seat].fill, "data-seat": seat }, svg);
    }
    el("line", { x1: x(frame), x2: x(frame), y1: PAD_T, y2: H - PAD_B, class: "graph-cursor" }, svg);
    svg.onclick = (event) => onPick(frameAt(event));
    for (const p of a.turning_points) {
      const i = a.seats.indexOf(p.seat);
      const share = a.frames[p.turn] ? a.frames[p.turn].shares[i] : 0.5;
      const ring = el("circle", {
        cx: x(p.turn), cy: y(share), r: 7, fill: PARTY[p.seat].fill,
        class: `turning-point ${p.kind}` + (p.turn === frame ? " current" : ""), "data-turn": p.turn,
      }, svg);
      el("title", {}, ring).textContent = describe(p, a.scale);
      ring.onclick = (event) => {
        event.stopPropagation();
        onPick(p.turn);
      };
    }
  }

  // A turning point in words: "Move 1, Red a1-c3: a blunder (99 % → 57 %); best b4xb8".
  function describe(p, scale) {
    const value = (v) => (scale === "value" ? v.toFixed(2) : percent(v));
    const best = p.best_alternative ? `; best ${p.best_alternative.move}` : "";
    return `Move ${p.turn}, ${PARTY[p.seat].name} ${p.played}: ${p.kind === "blunder" ? "a blunder" : "a decisive move"} ` +
      `(${value(p.before)} → ${value(p.after)})${best}`;
  }

  return { drawBar, drawGraph, describe };
})();
