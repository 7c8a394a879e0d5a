// pnp preview: the pages of the watched kits beside their check report, refreshed after every build.
// The state comes from /state; /events says when a build (or the check after it) changed it. A page
// keeps its <img> while its version is the same; a new version is loaded aside and swapped in when
// ready (no flicker). `PNP` is what studio.js and cardview.js share with this file: the state, the
// helpers, the side panel's tabs (a new tab is a button and a panel in index.html) and the hooks
// called after each render.
"use strict";

const ZOOM = { fit: 250 / 595.28, card: 96 / 72, double: 192 / 72 };  // CSS pixels per point
const main = document.getElementById("pages");
const report = document.getElementById("report");
const PNP = window.PNP = { state: null, hooks: [], el: null, editorHref: null, tab: null, zoom: () => zoom };
const status = document.getElementById("status");
let zoom = localStorage.getItem("pnp-zoom") || "fit";
let state = null;
const figures = new Map();  // "kit/pdf/n" -> <figure>

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "style") node.style.cssText = value;  // (through the CSSOM: the page's CSP allows no inline style)
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

PNP.el = el;

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

function redrawn(file) { return file.status === "rebuilt" && state.changed.length > 0; }

function pageLabel(file, n) {
  if (file.kind === "deck" && (file.backs === "long-edge" || file.backs === "short-edge")) {
    return `sheet ${Math.ceil(n / 2)} · ${n % 2 ? "fronts" : "backs"}`;
  }
  if (file.kind === "deck" && file.backs === "fold") return `sheet ${n} · fold`;
  return `page ${n}`;
}

function fileMeta(file) {
  const parts = [file.kind === "deck" ? plural(file.cards, "card")
    : file.kind === "rulebook" ? (file.backs && file.backs !== "none" ? "booklet, imposed" : "rulebook")
    : file.kind === "tuckbox" ? "tuck box" : "sheet"];
  if (file.card_size_mm) parts.push(`${file.card_size_mm[0]} × ${file.card_size_mm[1]} mm`);
  if (file.per_page) parts.push(`${file.per_page} per sheet`);
  if (file.kind === "deck") parts.push(file.backs === "none" ? "no backs" : `backs: ${file.backs}`);
  parts.push(plural(file.pages.length, "page"));
  return parts.join(" · ");
}

function editorHref(file, line, col) {
  if (!file || !state || !state.root || !state.editor) return null;
  const path = encodeURI(`${state.root.replace(/\/+$/, "")}/${file}`);
  return state.editor.replaceAll("{path}", path).replaceAll("{line}", String(line || 1)).replaceAll("{col}", String(col || 1));
}
PNP.editorHref = editorHref;

function whereLink(file, line, col) {
  const text = file ? (line ? `${file}:${line}:${col}` : file) : "";
  const href = editorHref(file, line, col);
  return href ? el("a", { class: "where", href, title: "Open in the editor", text }) : el("code", { text });
}
PNP.whereLink = whereLink;

function problemItem(problem) {
  return el("li", { class: problem.severity }, whereLink(problem.cell ? `${problem.file}!${problem.cell}` : problem.file,
    problem.cell ? null : problem.line, problem.col), el("span", { text: " " + problem.text }));
}

function sizeFigure(img, page) {
  img.style.width = `${Math.round(page.w * ZOOM[zoom])}px`;
  img.style.aspectRatio = `${page.w} / ${page.h}`;
}

function figure(file, page, fresh) {
  const key = `${file.id}/${page.n}`;
  let fig = figures.get(key);
  if (!fig) {
    const img = el("img", { alt: `${file.name}, ${pageLabel(file, page.n)}`, loading: "lazy", decoding: "async" });
    fig = el("figure", { class: "page", id: `p-${key.replace(/[^A-Za-z0-9-]/g, "-")}` },
      el("div", { class: "sheet" }, img), el("figcaption", { text: pageLabel(file, page.n) }));
    figures.set(key, fig);
  }
  const img = fig.querySelector("img");
  Object.assign(fig.dataset, { kit: file.id.split("/")[0], stem: file.id.split("/")[1], component: file.component,
    kind: file.kind, n: String(page.n), w: String(page.w), h: String(page.h), version: page.version });
  sizeFigure(img, page);
  if (img.dataset.version !== page.version) {
    const first = !img.dataset.version;
    img.dataset.version = page.version;
    if (first) img.src = page.src;
    else swap(img, page.src);
    if (!first && fresh) flash(fig);
  }
  return fig;
}

