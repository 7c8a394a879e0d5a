// pnp preview: the Rules view and the rulebook's figures. The bar's view buttons show every
// component, the material alone (decks, sheets, boxes) or the rulebooks alone (their pages refresh
// after each build as the others do). A click on a figure of a rulebook's page shows the card (or
// sheet page) it draws in the inspector, its fields and where its YAML is written, and opens that
// YAML in the editor at the card's line. Where each figure's faces lie comes from /studio/page
// (`figures`: their corners on the page, in points from its top-left corner). A tuck box's page is
// mapped the same way: a click on a piece of its net shows the box's lines and its art card, and
// opens the box's YAML.
"use strict";

(() => {
  const PNP = window.PNP, el = PNP.el;
  const VIEWS = ["all", "material", "rules"];
  const inspector = document.getElementById("inspector");
  const maps = new Map();  // "build/kit/component/n" -> the figures on the page
  let view = localStorage.getItem("pnp-view");

  function setView(name) {
    view = VIEWS.includes(name) ? name : "all";
    localStorage.setItem("pnp-view", view);
    document.body.dataset.view = view;
    for (const button of document.querySelectorAll(".views button")) button.classList.toggle("on", button.dataset.view === view);
  }
  for (const button of document.querySelectorAll(".views button")) button.addEventListener("click", () => setView(button.dataset.view));
  setView(view);

  async function figuresOf(fig) {
    const d = fig.dataset, key = `${PNP.state.version}/${d.kit}/${d.component}/${d.n}`;
    if (!maps.has(key)) {
      const query = new URLSearchParams({ kit: d.kit, component: d.component, page: d.n }).toString();
      maps.set(key, fetch(`/studio/page?${query}`, { cache: "no-store" }).then(async answer => {
        const data = await answer.json();
        if (!answer.ok) throw new Error(data.error || answer.statusText);
        return data.figures || [];
      }));
    }
    return maps.get(key);
  }

  function within([x, y], corners) {  // the point inside the (turned) quadrilateral
    let inside = false;
    for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
      const [xi, yi] = corners[i], [xj, yj] = corners[j];
      if ((yi > y) !== (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }

  function outline(fig, spot) {
    for (const old of document.querySelectorAll(".figure-outline")) old.remove();
    const sheet = fig.querySelector(".sheet"), w = Number(fig.dataset.w), h = Number(fig.dataset.h);
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "figure-outline");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("preserveAspectRatio", "none");
    const shape = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
    shape.setAttribute("points", spot.corners.map(([x, y]) => `${x},${y}`).join(" "));
    svg.append(shape);
    sheet.append(svg);
  }

  function open(at) {  // the card's YAML in the editor, at its line
    const href = at && at.file ? PNP.editorHref(at.file, at.line, at.col) : null;
    if (!href) return;
    document.body.dataset.opened = href;
    el("a", { href }).click();
  }

  function describeBox(fig, spot) {
    const at = spot.at || {}, box = spot.figure_at;
    PNP.reveal(null);
    inspector.replaceChildren(
      el("p", { class: "where-am-i", text: `${fig.dataset.component}, page ${fig.dataset.n}: the tuck box ${spot.box}` }),
      el("p", {}, el("span", { text: "written at " }), PNP.whereLink(box.file, box.line, box.col)),
      PNP.fieldList(spot.keys),
      el("div", { class: "element" }, el("h3", { text: `its art: card ${spot.card} of ${spot.component} (${spot.side})` }),
        el("p", {}, el("span", { text: "the card's YAML: " }), PNP.whereLink(at.file, at.line, at.col))),
      el("h3", { text: "Card fields" }), PNP.fieldList(spot.fields));
  }

  function describe(fig, spot) {
    const what = spot.card ? `card ${spot.card} of ${spot.component} (${spot.side})` : `${spot.component}, page ${spot.page}`;
    const at = spot.at || {}, figure = spot.figure_at;
    PNP.reveal(null);
    inspector.replaceChildren(
      el("p", { class: "where-am-i", text: `${fig.dataset.component}, page ${fig.dataset.n}: a figure` }),
      el("p", {}, el("span", { text: "written at " }), PNP.whereLink(figure.file, figure.line, figure.col)),
      el("div", { class: "element" }, el("h3", { text: what }),
        el("p", {}, el("span", { text: spot.card ? "the card's YAML: " : "the sheet's YAML: " }),
          PNP.whereLink(at.file, at.line, at.col))),
      el("h3", { text: spot.card ? "Card fields" : "Page fields" }), PNP.fieldList(spot.fields));
  }

  PNP.rulesPick = async (fig, point) => {
    let figures;
    try { figures = await figuresOf(fig); } catch (error) { return PNP.reveal(error.message); }
    const spot = [...figures].reverse().find(f => within(point, f.corners));  // the topmost
    const box = fig.dataset.kind === "tuckbox";
    if (!spot) {
      for (const old of document.querySelectorAll(".figure-outline")) old.remove();
      return PNP.reveal(box ? "Click the box's net: its YAML opens in the inspector and in the editor."
        : figures.length ? "Click a figure: the card it draws opens in the inspector and in the editor."
        : "No figure of the kit's material on this page (a booklet's pages are imposed: click the figures of the flat rulebook).");
    }
    outline(fig, spot);
    if (box) describeBox(fig, spot);
    else describe(fig, spot);
    open(box ? spot.figure_at : spot.at);
  };

  let seen = -1;
  PNP.hooks.push(state => {
    if (state.version === seen) return;
    seen = state.version;
    maps.clear();
    for (const old of document.querySelectorAll(".figure-outline")) old.remove();
  });
})();
