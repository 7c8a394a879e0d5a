// pnp preview: the pages of the watched kits beside their check report, refreshed after every build.
// The state comes from /state; /events says when a build changed it. A page keeps its <img> while its
// version is the same; a new version is loaded aside and swapped in when ready (no flicker).
"use strict";

const ZOOM = { fit: 250 / 595.28, card: 96 / 72, double: 192 / 72 };  // CSS pixels per point
const main = document.getElementById("pages");
const report = document.getElementById("report");
const status = document.getElementById("status");
let zoom = localStorage.getItem("pnp-zoom") || "fit";
let state = null;
const figures = new Map();  // "kit/pdf/n" -> <figure>

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

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
  const parts = [file.kind === "deck" ? plural(file.cards, "card") : "sheet"];
  if (file.card_size_mm) parts.push(`${file.card_size_mm[0]} × ${file.card_size_mm[1]} mm`);
  if (file.per_page) parts.push(`${file.per_page} per sheet`);
  if (file.kind === "deck") parts.push(file.backs === "none" ? "no backs" : `backs: ${file.backs}`);
  parts.push(plural(file.pages.length, "page"));
  return parts.join(" · ");
}

function problemItem(problem) {
  const where = problem.file ? `${problem.file}:${problem.line}:${problem.col}` : "";
  return el("li", { class: problem.severity }, el("code", { text: where }), el("span", { text: " " + problem.text }));
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
      img, el("figcaption", { text: pageLabel(file, page.n) }));
    figures.set(key, fig);
  }
  const img = fig.querySelector("img");
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
    section.append(el("div", { class: "component", id: `c-${file.id.replace(/[^A-Za-z0-9-]/g, "-")}` }, head, grid));
  }
  if (!kit.files.length) section.append(el("p", { class: "empty", text: "No page yet." }));
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

function kitReport(kit) {
  const errors = kit.errors.length, warnings = kit.warnings.length;
  const verdict = errors ? plural(errors, "error") : warnings ? plural(warnings, "warning") : "checked";
  const box = el("div", { class: `kit-report ${errors ? "bad" : warnings ? "warn" : "good"}` },
    el("div", { class: "kit-line" }, el("a", { href: `#kit-${kit.kit}`, text: kit.title || kit.kit }),
      el("span", { class: "verdict", text: verdict })));
  const problems = kit.errors.concat(kit.warnings);
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
  report.replaceChildren(
    el("h2", { text: "Check report" }),
    el("p", { class: "build" }, el("strong", { id: "build-number", text: `build ${state.version}` }),
      el("span", { text: ` · ${state.clock} · ${state.seconds.toFixed(2)} s` })),
    el("p", { class: "changed", text: changed }),
    ...state.kits.map(kitReport),
    el("p", { class: "watching", text: `watching ${state.watching.join(", ") || "every kit"}` }));
}

function render() {
  document.body.dataset.version = String(state.version);
  document.body.classList.toggle("failing", !state.ok);
  status.textContent = state.ok ? `build ${state.version} · ok` : `build ${state.version} · errors`;
  status.className = `status ${state.ok ? "ok" : "bad"}`;
  renderPages();
  renderReport();
}

async function refresh() {
  const answer = await fetch("/state", { cache: "no-store" });
  const next = await answer.json();
  if (!state || next.version !== state.version) {
    state = next;
    render();
  }
}

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
events.onerror = () => { status.textContent = "reconnecting…"; status.className = "status lost"; };
events.onopen = () => refresh().catch(() => {});