function swap(img, src) {
  const next = new Image();
  next.onload = next.onerror = () => { if (img.dataset.wanted === src) img.src = src; };
  img.dataset.wanted = src;
  next.src = src;
}

function flash(fig) {
  fig.classList.remove("fresh");
  void fig.offsetWidth;  // restart the animation
  fig.classList.add("fresh");
}

function kitSection(kit, seen) {
  const section = el("section", { class: "kit", id: `kit-${kit.kit}` },
    el("h2", {}, el("span", { text: kit.title || kit.kit }), el("small", { text: kit.path })));
  if (kit.stale) {
    const box = el("div", { class: "broken", role: "alert" },
      el("h3", { text: kit.ok ? "Nothing written: another watched kit has errors" : "This save does not build" }),
      el("p", { text: `The pages are hidden until it does; the last good PDFs stay on disk.` }));
    if (kit.errors.length) box.append(el("ul", { class: "problems" }, ...kit.errors.map(problemItem)));
    section.append(box);
    return section;
  }
  for (const file of kit.files) {
    const head = el("div", { class: "component-head" },
      el("h3", { text: file.component }), el("span", { class: "meta", text: fileMeta(file) }),
      redrawn(file) ? el("span", { class: "badge", text: "redrawn" }) : null);
    const grid = el("div", { class: "grid" });
    for (const page of file.pages) {
      grid.append(figure(file, page, file.status === "rebuilt"));
      seen.add(`${file.id}/${page.n}`);
    }
    section.append(el("div", { class: "component", id: `c-${file.id.replace(/[^A-Za-z0-9-]/g, "-")}`, "data-kind": file.kind },
      head, grid));
  }
  if (!kit.files.length) section.append(el("p", { class: "empty", text: "No page yet." }));
  else if (!kit.files.some(f => f.kind === "rulebook")) {  // (shown in the Rules view only: style.css)
    section.append(el("p", { class: "empty no-rules", text: "This kit has no rulebook (a component of kind: rulebook)." }));
  }
  return section;
}

function renderPages() {
  const seen = new Set();
  const blocks = [];
  if (state.failure) blocks.push(el("div", { class: "broken", role: "alert" }, el("h3", { text: "pnp failed" }),
    el("p", { text: state.failure })));
  if (state.problems.length) blocks.push(el("div", { class: "broken", role: "alert" },
    el("h3", { text: "The project does not load" }), el("ul", { class: "problems" }, ...state.problems.map(problemItem))));
  for (const kit of state.kits) blocks.push(kitSection(kit, seen));
  main.replaceChildren(...blocks);
  for (const key of [...figures.keys()]) if (!seen.has(key)) figures.delete(key);
}

function checkOf(kit) {
  // What `pnp check` reported of this build, once it ran; until then, the build's own problems.
  const check = state.check && state.check.version === state.version ? state.check.kits[kit.kit] : null;
  return check ? { ...check, done: true } : { errors: kit.errors, warnings: kit.warnings, done: false };
}

