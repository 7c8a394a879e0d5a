// pnp card view: one face large, its fields and elements listed (an element's box drawn on it when
// its name is pointed at), and side by side the same slot of the previous build of its PDF with
// the pixels that differ. The face is cut from the rendered page by the server (/cards/…), in its
// bleed, at 288 dpi.
"use strict";

(() => {
  const PNP = window.PNP, el = PNP.el;
  const view = document.getElementById("cardview");
  let shown = null;  // {fig, face}

  function source(fig, face, version) {
    const d = fig.dataset;
    return `/cards/${encodeURIComponent(d.kit)}/${encodeURIComponent(d.stem)}/${encodeURIComponent(face.component)}` +
      `/${face.page}/${face.slot}.png?v=${encodeURIComponent(version)}`;
  }

  function previousVersion(fig, face) {
    for (const kit of PNP.state.kits) {
      const file = (kit.files || []).find(f => f.id === `${fig.dataset.kit}/${fig.dataset.stem}`);
      const page = file && (file.previous || []).find(p => p.n === face.page);
      const now = file && file.pages.find(p => p.n === face.page);
      if (page && now && page.version !== now.version) return page.version;
    }
    return null;
  }

  function picture(src, caption, face) {
    const img = el("img", { src, alt: caption });
    const frame = el("div", { class: "card-frame" }, img);
    const figure = el("figure", { class: "card-big" }, frame, el("figcaption", { text: caption }));
    figure.dataset.w = String(face.size[0] + 2 * face.bleed);
    return figure;
  }

  function outline(figure, face, element) {
    for (const old of figure.querySelectorAll(".element-box")) old.remove();
    if (!element) return;
    const img = figure.querySelector("img"), k = img.clientWidth / (face.size[0] + 2 * face.bleed);
    const [x, y, w, h] = element.box;
    figure.querySelector(".card-frame").append(el("div", { class: "element-box", style:
      `left:${(x + face.bleed) * k}px;top:${(y + face.bleed) * k}px;width:${w * k}px;height:${h * k}px;` +
      `transform:rotate(${element.rotate || 0}deg)` }));
  }

  async function difference(target, before, after) {
    const load = src => new Promise((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = reject;
      img.src = src;
    });
    const [a, b] = await Promise.all([load(before), load(after)]);
    const canvas = el("canvas", { width: String(b.naturalWidth), height: String(b.naturalHeight), class: "diff" });
    const g = canvas.getContext("2d");
    g.drawImage(a, 0, 0);
    g.globalCompositeOperation = "difference";
    g.drawImage(b, 0, 0);
    const data = g.getImageData(0, 0, canvas.width, canvas.height), px = data.data;
    let changed = 0;
    for (let i = 0; i < px.length; i += 4) {
      const d = px[i] + px[i + 1] + px[i + 2] > 24;
      changed += d ? 1 : 0;
      px[i] = d ? 214 : 250; px[i + 1] = d ? 38 : 248; px[i + 2] = d ? 30 : 244; px[i + 3] = 255;
    }
    g.putImageData(data, 0, 0);
    const share = (100 * changed / (canvas.width * canvas.height)).toFixed(1);
    target.replaceChildren(canvas, el("figcaption", { text: `what changed: ${share} % of the pixels` }));
    target.dataset.changed = share;
  }

  function open(fig, face) {
    shown = { fig, face };
    const now = fig.dataset.version, before = previousVersion(fig, face);
    const title = face.card ? `card ${face.card} · ${face.side}` : `page ${face.page}`;
    const close = el("button", { type: "button", class: "close", text: "Close", title: "Esc" });
    close.addEventListener("click", hide);
    const current = picture(source(fig, face, now), `this build (${PNP.state.version})`, face);
    const row = el("div", { class: "card-row" }, current);
    if (before) {
      row.prepend(picture(source(fig, face, before), "the previous build of this page (same slot)", face));
      const diff = el("figure", { class: "card-big card-diff" }, el("p", { class: "empty", text: "comparing…" }));
      row.append(diff);
      difference(diff, source(fig, face, before), source(fig, face, now)).catch(() => diff.replaceChildren(
        el("p", { class: "empty", text: "the two builds could not be compared" })));
    } else {
      row.append(el("p", { class: "empty no-previous", text: "No earlier build of this page in this session: edit and save to compare." }));
    }
    const elements = el("ul", { class: "elements" }, ...face.elements.map(element => {
      const item = el("li", {}, el("button", { type: "button", text: element.name }),
        el("span", { text: ` ${element.type} · ${element.box.slice(0, 2).map(v => (v / (72 / 25.4)).toFixed(1)).join(", ")} mm` }));
      item.addEventListener("mouseenter", () => outline(current, face, element));
      item.addEventListener("mouseleave", () => outline(current, face, null));
      item.querySelector("button").addEventListener("click", () => { hide(); PNP.select(fig, face, element.name); });
      return item;
    }));
    view.replaceChildren(el("header", {}, el("h2", { text: `${face.component} · ${title}` }),
      el("span", { class: "meta", text: `layout ${face.layout}` }), close),
      row, el("div", { class: "card-lists" },
        el("div", {}, el("h3", { text: "Fields" }), PNP.fieldList(face.fields)),
        el("div", {}, el("h3", { text: "Elements" }), elements)));
    view.hidden = false;
  }

  function hide() {
    view.hidden = true;
    shown = null;
  }

  PNP.cardview = open;
  document.addEventListener("keydown", event => { if (event.key === "Escape" && shown) hide(); });
  let seen = -1;
  PNP.hooks.push(state => {
    if (shown && !shown.fig.isConnected) hide();
    else if (shown && state.version !== seen) open(shown.fig, shown.face);  // the new build beside the last
    seen = state.version;
  });
})();
