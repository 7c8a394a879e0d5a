// pnp studio: click an element on a page to inspect it; drag it (or its corner), nudge it with the
// arrow keys, turn it, and pnp writes the new value into the YAML line that defines it. Undo and
// redo in the bar. The map of a page (/studio/page) and of a face (/studio/face) come from the
// server, in points; a selection is kept across builds (the face is asked again after each one).
"use strict";

(() => {
  const PNP = window.PNP, el = PNP.el;
  const token = document.querySelector('meta[name="pnp-token"]').content;
  const inspector = document.getElementById("inspector");
  const note = document.getElementById("edit-note");
  const MM = 72 / 25.4;
  const pages = new Map();  // "build/kit/component/n" -> faces on the page
  let selected = null;  // {fig, face, element (name), pending: {dx, dy, dw, dh}}
  const opened = new Set(JSON.parse(sessionStorage.getItem("pnp-opened") || "[]"));

  async function getJSON(url) {
    const answer = await fetch(url, { cache: "no-store" });
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.error || answer.statusText);
    return data;
  }

  async function post(path, body) {
    const answer = await fetch(path, { method: "POST", cache: "no-store", body: JSON.stringify(body || {}),
      headers: { "Content-Type": "application/json", "X-PNP-Token": token } });
    const data = await answer.json().catch(() => ({ error: answer.statusText }));
    if (!answer.ok) throw new Error(data.error || answer.statusText);
    return data;
  }

  function query(fig, extra = {}) {
    const d = fig.dataset;
    return new URLSearchParams({ kit: d.kit, component: d.component, page: d.n, ...extra }).toString();
  }

  async function facesOf(fig) {
    const key = `${PNP.state.version}/${fig.dataset.kit}/${fig.dataset.component}/${fig.dataset.n}`;
    if (!pages.has(key)) pages.set(key, getJSON(`/studio/page?${query(fig)}`));
    return (await pages.get(key)).faces;
  }

  function pagePoint(fig, event) {
    const img = fig.querySelector("img"), rect = img.getBoundingClientRect();
    return [(event.clientX - rect.left) / rect.width * Number(fig.dataset.w),
      (event.clientY - rect.top) / rect.height * Number(fig.dataset.h)];
  }

  function local(face, [px, py]) {  // a page point in the face's own coordinates
    const [x0, y0] = face.trim, [w, h] = face.size;
    const lx = px - x0, ly = py - y0;
    return face.rotate === 180 ? [w - lx, h - ly] : [lx, ly];
  }

  function inside([x, y], [x0, y0, x1, y1]) { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }

  function hit(face, point) {  // the topmost element drawn under the point
    for (const element of [...face.elements].reverse()) {
      const [x, y, w, h] = element.box, ink = element.ink || [x, y, x + w, y + h];
      if (inside(point, [x, y, x + w, y + h]) || inside(point, ink)) return element;
    }
    return null;
  }

  async function pick(fig, event) {
    if (!PNP.state.studio) return;
    const point = pagePoint(fig, event);
    if (["rulebook", "tuckbox"].includes(fig.dataset.kind) && PNP.rulesPick) return PNP.rulesPick(fig, point);  // (rules.js)
    let faces;
    try { faces = await facesOf(fig); } catch (error) { return reveal(error.message); }
    if (!faces.length) return reveal(fig.dataset.kind === "sheet" ? "The board's assembly map: click a tile's page " +
      "to inspect the board." : "This page is not mapped (edit its YAML; the report links to it).");
    const b = f => f.side === "page" ? 0 : 8;
    const place = faces.find(f => inside(point, f.trim)) ||
      faces.find(f => inside(point, [f.trim[0] - b(f), f.trim[1] - b(f), f.trim[2] + b(f), f.trim[3] + b(f)]));
    if (!place) return;
    let face;
    try { face = await getJSON(`/studio/face?${query(fig, { slot: place.slot })}`); } catch (error) { return reveal(error.message); }
    const element = hit(face, local(face, point));
    select(fig, face, element ? element.name : null);
  }

  function select(fig, face, name) {
    selected = { fig, face, element: name, pending: null };
    document.getElementById("tab-inspector").hidden = false;
    PNP.tab("inspector");
    draw();
    describe();
  }
  PNP.select = (fig, face, name) => select(fig, face, name);
  PNP.selected = () => selected;

  function current() { return selected && selected.face.elements.find(e => e.name === selected.element); }

  function scale(fig) { return fig.querySelector("img").getBoundingClientRect().width / Number(fig.dataset.w); }

  function pageBox(face, [x, y, w, h]) {  // a face box, on the page (top-down points)
    const [x0, y0] = face.trim, [fw, fh] = face.size;
    return face.rotate === 180 ? [x0 + fw - x - w, y0 + fh - y - h, w, h] : [x0 + x, y0 + y, w, h];
  }

  function draw() {
    const { fig, face } = selected || {};
    const sheet = selected && fig.isConnected ? fig.querySelector(".sheet") : null;
    for (const old of document.querySelectorAll(".selection, .face-outline")) if (old.parentNode !== sheet) old.remove();
    if (!sheet) return;
    const k = scale(fig), at = ([x, y, w, h]) => `left:${x * k}px;top:${y * k}px;width:${w * k}px;height:${h * k}px;`;
    let outline = sheet.querySelector(".face-outline");
    if (!outline) sheet.append(outline = el("div", { class: "face-outline" }));
    outline.style.cssText = at(pageBox(face, [0, 0, face.size[0], face.size[1]]));
    const element = current();
    let box = sheet.querySelector(".selection");
    if (box && (!element || box.dataset.element !== element.name)) { box.remove(); box = null; }
    if (!element) return;
    if (!box) {  // made once per selection: a drag keeps its pointer on it
      box = el("div", { class: "selection", title: `${element.name}: drag to move, the corner to resize; arrows nudge` });
      box.dataset.element = element.name;
      const grip = el("span", { class: "grip", title: "drag to resize" });
      box.append(el("span", { class: "label", text: element.name }), grip);
      sheet.append(box);
      dragging(box, grip);
    }
    const p = selected.pending || { dx: 0, dy: 0, dw: 0, dh: 0 }, b = element.box;
    box.style.cssText = at(pageBox(face, [b[0] + p.dx, b[1] + p.dy, b[2] + p.dw, b[3] + p.dh])) +
      `transform:rotate(${element.rotate || 0}deg)`;
  }

  function dragging(box, grip) {
    box.addEventListener("pointerdown", event => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.stopPropagation();
      const resize = event.target === grip, start = [event.clientX, event.clientY], k = scale(selected.fig);
      const flip = selected.face.rotate === 180 ? -1 : 1;
      box.setPointerCapture(event.pointerId);
      const move = e => {
        const dx = (e.clientX - start[0]) / k * flip, dy = (e.clientY - start[1]) / k * flip;
        selected.pending = resize ? { dx: 0, dy: 0, dw: dx, dh: dy } : { dx, dy, dw: 0, dh: 0 };
        draw();
      };
      const up = e => {
        box.removeEventListener("pointermove", move);
        box.removeEventListener("pointerup", up);
        move(e);
        const p = selected.pending;
        if (p && Math.hypot(p.dx + p.dw, p.dy + p.dh) > 0.2) { p.snap = !e.altKey; commit(); }
        else { selected.pending = null; draw(); }
      };
      box.addEventListener("pointermove", move);
      box.addEventListener("pointerup", up);
    });
  }

  function values(element, p) {  // the new values of an element moved by (dx, dy) or resized by (dw, dh)
    const keys = element.keys, out = {}, grid = 0.5 * MM;  // a drag lands on whole half millimetres (Alt: anywhere)
    const snapped = (value, d) => (p.snap && d ? Math.round(value / grid) * grid : value);
    const raw = values_(element, p);
    for (const [key, value] of Object.entries(raw)) out[key] = snapped(value, true);
    return out;
  }

  function values_(element, p) {
    const keys = element.keys, out = {};
    if (element.type === "line") {
      for (const [key, d] of [["x", p.dx], ["y", p.dy], ["x2", p.dx + p.dw], ["y2", p.dy + p.dh]]) {
        if (d) out[key] = keys[key].value + d;
      }
      return out;
    }
    if (p.dx) out.x = keys.x.value + p.dx;
    if (p.dy) out.y = keys.y.value + p.dy;
    if (p.dw || (p.dx && keys.w.text === null)) out.w = keys.w.value + p.dw;  // a box to the edge keeps its size
    if (p.dh || (p.dy && keys.h.text === null)) out.h = keys.h.value + p.dh;
    return out;
  }

  let timer = null;
  function commit(delay = 0) {
    clearTimeout(timer);
    timer = setTimeout(send, delay);
  }

  async function send(extra) {
    const element = current();
    if (!element) return;
    const p = selected.pending || { dx: 0, dy: 0, dw: 0, dh: 0 };
    const changed = extra || values(element, p);
    if (!Object.keys(changed).length) return;
    const { face, fig } = selected;
    const body = { kit: fig.dataset.kit, component: face.component, page: face.page, slot: face.slot,
      element: element.name, values: changed, open: [...opened] };
    try {
      const answer = await post("/studio/edit", body);
      tell(`wrote ${answer.files.join(", ")}`);
      for (const [key, value] of Object.entries(changed)) element.keys[key].value = value;  // until the rebuild
      if (!extra) {
        element.box = [element.box[0] + p.dx, element.box[1] + p.dy, element.box[2] + p.dw, element.box[3] + p.dh];
      }
    } catch (error) {
      tell(error.message, true);
    }
    selected.pending = null;
    draw();
    describe();
  }

  function tell(text, bad = false) {
    note.textContent = text;
    note.classList.toggle("bad", bad);
    note.title = text;
  }

  function show(text) {
    inspector.replaceChildren(el("p", { class: "refused", text }));
  }

  function reveal(text) {  // the inspector, saying `text` (null: left to the caller)
    document.getElementById("tab-inspector").hidden = false;
    PNP.tab("inspector");
    if (text !== null) show(text);
  }
  PNP.reveal = reveal;

  function mm(value, unit) {
    if (unit === "°") return `${Math.round(value)}°`;
    return `${(value / MM).toFixed(2).replace(/\.?0+$/, "")} mm`;
  }

  function describe() {
    if (!selected) return;
    const { face, fig } = selected, element = current();
    const where = `${fig.dataset.component}, page ${face.page}` + (face.card ? `, card ${face.card} (${face.side})` : "");
    const blocks = [el("p", { class: "where-am-i", text: where }),
      el("p", {}, el("span", { text: `layout ${face.layout} · ` }), PNP.whereLink(face.layout_at.file, face.layout_at.line, face.layout_at.col))];
    if (element) blocks.push(elementBlock(element));
    else blocks.push(el("p", { class: "empty", text: "No element under the click: the face itself is selected." }));
    blocks.push(el("h3", { text: face.card ? "Card fields" : "Page fields" }), fieldList(face.fields));
    const elements = el("ul", { class: "elements" }, ...face.elements.map(e => {
      const item = el("li", { class: e.name === selected.element ? "on" : "" },
        el("button", { type: "button", text: e.name }), el("span", { text: ` ${e.type}` }));
      item.querySelector("button").addEventListener("click", () => select(fig, face, e.name));
      return item;
    }));
    const view = el("button", { type: "button", class: "wide", text: "Card view and last two builds" });
    view.addEventListener("click", () => PNP.cardview && PNP.cardview(fig, face));
    blocks.push(el("h3", { text: "Elements, in drawing order" }), elements, view);
    inspector.replaceChildren(...blocks);
  }
  PNP.fieldList = fieldList;

  function elementBlock(element) {
    const block = el("div", { class: "element" },
      el("h3", {}, el("span", { text: element.name }), el("small", { text: ` ${element.type}` })),
      el("p", {}, el("span", { text: "defined at " }), PNP.whereLink(element.at.file, element.at.line, element.at.col)));
    const rows = Object.entries(element.keys).map(([key, spot]) => keyRow(element, key, spot));
    block.append(el("table", { class: "keys" }, el("tbody", {}, ...rows)));
    const turn = el("button", { type: "button", text: "Turn 90°", title: "R" });
    turn.addEventListener("click", () => rotate(90));
    if (element.type !== "line") block.append(turn);
    block.append(el("p", { class: "hint", text: "Drag it on the page; arrows move 1 mm (Alt: 0.1 mm), Shift+arrows resize; R turns." }));
    return block;
  }

  function keyRow(element, key, spot) {
    const written = spot.text === null ? el("em", { text: "not written" }) : el("code", { text: spot.text });
    const row = el("tr", { class: spot.editable ? "" : "locked" }, el("th", { text: key }),
      el("td", {}, written, el("span", { class: "value", text: ` = ${mm(spot.value, spot.unit)}` })),
      el("td", {}, PNP.whereLink(spot.file, spot.line, spot.col)));
    if (!spot.editable && spot.why) {
      const why = el("td", { class: "why", colspan: "3", text: spot.why });
      const parent = spot.layout && spot.layout !== selected.face.layout && !opened.has(spot.layout) ? spot.layout : null;
      if (parent) {
        const open = el("button", { type: "button", text: `Open ${parent}` });
        open.addEventListener("click", () => openLayout(parent));
        why.append(" ", open);
      }
      return [row, el("tr", { class: "locked" }, why)];
    }
    return row;
  }

  function fieldList(fields) {
    return el("ul", { class: "fields" }, ...fields.map(f => el("li", {}, el("strong", { text: f.name }),
      el("span", { text: ` ${f.value} ` }), f.file ? PNP.whereLink(f.cell ? `${f.file}!${f.cell}` : f.file, f.cell ? null : f.line, f.col) : null)));
  }

  function openLayout(name) {
    opened.add(name);
    sessionStorage.setItem("pnp-opened", JSON.stringify([...opened]));
    tell(`${name} opened: its values are written there, for every layout that extends it`);
    reload();
  }

  function rotate(by) {
    const element = current();
    if (!element || element.type === "line") return;
    const key = Object.keys(element.keys).find(k => k === "angle" || k === "rotate");
    send({ [key]: ((element.keys[key].value || 0) + by) % 360 });
  }

  async function reload() {  // the selection again, after a build
    if (!selected) return;
    const { fig, face } = selected;
    const now = document.getElementById(fig.id);
    if (!now) { selected = null; return draw(); }
    try {
      const fresh = await getJSON(`/studio/face?${query(now, { slot: face.slot })}`);
      selected = { fig: now, face: fresh, element: selected.element, pending: null };
    } catch (error) {
      show(error.message);
      return;
    }
    draw();
    describe();
  }

  document.getElementById("pages").addEventListener("click", event => {
    const img = event.target.closest("figure.page img");
    if (img) pick(img.closest("figure.page"), event);
  });

  document.addEventListener("keydown", event => {
    if (event.target.closest("input, textarea, select") || !selected) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      return event.shiftKey ? history("redo") : history("undo");
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "y") return history("redo");
    const element = current();
    if (!element) return;
    if (event.key === "r" || event.key === "R") return rotate(90);
    if (event.key === "Escape") { selected = null; draw(); return; }
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!steps) return;
    event.preventDefault();
    const step = (event.altKey ? 0.1 : 1) * MM;
    const p = selected.pending || { dx: 0, dy: 0, dw: 0, dh: 0 };
    if (event.shiftKey) { p.dw += steps[0] * step; p.dh += steps[1] * step; }
    else { p.dx += steps[0] * step; p.dy += steps[1] * step; }
    selected.pending = p;
    draw();
    commit(350);  // nudges in a row are one edit
  });

  async function history(which) {
    try {
      const answer = await post(`/studio/${which}`);
      tell(`${which === "undo" ? "undid" : "redid"} ${answer.label} in ${answer.files.join(", ")}`);
      counts(answer.history);
    } catch (error) {
      tell(error.message, true);
    }
  }
  document.getElementById("undo").addEventListener("click", () => history("undo"));
  document.getElementById("redo").addEventListener("click", () => history("redo"));

  function counts(history) {
    if (!history) return;
    document.getElementById("undo").disabled = !history.undo;
    document.getElementById("redo").disabled = !history.redo;
  }

  let seen = -1;
  PNP.hooks.push(state => {
    document.getElementById("history").hidden = !state.studio;
    counts(state.history);
    if (state.version !== seen) {
      seen = state.version;
      pages.clear();
      reload();
    }
  });
  window.addEventListener("resize", draw);
})();
