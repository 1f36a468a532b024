// Draws a Djambi board (the JSON of docs/WEB.md) as SVG. Each piece has its party's colour,
// a shape for its kind and the kind's letter; corpses are grey crosses; zombies are pale and
// dashed; a piece played by another player than its party's carries that player's colour as a
// dot; the throne e5 is gold with a crown.
"use strict";

const DjambiBoard = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const CELL = 64, MARGIN = 26, SIZE = 9 * CELL + 2 * MARGIN;
  const FILES = "abcdefghi";
  const PARTY = {
    r: { name: "Red", fill: "#d23b32", ink: "#fff" },
    b: { name: "Blue", fill: "#2d62c8", ink: "#fff" },
    y: { name: "Yellow", fill: "#f0c419", ink: "#222" },
    g: { name: "Green", fill: "#2e9444", ink: "#fff" },
  };
  const KIND = {
    chief: "Chief", assassin: "Assassin", reporter: "Reporter", diplomat: "Diplomat",
    necromobile: "Necromobile", militant: "Militant", corpse: "Corpse",
  };

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  // Top-left corner of a square ("c3") on the board drawn with rank 9 at the top.
  function corner(square) {
    const file = FILES.indexOf(square[0]), rank = Number(square[1]) - 1;
    return [MARGIN + file * CELL, MARGIN + (8 - rank) * CELL];
  }

  function polygon(cx, cy, r, points, rotation) {
    const out = [];
    for (let i = 0; i < points; i++) {
      const a = rotation + (2 * Math.PI * i) / points;
      out.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    return out.join(" ");
  }

  // The outline of a kind, centred on (cx, cy): each kind has its own shape.
  function shape(kind, cx, cy, attrs, parent) {
    switch (kind) {
      case "chief": // a crown
        return el("path", Object.assign({
          d: `M${cx - 24},${cy + 18} L${cx - 26},${cy - 14} L${cx - 12},${cy - 2} L${cx},${cy - 24} ` +
             `L${cx + 12},${cy - 2} L${cx + 26},${cy - 14} L${cx + 24},${cy + 18} Z`,
        }, attrs), parent);
      case "assassin": // a triangle
        return el("polygon", Object.assign({ points: polygon(cx, cy + 3, 27, 3, -Math.PI / 2) }, attrs), parent);
      case "reporter": // a square
        return el("rect", Object.assign({ x: cx - 20, y: cy - 20, width: 40, height: 40, rx: 4 }, attrs), parent);
      case "diplomat": // a diamond
        return el("polygon", Object.assign({ points: polygon(cx, cy, 26, 4, -Math.PI / 2) }, attrs), parent);
      case "necromobile": // a hexagon
        return el("polygon", Object.assign({ points: polygon(cx, cy, 24, 6, 0) }, attrs), parent);
      default: // militant: a small disc
        return el("circle", Object.assign({ cx, cy, r: 18 }, attrs), parent);
    }
  }

  function pieceTitle(p) {
    if (!p.alive) return "corpse";
    const party = PARTY[p.party].name;
    if (p.zombie) return `${party} ${KIND[p.kind].toLowerCase()} (zombie: obeys whoever holds power)`;
    const by = p.controller !== p.party ? `, played by ${PARTY[p.controller].name}` : "";
    return `${party} ${KIND[p.kind].toLowerCase()}${by}`;
  }

  // Draws piece `p` centred on (cx, cy) into `parent`; `scale` shrinks it (the piece in hand).
  function drawPiece(parent, p, cx, cy, scale) {
    const g = el("g", { class: "piece", "data-kind": p.kind }, parent);
    if (scale && scale !== 1) g.setAttribute("transform", `translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})`);
    el("title", {}, g).textContent = pieceTitle(p);
    if (!p.alive) {
      g.setAttribute("data-party", "-");
      el("circle", { cx, cy, r: 19, class: "corpse" }, g);
      el("path", { d: `M${cx - 9},${cy - 9} L${cx + 9},${cy + 9} M${cx + 9},${cy - 9} L${cx - 9},${cy + 9}`, class: "corpse-cross" }, g);
      return g;
    }
    const party = PARTY[p.party];
    g.setAttribute("data-party", p.party);
    g.setAttribute("data-controller", p.controller);
    shape(p.kind, cx, cy, { fill: party.fill, class: "body" + (p.zombie ? " zombie" : "") }, g);
    const t = el("text", { x: cx, y: cy + (p.kind === "assassin" ? 10 : p.kind === "chief" ? 11 : 7), class: "letter", fill: party.ink }, g);
    t.textContent = p.letter;
    if (!p.zombie && p.controller !== p.party) {
      // The player who now plays this party (inherited after its chief was killed).
      el("circle", { cx: cx + 19, cy: cy - 19, r: 8, fill: PARTY[p.controller].fill, class: "controller-dot" }, g);
    }
    return g;
  }

  // The best moves as arrows from the moving piece to its destination, the best boldest
  // (arrows: [{from, to}], best first), replacing those drawn before. Only the arrows' layer
  // changes: the squares stay, so that a click under way is not lost.
  function setArrows(svg, arrows) {
    for (const old of svg.querySelectorAll(":scope > .arrows, :scope > defs.arrow-defs")) old.remove();
    if (!arrows || !arrows.length) return;
    const defs = el("defs", { class: "arrow-defs" }, svg);
    const marker = el("marker", { id: "arrow-head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3.2,
                                  markerHeight: 3.2, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }, marker);
    const g = el("g", { class: "arrows" }, svg);
    for (const [i, a] of arrows.entries()) {
      const [x1, y1] = corner(a.from), [x2, y2] = corner(a.to);
      const dx = x2 - x1, dy = y2 - y1, length = Math.hypot(dx, dy) || 1;
      // From the piece's edge to short of the target's centre, so that both letters stay legible.
      const from = 16, to = 14;
      el("line", {
        x1: x1 + CELL / 2 + (from * dx) / length, y1: y1 + CELL / 2 + (from * dy) / length,
        x2: x2 + CELL / 2 - (to * dx) / length, y2: y2 + CELL / 2 - (to * dy) / length,
        class: `arrow rank-${i + 1}`, "stroke-width": Math.max(4, 11 - 3 * i), "marker-end": "url(#arrow-head)",
        "data-from": a.from, "data-to": a.to,
      }, g);
    }
  }

  // opts: { sources: Set, targets: Map(square -> {capture}), selected, last: [squares],
  //         holder: seat letter or null, arrows: [{from, to}], onClick(square) }
  function draw(svg, board, opts) {
    opts = opts || {};
    svg.setAttribute("viewBox", `0 0 ${SIZE} ${SIZE}`);
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const squares = el("g", { class: "squares" }, svg);
    const marks = el("g", { class: "marks" }, svg);
    const pieces = el("g", { class: "pieces" }, svg);
    const last = new Set(opts.last || []);
    for (let rank = 9; rank >= 1; rank--) {
      for (let f = 0; f < 9; f++) {
        const sq = FILES[f] + rank;
        const [x, y] = corner(sq);
        const classes = ["square", (f + rank) % 2 ? "light" : "dark"];
        if (sq === board.throne) classes.push("throne");
        if (last.has(sq)) classes.push("last");
        if (opts.sources && opts.sources.has(sq)) classes.push("source");
        if (opts.selected === sq) classes.push("selected");
        if (opts.targets && opts.targets.has(sq)) classes.push("target");
        const r = el("rect", { x, y, width: CELL, height: CELL, class: classes.join(" "), "data-square": sq }, squares);
        el("title", {}, r).textContent = sq + (sq === board.throne ? " (the throne)" : "");
      }
    }
    // The throne's crown, under whatever stands on it.
    const [tx, ty] = corner(board.throne);
    el("path", { d: `M${tx + 14},${ty + 46} L${tx + 12},${ty + 20} L${tx + 23},${ty + 31} L${tx + 32},${ty + 14} ` +
                    `L${tx + 41},${ty + 31} L${tx + 52},${ty + 20} L${tx + 50},${ty + 46} Z`, class: "throne-crown" }, marks);
    for (let i = 0; i < 9; i++) {
      el("text", { x: MARGIN + i * CELL + CELL / 2, y: SIZE - 7, class: "coord" }, svg).textContent = FILES[i];
      el("text", { x: 12, y: MARGIN + i * CELL + CELL / 2 + 5, class: "coord" }, svg).textContent = String(9 - i);
    }
    for (const p of board.pieces) {
      const [x, y] = corner(p.square);
      const g = drawPiece(pieces, p, x + CELL / 2, y + CELL / 2);
      g.setAttribute("data-square", p.square);
      if (p.kind === "chief" && board.holder && p.square === board.throne && p.alive) g.classList.add("in-power");
    }
    setArrows(svg, opts.arrows);
    if (opts.targets) {
      for (const [sq, t] of opts.targets) {
        const [x, y] = corner(sq);
        el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: t.capture ? 29 : 9, class: t.capture ? "hint capture" : "hint", "data-square": sq }, marks.parentNode);
      }
    }
    if (opts.onClick) {
      svg.onclick = (event) => {
        const pt = svg.createSVGPoint();
        pt.x = event.clientX;
        pt.y = event.clientY;
        const p = pt.matrixTransform(svg.getScreenCTM().inverse());
        const file = Math.floor((p.x - MARGIN) / CELL), row = Math.floor((p.y - MARGIN) / CELL);
        if (file < 0 || file > 8 || row < 0 || row > 8) return;
        opts.onClick(FILES[file] + (9 - row));
      };
    } else {
      svg.onclick = null;
    }
  }

  // A single piece in a small SVG of its own (the piece in hand, the legend).
  function pieceIcon(p) {
    const svg = el("svg", { viewBox: "0 0 64 64", class: "icon" });
    drawPiece(svg, p, 32, 34);
    return svg;
  }

  return { draw, setArrows, pieceIcon, PARTY, KIND };
})();