function kitReport(kit) {
  const check = checkOf(kit);
  const errors = check.errors.length, warnings = check.warnings.length;
  const verdict = errors ? plural(errors, "error") : warnings ? plural(warnings, "warning")
    : check.done || !state.checks ? "checked" : "checking…";
  const box = el("div", { class: `kit-report ${errors ? "bad" : warnings ? "warn" : "good"}` },
    el("div", { class: "kit-line" }, el("a", { href: `#kit-${kit.kit}`, text: kit.title || kit.kit }),
      el("span", { class: "verdict", text: verdict })));
  const problems = check.errors.concat(check.warnings);
  if (problems.length) box.append(el("ul", { class: "problems" }, ...problems.map(problemItem)));
  if (!kit.stale) {
    const list = el("ul", { class: "components" });
    for (const file of kit.files) {
      list.append(el("li", {}, el("a", { href: `#c-${file.id.replace(/[^A-Za-z0-9-]/g, "-")}`, text: file.component }),
        el("span", { text: ` ${fileMeta(file)}` }),
        redrawn(file) ? el("em", { text: " · redrawn" }) : null));
    }
    box.append(list);
  }
  return box;
}

function renderReport() {
  const changed = state.changed.length ? state.changed.join(", ") : "first build";
  const head = state.check && state.check.version === state.version ? state.check.problems : state.problems;
  report.replaceChildren(...[
    el("h2", { text: "Check report" }),
    state.checks ? el("p", { class: "checked-by", text: state.check && state.check.version === state.version
      ? "what pnp check reports of this build, play-outs included" : "pnp check runs after the build…" }) : null,
    head.length ? el("ul", { class: "problems" }, ...head.map(problemItem)) : null,
    el("p", { class: "build" }, el("strong", { id: "build-number", text: `build ${state.version}` }),
      el("span", { text: ` · ${state.clock} · ${state.seconds.toFixed(2)} s` })),
    el("p", { class: "changed", text: changed }),
    ...state.kits.map(kitReport),
    el("p", { class: "watching", text: `watching ${state.watching.join(", ") || "every kit"}` })].filter(Boolean));
}

function render() {
  PNP.state = state;
  document.body.dataset.version = String(state.version);
  document.body.dataset.checked = String(state.check ? state.check.version : 0);
  document.body.dataset.studio = String(Boolean(state.studio));
  document.body.classList.toggle("failing", !state.ok);
  status.textContent = state.ok ? `build ${state.version} · ok` : `build ${state.version} · errors`;
  status.className = `status ${state.ok ? "ok" : "bad"}`;
  renderPages();
  renderReport();
  for (const hook of PNP.hooks) hook(state);
}

async function refresh() {
  const answer = await fetch("/state", { cache: "no-store" });
  const next = await answer.json();
  const checked = s => (s && s.check ? s.check.version : 0);
  if (!state || next.version !== state.version) {
    state = next;
    render();
  } else if (checked(next) !== checked(state) || JSON.stringify(next.history) !== JSON.stringify(state.history)) {
    state = next;
    PNP.state = state;
    document.body.dataset.checked = String(checked(state));
    renderReport();
    for (const hook of PNP.hooks) hook(state);
  }
}
PNP.refresh = refresh;

function showTab(name) {
  for (const button of document.querySelectorAll(".tabs button")) button.classList.toggle("on", button.dataset.tab === name);
  for (const panel of document.querySelectorAll("#side .panel")) panel.hidden = panel.dataset.panel !== name;
}
PNP.tab = showTab;
for (const button of document.querySelectorAll(".tabs button")) button.addEventListener("click", () => showTab(button.dataset.tab));

function setZoom(name) {
  zoom = name;
  localStorage.setItem("pnp-zoom", name);
  document.body.dataset.zoom = name;
  for (const button of document.querySelectorAll(".zoom button")) button.classList.toggle("on", button.dataset.zoom === name);
  if (state) renderPages();
}

for (const button of document.querySelectorAll(".zoom button")) button.addEventListener("click", () => setZoom(button.dataset.zoom));
setZoom(zoom in ZOOM ? zoom : "fit");

const events = new EventSource("/events");
events.addEventListener("build", () => refresh().catch(() => {}));
events.addEventListener("check", () => refresh().catch(() => {}));
events.onerror = () => { status.textContent = "reconnecting…"; status.className = "status lost"; };
events.onopen = () => refresh().catch(() => {});
