// The live board: one page, drawn in SVG, fed by the bot's own endpoint.
// The contract with the server is package web's (web/web.go, its State in
// web/state.go): GET api/state, POST api/act, WebSocket api/live, all
// relative to the page.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const TG = window.Telegram && window.Telegram.WebApp;
  const SVGNS = 'http://www.w3.org/2000/svg';

  // ---------- launch parameters ----------

  const launch = new URLSearchParams(location.hash.slice(1));
  const initData = launch.get('tgWebAppData') || (TG && TG.initData) || '';
  let code = new URLSearchParams(initData).get('start_param') ||
    new URLSearchParams(location.search).get('g') || '';

  // ---------- theme ----------

  const THEME_VARS = {
    bg_color: '--tg-bg', text_color: '--tg-text', hint_color: '--tg-hint',
    link_color: '--tg-link', button_color: '--tg-btn', button_text_color: '--tg-btn-text',
    secondary_bg_color: '--tg-bg2', destructive_text_color: '--tg-danger',
  };
  const darkQuery = window.matchMedia ? matchMedia('(prefers-color-scheme: dark)') : null;

  function applyTheme(tp) {
    const root = document.documentElement;
    let bg = null;
    for (const [k, v] of Object.entries(THEME_VARS)) {
      const c = tp && tp[k];
      if (typeof c === 'string' && /^#[0-9a-f]{3,8}$/i.test(c)) {
        root.style.setProperty(v, c);
        if (k === 'bg_color') bg = c;
      }
    }
    const dark = bg ? luminance(bg) < 0.45 : !!(darkQuery && darkQuery.matches);
    root.dataset.theme = dark ? 'dark' : 'light';
  }

  function luminance(hex) {
    let h = hex.slice(1);
    if (h.length < 6) h = h.split('').map((c) => c + c).join('');
    const n = parseInt(h.slice(0, 6), 16);
    return (0.2126 * (n >> 16) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
  }

  let themeParams = null;
  try { themeParams = JSON.parse(launch.get('tgWebAppThemeParams') || 'null'); } catch (e) { /* none */ }
  if (!themeParams && TG && TG.themeParams && TG.themeParams.bg_color) themeParams = TG.themeParams;
  applyTheme(themeParams);
  if (!themeParams && darkQuery && darkQuery.addEventListener) {
    darkQuery.addEventListener('change', () => applyTheme(null));
  }
  if (TG) {
    try {
      TG.ready(); TG.expand();
      if (TG.disableVerticalSwipes) TG.disableVerticalSwipes(); // dragging checkers must not close the app
      TG.onEvent('themeChanged', () => applyTheme(TG.themeParams));
    } catch (e) { /* an old client */ }
  } else {
    // Without Telegram's script, the same words straight to the client:
    // ready, take the whole height, and let a drag not close the app.
    postEvent('web_app_ready');
    postEvent('web_app_expand');
    postEvent('web_app_setup_swipe_behavior', { allow_vertical_swipe: false });
  }

  // postEvent tells the Telegram client something as its Mini App
  // protocol has it: through the app's WebView proxy on phones, or to the
  // parent window in the desktop and web clients. Outside Telegram it
  // does nothing.
  function postEvent(type, data) {
    const msg = JSON.stringify({ eventType: type, eventData: data || {} });
    try {
      if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, JSON.stringify(data || {}));
      else if (window.external && 'notify' in window.external) window.external.notify(msg);
      else if (window.parent !== window) window.parent.postMessage(msg, 'https://web.telegram.org');
    } catch (e) { /* not in Telegram */ }
  }

  // ---------- geometry ----------
  // The board is laid out in canonical coordinates: landscape 1200x800, the
  // viewer at the bottom, home quarter bottom right (as the bot's pictures).
  // Portrait transposes them (the viewer's side becomes the right column);
  // home_left mirrors the result left to right.

  const CW = 1200, CH = 800;
  const PW = 78, R = 33, D = 66, PLEN = 312;
  const LEFT0 = 24, LEFT1 = 492, RIGHT0 = 580, RIGHT1 = 1048;
  const BAR_X = 536, TRAY0 = 1064, TRAY1 = 1176, TRAY_X = 1120;
  const FY0 = 30, FY1 = 770, MID = 400;

  const lay = { portrait: false, homeLeft: false, w: CW, h: CH, key: '' };

  function map(x, y) {
    if (lay.portrait) [x, y] = [y, x];
    if (lay.homeLeft) x = lay.w - x;
    return [x, y];
  }

  function mapRect(x0, y0, x1, y1) {
    const [ax, ay] = map(x0, y0), [bx, by] = map(x1, y1);
    return { x: Math.min(ax, bx), y: Math.min(ay, by), w: Math.abs(bx - ax), h: Math.abs(by - ay) };
  }

  function pointX(k) {
    const i = k <= 12 ? k - 1 : 24 - k; // 0..11 from the right-hand corner
    return i < 6 ? RIGHT1 - PW * (i + 0.5) : LEFT1 - PW * (i - 6 + 0.5);
  }
  const pointBase = (k) => (k <= 12 ? [FY1, -1] : [FY0, 1]);
  const spacing = (n, slots) => (n <= slots ? D : (D * (slots - 1)) / (n - 1));

  // Canonical centre of the i-th checker (0 at the base) of a stack of n.
  function slotXY(where, side, i, n) {
    if (where >= 1 && where <= 24) {
      const [base, dir] = pointBase(where);
      return [pointX(where), base + dir * (R + 2 + i * spacing(n, 5))];
    }
    const dir = side === 0 ? 1 : -1;
    if (where === 'bar') return [BAR_X, MID + dir * (70 + i * spacing(n, 4))];
    // borne off: thin slabs from the owner's end of the tray
    return [TRAY_X, side === 0 ? FY1 - 14 - i * 16 : FY0 + 14 + i * 16];
  }

  // ---------- state ----------

  let S = null;           // the last state from the server
  let shown = null;       // the state on screen (S or an optimistic copy)
  let pending = false;    // an act awaiting its answer
  let animating = false;
  let hurry = false; // a tap during an animation: finish it at once
  let queued = null;      // a state that arrived during an animation
  let sel = null;         // the selected point key ('1'..'24', 'bar')
  let fatalShown = false;
  let skew = Infinity;    // local clock minus server clock, least latency seen
  let received = 0;       // Date.now() when S arrived

  // T gives a label from state.text, else an English fallback. Beyond the
  // contract's keys the page asks for a few it can do without: pips,
  // network (a failed request), match ("Match to {n}") and crawford.
  const T = (key, fallback) => (S && S.text && S.text[key]) || fallback;
  const keyOf = (n) => (n === 25 ? 'bar' : n === 0 ? 'off' : String(n));
  const numOf = (k) => (k === 'bar' ? 25 : k === 'off' ? 0 : +k);
  const isPoint = (n) => n >= 1 && n <= 24;
  const SIDE = { bottom: 0, top: 1 };

  function boardOf(st) {
    return {
      points: (st.points || []).slice(0, 24).concat(Array(24).fill(0)).slice(0, 24),
      bar: (st.bar || [0, 0]).slice(), off: (st.off || [0, 0]).slice(),
    };
  }

  // ---------- requests ----------

  const apiURL = (p) => new URL('api/' + p, location.href);

  // call returns a State to show (from a 200, or the one a 409 carries), or null.
  // quiet: a background refresh, which keeps network errors to itself.
  async function call(method, path, body, quiet) {
    let res, data = null;
    try {
      res = await fetch(apiURL(path), {
        method, cache: 'no-store',
        headers: Object.assign({ 'X-Init-Data': initData }, body ? { 'Content-Type': 'application/json' } : {}),
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      if (!quiet) toast(T('network', 'No connection'));
      return null;
    }
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    if (res.ok && data && !data.error) return data;
    const msg = (data && data.error) || ('HTTP ' + res.status);
    if (res.status === 401 || res.status === 404) { fatal(msg); return null; }
    if (!quiet) toast(msg);
    return (data && data.state) || null;
  }

  async function load(quiet) {
    const st = await call('GET', 'state' + (code ? '?g=' + encodeURIComponent(code) : ''), null, quiet);
    if (st) receive(st, !quiet);
    else if (!S && !fatalShown) setTimeout(load, 3000);
  }

  async function send(body) {
    if (pending || !S) return;
    pending = true;
    setBusy(true);
    const st = await call('POST', 'act', Object.assign({ g: S.g, counter: S.counter }, body));
    pending = false;
    setBusy(false);
    if (fatalShown) return;
    if (st) receive(st, true);
    // Show the newest state with the controls free again: the answer may
    // be older than what the live connection brought meanwhile, and a
    // failed step must be undone on screen.
    if (!animating && S) render(S);
  }

  function fatal(msg) {
    fatalShown = true;
    live.close();
    document.body.dataset.state = 'error';
    $('fatal').textContent = msg;
    $('fatal').hidden = false;
    $('app').hidden = true;
    $('loading').hidden = true;
    $('net').hidden = true;
  }

  // ---------- live updates ----------

  const live = {
    ws: null, tries: 0, timer: 0, started: false, opened: false, hiddenAt: 0,
    url() {
      const u = apiURL('live');
      u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
      u.search = '?g=' + encodeURIComponent(code) + '&init=' + encodeURIComponent(initData);
      return u.href;
    },
    open() {
      clearTimeout(this.timer);
      if (fatalShown || !code || !window.WebSocket) return;
      this.started = true;
      let ws;
      try { ws = new WebSocket(this.url()); } catch (e) { this.later(); return; }
      this.ws = ws;
      ws.onopen = () => { this.tries = 0; this.opened = true; hint(false); };
      ws.onmessage = (ev) => {
        let st;
        try { st = JSON.parse(ev.data); } catch (e) { return; }
        if (st && st.error) toast(st.error);
        else receive(st, false);
      };
      ws.onclose = () => { if (this.ws === ws) { this.ws = null; this.later(); } };
      ws.onerror = () => { try { ws.close(); } catch (e) { /* closed */ } };
    },
    later() { // backoff 1, 2, 4, 8, 10, 10 ... s
      if (fatalShown) return;
      if (this.opened || this.tries > 0) hint(true);
      const delay = Math.min(10, 2 ** this.tries) * 1000;
      this.tries++;
      clearTimeout(this.timer);
      // while the socket is down, each try also fetches the state: the board
      // stays fresh where sockets are blocked, and a refused initData shows
      this.timer = setTimeout(() => { this.open(); if (S && !pending) load(true); }, delay);
    },
    close() {
      clearTimeout(this.timer);
      const ws = this.ws;
      this.ws = null;
      if (ws) try { ws.close(); } catch (e) { /* closed */ }
    },
    restart() { this.close(); this.tries = 0; this.open(); },
  };

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) { live.hiddenAt = Date.now(); return; }
    // a phone that slept may hold a dead socket: open a fresh one
    if (!live.ws || live.ws.readyState > 1 || Date.now() - live.hiddenAt > 3000) live.restart();
  });

  function hint(on) {
    const el = $('net');
    el.textContent = T('reconnecting', 'Reconnecting…');
    el.hidden = !on || fatalShown;
  }

  // receive takes a State from any source and shows it, animating the other
  // side's new play. force: an answer to our own request.
  function receive(st, force) {
    if (!st || typeof st !== 'object' || !Array.isArray(st.points) || fatalShown) return;
    const same = S && st.g === S.g;
    if (same && st.counter < S.counter) return;             // older than the one shown
    if (same && st.counter === S.counter && pending && !force) return; // keep the optimistic step
    const now = Date.now();
    if (st.server_time) skew = Math.min(skew, now - st.server_time);
    if (animating) { queued = st; return; }
    const prev = shown;
    S = st;
    received = now;
    if (st.g && st.g !== code) { code = st.g; live.restart(); }
    else if (!live.started) live.open();
    const last = st.last;
    if (prev && same && last && last.key && (!prev.last || prev.last.key !== last.key) &&
        (last.side === 'top' || st.seat == null) && !document.hidden) {
      animatePlay(prev, st);
    } else {
      render(st);
    }
  }

  // ---------- rendering ----------

  function render(st, model) {
    shown = st;
    const body = document.body.dataset;
    body.position = st.position || '';
    body.counter = String(st.counter);
    body.dice = (st.roll || st.dice || []).join(' ');
    body.state = st.state || '';
    document.documentElement.lang = st.lang || 'en';
    $('app').hidden = false;
    $('loading').hidden = true;
    drawPlayers(st);
    drawControls(st);
    $('status').textContent = st.status && st.status !== st.result ? st.status : '';
    $('match').textContent = matchText(st);
    $('match').hidden = !st.match;
    $('result').textContent = st.result || '';
    $('result').hidden = !st.result;
    drawProof(st);
    layout(st.home_left);
    drawStones(model || boardOf(st), st, !model);
    drawDice(st);
    drawCube(st);
    updateHits(st);
    $('svg-title').textContent = st.status || 'Nardi';
    if (sel && !(st.moves && st.moves[numOf(sel)])) sel = null;
    showTargets();
  }

  // layout picks the orientation that gives the larger board and sizes the
  // board element to the space it has: beside the panels on a phone held
  // sideways (the stage is a grid cell), else what the other rows leave.
  const sideways = window.matchMedia('(orientation: landscape) and (max-height: 560px)');
  function layout(homeLeft) {
    const app = $('app'), stage = $('stage');
    let W = stage.clientWidth - 8, H = stage.clientHeight - 4; // less the stage's padding
    if (!sideways.matches) {
      const cs = getComputedStyle(app);
      H = app.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
      for (const el of app.children) if (el !== stage) H -= el.offsetHeight + 4; // + the gap
      H -= 4; // the stage's own padding
    }
    if (!W || H < 50) return;
    const land = Math.min(W / CW, H / CH), port = Math.min(W / CH, H / CW);
    const portrait = port > land * 1.02;
    const scale = portrait ? port : land;
    const board = $('board');
    const w = Math.floor((portrait ? CH : CW) * scale), h = Math.floor((portrait ? CW : CH) * scale);
    if (board.style.width !== w + 'px') board.style.width = w + 'px';
    if (board.style.height !== h + 'px') board.style.height = h + 'px';
    const key = (portrait ? 'p' : 'l') + (homeLeft ? 'L' : 'R');
    if (key === lay.key) return;
    lay.key = key;
    lay.portrait = portrait;
    lay.homeLeft = !!homeLeft;
    lay.w = portrait ? CH : CW;
    lay.h = portrait ? CW : CH;
    buildBoard();
  }

  const f = (v) => +v.toFixed(1); // one decimal keeps the markup short
  const rectTag = (r, cls, extra = '') =>
    `<rect class="${cls}" x="${f(r.x)}" y="${f(r.y)}" width="${f(r.w)}" height="${f(r.h)}"${extra}/>`;

  // buildBoard draws the static board and the tap areas for the layout.
  function buildBoard() {
    const svg = $('svg');
    svg.setAttribute('viewBox', `0 0 ${lay.w} ${lay.h}`);
    let s = `<title id="svg-title">${esc((S && S.status) || 'Nardi')}</title>` +
      '<defs>' +
      // one checker; its colours come through CSS variables set on each <use>
      '<g id="k"><circle class="k-edge" r="32"/><circle class="k-face" r="29"/><circle class="k-ring" r="19"/></g>' +
      '</defs>';
    s += rectTag({ x: 0, y: 0, w: lay.w, h: lay.h }, 'frame', ' rx="18"');
    for (const [x0, x1] of [[LEFT0, LEFT1], [RIGHT0, RIGHT1]]) s += rectTag(mapRect(x0, FY0, x1, FY1), 'field');
    s += rectTag(mapRect(TRAY0, FY0, TRAY1, FY1), 'tray', ' rx="8"');
    s += rectTag(mapRect(TRAY0, MID - 1, TRAY1, MID + 1), 'tray-line');
    for (let k = 1; k <= 24; k++) {
      const x = pointX(k), [base, dir] = pointBase(k);
      const pts = [map(x - PW / 2 + 2, base), map(x + PW / 2 - 2, base), map(x, base + dir * PLEN)];
      s += `<polygon class="pt ${k % 2 ? 'odd' : 'even'}" points="${pts.map((p) => p.map(f).join(',')).join(' ')}"/>`;
      const [nx, ny] = map(x, k <= 12 ? CH - FY0 / 2 : FY0 / 2);
      s += `<text class="num" x="${f(nx)}" y="${f(ny)}">${k}</text>`;
    }
    s += rectTag(mapRect(BAR_X - 2, FY0, BAR_X + 2, FY1), 'bar-line');
    s += '<g id="g-marks"></g><g id="g-stones"></g><g id="g-dice"></g><g id="g-cube"></g><g id="g-fly"></g>';
    svg.innerHTML = s;

    // tap areas: HTML buttons over the drawing, one per point, the bar, the tray
    const hits = $('hits');
    hits.textContent = '';
    const pct = (r) => `left:${(r.x / lay.w) * 100}%;top:${(r.y / lay.h) * 100}%;width:${(r.w / lay.w) * 100}%;height:${(r.h / lay.h) * 100}%`;
    const add = (key, r) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'hit';
      b.dataset.point = key;
      b.style.cssText = pct(r);
      hits.appendChild(b);
    };
    for (let k = 1; k <= 24; k++) {
      const x = pointX(k);
      add(String(k), k <= 12 ? mapRect(x - PW / 2, MID, x + PW / 2, CH) : mapRect(x - PW / 2, 0, x + PW / 2, MID));
    }
    add('bar', mapRect(LEFT1, 0, RIGHT0, CH));
    add('off', mapRect(RIGHT1, 0, CW, CH));
    if (shown) {
      // a new layout redraws what a state puts on the board
      drawStones(boardOf(shown), shown, true);
      drawDice(shown);
      drawCube(shown);
    }
  }

  function esc(s) {
    return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  }

  // colourOf gives the checker colour of a side: 'white' or 'black'.
  function colourOf(st, side) {
    const c = st.colors && st.colors[side];
    return c === 'white' || c === 'black' ? c : side ? 'black' : 'white';
  }

  function stoneTag(st, side, x, y, cls = '') {
    const [mx, my] = map(x, y);
    return `<use href="#k" class="stone c-${colourOf(st, side)} ${cls}" x="${f(mx)}" y="${f(my)}"/>`;
  }

  function labelTag(st, side, x, y, n) {
    const [mx, my] = map(x, y);
    return `<text class="count on-${colourOf(st, side)}" x="${f(mx)}" y="${f(my)}">${n}</text>`;
  }

  // drawStones draws the checkers of a board model; marks: the last play's
  // and this turn's rings (not while a play is animated).
  function drawStones(m, st, marks) {
    const g = $('g-stones');
    if (!g) return;
    let s = '';
    const top = {}; // the top checker of each place, for rings
    for (let k = 1; k <= 24; k++) {
      const v = m.points[k - 1], n = Math.abs(v), side = v > 0 ? 0 : 1;
      for (let i = 0; i < n; i++) {
        const [x, y] = slotXY(k, side, i, n);
        s += stoneTag(st, side, x, y);
        if (i === n - 1) top[k] = [x, y];
      }
      if (n > 5) s += labelTag(st, side, ...top[k], n);
    }
    for (const side of [0, 1]) {
      const n = m.bar[side];
      for (let i = 0; i < n; i++) s += stoneTag(st, side, ...slotXY('bar', side, i, n));
      if (n > 4) s += labelTag(st, side, ...slotXY('bar', side, n - 1, n), n);
      for (let i = 0; i < m.off[side]; i++) {
        const [x, y] = slotXY('off', side, i, 0);
        s += rectTag(mapRect(x - 42, y - 7, x + 42, y + 7), `slab c-${colourOf(st, side)}`, ' rx="3"');
      }
      if (m.off[side]) {
        const [x, y] = slotXY('off', side, m.off[side] + 1, 0);
        const [mx, my] = map(x, y + (side ? 6 : -6));
        s += `<text class="off-n" x="${f(mx)}" y="${f(my)}">${m.off[side]}</text>`;
      }
    }
    g.innerHTML = s;
    // rings: this turn's steps (blue) or else the last play (amber)
    let r = '';
    if (marks) {
      const made = st.made && st.made.length ? st.made : null;
      const steps = made || (st.last && st.last.steps) || [];
      const cls = made ? 'ring turn' : 'ring last';
      const seen = {};
      for (const stp of steps) {
        if (isPoint(stp.to) && top[stp.to] && !seen[stp.to]) {
          seen[stp.to] = 1;
          const [x, y] = map(...top[stp.to]);
          r += `<circle class="${cls}" cx="${f(x)}" cy="${f(y)}" r="34"/>`;
        }
      }
    }
    g.insertAdjacentHTML('beforeend', r);
  }

  const PIPS = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };

  function drawDice(st) {
    const g = $('g-dice');
    if (!g) return;
    const dice = st.dice || [];
    const side = st.dice_side === 'top' ? 1 : 0;
    const cx = side ? (LEFT0 + LEFT1) / 2 : (RIGHT0 + RIGHT1) / 2;
    let s = '';
    dice.forEach((v, i) => {
      const x = cx + (i - (dice.length - 1) / 2) * 68;
      const r = mapRect(x - 27, MID - 27, x + 27, MID + 27);
      const used = st.used && st.used[i] ? ' used' : '';
      s += `<g class="die d-${colourOf(st, side)}${used}">` + rectTag(r, 'die-body', ' rx="9"');
      for (const [px, py] of PIPS[v] || []) {
        const [mx, my] = map(x + px * 14, MID + py * 14);
        s += `<circle class="die-pip" cx="${f(mx)}" cy="${f(my)}" r="5.5"/>`;
      }
      s += '</g>';
    });
    g.innerHTML = s;
  }

  function drawCube(st) {
    const g = $('g-cube');
    if (!g) return;
    const c = st.cube;
    if (!c) { g.innerHTML = ''; return; }
    const y = c.owner === 'bottom' ? FY1 - 34 : c.owner === 'top' ? FY0 + 34 : MID;
    const r = mapRect(BAR_X - 29, y - 29, BAR_X + 29, y + 29);
    const [mx, my] = map(BAR_X, y);
    const v = c.value > 1 ? c.value : 64;
    g.innerHTML = rectTag(r, 'cube', ' rx="8"') + `<text class="cube-n${v > 9 ? ' small' : ''}" x="${f(mx)}" y="${f(my)}">${v}</text>`;
  }

  const hitEls = () => $('hits').children;

  // updateHits sets each tap area's accessible name and data-movable.
  function updateHits(st) {
    const moves = (st.state === 'move' && !pending && st.moves) || {};
    const m = boardOf(st);
    const point = T('point', 'Point {n}');
    for (const b of hitEls()) {
      const key = b.dataset.point;
      let label, n;
      if (key === 'bar') { label = T('bar', 'Bar'); n = m.bar[0] + m.bar[1]; }
      else if (key === 'off') { label = T('off', 'Borne off'); n = m.off[0]; }
      else { label = point.replace('{n}', key); n = Math.abs(m.points[+key - 1]); }
      label += n ? ` (${n})` : '';
      if (b.getAttribute('aria-label') !== label) b.setAttribute('aria-label', label);
      const movable = !!moves[numOf(key)] && moves[numOf(key)].length > 0;
      if (movable !== b.hasAttribute('data-movable')) b.toggleAttribute('data-movable', movable);
    }
  }

  // showTargets marks the selected point and where it may go, from
  // shown.moves, with no request.
  function showTargets() {
    const targets = sel && shown && shown.moves ? (shown.moves[numOf(sel)] || []).map(keyOf) : [];
    for (const b of hitEls()) {
      const key = b.dataset.point;
      const isSel = key === sel, isTarget = targets.includes(key);
      b.toggleAttribute('data-selected', isSel);
      b.toggleAttribute('data-target', isTarget);
      if (b.hasAttribute('data-movable')) b.setAttribute('aria-pressed', String(isSel));
      else b.removeAttribute('aria-pressed');
    }
    // landing spots: a ghost checker where the checker would stand
    let s = '';
    if (shown) {
      const m = boardOf(shown);
      for (const key of targets) {
        const to = numOf(key);
        let xy;
        if (isPoint(to)) {
          const v = m.points[to - 1], n = v > 0 ? v : 0; // a blot hit leaves the point empty
          xy = slotXY(to, 0, n, n + 1);
        } else xy = slotXY('off', 0, m.off[0], 0);
        const [x, y] = map(...xy);
        s += `<circle class="ghost" cx="${f(x)}" cy="${f(y)}" r="28"/>`;
      }
    }
    const g = $('g-marks');
    if (g) g.innerHTML = s;
  }

  function select(key) {
    sel = key;
    showTargets();
  }

  // ---------- players, clocks, controls ----------

  const playerHTML = {}, clockText = {};
  function drawPlayers(st) {
    const ps = st.players || [];
    [['p-bottom', 0], ['p-top', 1]].forEach(([id, i]) => {
      const p = ps[i] || {};
      const el = $(id);
      const score = st.match && st.match.score ? st.match.score[i] : null;
      const name = (p.name || '') + (p.computer ? ' 🤖' : '');
      const html =
        `<span class="dot c-${colourOf(st, i)}" aria-hidden="true"></span>` +
        `<span class="name">${esc(name)}</span>` +
        (score != null ? `<span class="score" title="${esc(matchText(st))}">${score}</span>` : '') +
        (p.pips != null ? `<span class="pips"><small>${esc(T('pips', 'pips'))}</small> ${p.pips}</span>` : '') +
        (p.clock ? '<span class="clock"><b></b><i></i></span>' : '');
      if (playerHTML[id] !== html) { el.innerHTML = html; playerHTML[id] = html; clockText[id] = ''; }
      el.classList.toggle('on-turn', !!p.on_turn);
      el.classList.toggle('you', !!p.you);
    });
    tick();
  }

  function matchText(st) {
    const m = st.match;
    if (!m) return '';
    let s = T('match', 'Match to {n}').replace('{n}', m.length);
    if (m.crawford) s += ' · ' + T('crawford', 'Crawford');
    return s;
  }

  const fmt = (ms) => {
    const s = Math.ceil(Math.max(0, ms) / 1000);
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  };

  // tick updates the clocks from server_time; the move time runs first, then the reserve.
  function tick() {
    if (!shown) return;
    const ps = shown.players || [];
    const serverNow = Date.now() - (skew === Infinity ? 0 : skew);
    const elapsed = shown.server_time ? Math.max(0, serverNow - shown.server_time) : Date.now() - received;
    [['p-bottom', 0], ['p-top', 1]].forEach(([id, i]) => {
      const c = ps[i] && ps[i].clock;
      const el = $(id);
      if (!c) return;
      const run = c.running ? elapsed : 0;
      const move = (c.move_ms || 0) - run;
      const reserve = (c.reserve_ms || 0) + Math.min(0, move);
      const a = c.move_ms != null ? fmt(move) : '', b = fmt(reserve);
      const key = a + '|' + b + '|' + !!c.running;
      if (clockText[id] === key) return;
      clockText[id] = key;
      const clock = el.querySelector('.clock');
      if (!clock) return;
      clock.firstChild.textContent = a;
      clock.lastChild.textContent = b;
      clock.classList.toggle('running', !!c.running);
      clock.classList.toggle('low', !!c.running && reserve < 15000 && move <= 0);
    });
  }
  setInterval(tick, 250);

  const ORDER = ['roll', 'double', 'take', 'pass', 'undo', 'confirm', 'claim', 'rematch', 'next', 'resign'];
  const STYLE = { roll: 'primary', confirm: 'primary', take: 'primary', next: 'primary', rematch: 'primary', pass: 'danger', resign: 'quiet', undo: 'quiet' };

  function drawControls(st) {
    const box = $('controls');
    const acts = ORDER.filter((a) => (st.actions || []).includes(a));
    const key = acts.map((a) => a + '=' + T(a, a)).join('|');
    if (box.dataset.key !== key) {
      box.dataset.key = key;
      box.textContent = '';
      for (const a of acts) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'btn ' + (STYLE[a] || '');
        b.dataset.action = a;
        b.textContent = T(a, a);
        b.setAttribute('aria-label', T(a, a));
        box.appendChild(b);
      }
    }
    setBusy(pending);
  }

  function setBusy(on) {
    for (const b of $('controls').children) b.disabled = on;
  }

  function drawProof(st) {
    const p = st.proof || {};
    let line = p.line || '';
    if (p.seed && !line.includes(p.seed)) line += (line ? ' ' : '') + p.seed;
    const el = $('proof');
    el.textContent = line;
    el.hidden = !line;
    el.setAttribute('aria-label', line);
  }

  // ---------- toast and dialog ----------

  let toastTimer = 0;
  function toast(msg) {
    const el = $('toast');
    el.textContent = msg;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { el.hidden = true; }, 2800);
  }

  let dialogYes = null, dialogFrom = null;
  function ask(question, onYes) {
    dialogFrom = document.activeElement;
    const d = $('dialog');
    $('dialog-q').textContent = question;
    const yes = d.querySelector('[data-answer="yes"]'), no = d.querySelector('[data-answer="no"]');
    yes.textContent = T('yes', 'Yes');
    no.textContent = T('no', 'No');
    dialogYes = onYes;
    d.hidden = false;
    no.focus();
  }
  function closeDialog() {
    $('dialog').hidden = true;
    dialogYes = null;
    if (dialogFrom && dialogFrom.isConnected && dialogFrom.focus) dialogFrom.focus();
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !$('dialog').hidden) closeDialog();
    if (e.key === 'Escape' && sel) select(null);
  });

  // ---------- interaction ----------

  function canPlay() {
    if (animating) hurry = true; // the player is ahead of the animation
    return shown && shown === S && shown.state === 'move' && !pending;
  }

  function haptic() {
    try { if (TG && TG.HapticFeedback) TG.HapticFeedback.selectionChanged(); } catch (e) { /* none */ }
  }

  // step makes one step at once on screen, then asks the server.
  function step(fromKey, toKey) {
    const from = numOf(fromKey), to = numOf(toKey);
    sel = null;
    const view = Object.assign({}, S, boardOf(S));
    applyStep(view, { from, to, hit: isPoint(to) && view.points[to - 1] === -1 }, 0);
    view.moves = {};
    view.made = (S.made || []).concat([{ from, to }]);
    render(view);
    haptic();
    send({ action: 'step', from, to });
  }

  // Board model helpers; side 0 is the bottom (positive counts), 1 the top.
  const count = (m, place, side) =>
    isPoint(place) ? Math.abs(m.points[place - 1]) : place === 'bar' ? m.bar[side] : m.off[side];
  function take(m, place, side) {
    if (isPoint(place)) m.points[place - 1] -= side ? -1 : 1; else m.bar[side]--;
  }
  function put(m, place, side) {
    if (isPoint(place)) m.points[place - 1] += side ? -1 : 1; else m.off[side]++;
  }

  // applyStep moves one checker of a side in a board model.
  function applyStep(m, stp, side) {
    take(m, isPoint(stp.from) ? stp.from : 'bar', side);
    if (isPoint(stp.to) && stp.hit) { m.points[stp.to - 1] = 0; m.bar[1 - side]++; }
    put(m, isPoint(stp.to) ? stp.to : 'off', side);
  }

  // onTap calls fn(el, target) for a tap on an element matching sel inside
  // root. Taps come from pointer events, as a browser may swallow the click
  // that follows a drag; a click with no pointer tap just before it
  // (keyboard, el.click()) counts as well. A pointer that travels is a drag.
  const DRAG_PX = 8;
  let lastTap = { t: 0, el: null };
  // a click that a pointer tap has already handled: one the pointer made
  // (detail >= 1, wherever it lands) or one on the same element, just after
  const echo = (e, el) => Date.now() - lastTap.t < 600 && (e.detail > 0 || el === lastTap.el);
  function onTap(root, sel, fn) {
    let down = null;
    root.addEventListener('pointerdown', (e) => {
      const el = e.target.closest(sel);
      const ok = el && e.isPrimary && !(e.pointerType === 'mouse' && e.button !== 0);
      down = ok ? { el, target: e.target, id: e.pointerId, x: e.clientX, y: e.clientY } : null;
    });
    root.addEventListener('pointerup', (e) => {
      const d = down;
      down = null;
      if (!d || e.pointerId !== d.id || Math.hypot(e.clientX - d.x, e.clientY - d.y) >= DRAG_PX) return;
      lastTap = { t: Date.now(), el: d.el };
      fn(d.el, d.target);
    });
    root.addEventListener('pointercancel', () => { down = null; });
    root.addEventListener('click', (e) => {
      const el = e.target.closest(sel);
      if (el && !echo(e, el)) fn(el, e.target);
    });
  }

  function tapPoint(b) {
    const key = b.dataset.point;
    if (!canPlay()) return;
    if (sel && b.hasAttribute('data-target')) step(sel, key);
    else if (b.hasAttribute('data-movable') && sel !== key) { select(key); haptic(); }
    else select(null);
  }
  onTap($('hits'), '[data-point]', tapPoint);

  // a tap anywhere off the points clears the selection
  const clearOff = (e) => {
    if (sel && !drag && !e.target.closest('[data-point]') && !(e.type === 'click' && echo(e, null))) select(null);
  };
  document.addEventListener('pointerup', clearOff);
  document.addEventListener('click', clearOff);

  onTap($('controls'), '[data-action]', (b) => {
    if (b.disabled || !S) return;
    if (animating) hurry = true;
    const a = b.dataset.action;
    if (a === 'resign') {
      const q = T('resign_question', 'Resign and give {points} point(s)?').replace('{points}', S.resign_points || 1);
      ask(q, () => send({ action: 'resign' }));
    } else send({ action: a });
  });

  onTap($('dialog'), '.dialog', (el, target) => {
    const a = target.closest('[data-answer]');
    if (!a && target !== el) return; // inside the box, not on a button
    const fn = a && a.dataset.answer === 'yes' ? dialogYes : null;
    closeDialog();
    if (fn) fn();
  });

  onTap($('proof'), '#proof', (el) => {
    el.setAttribute('aria-expanded', String(el.classList.toggle('open')));
  });

  // Dragging: a checker lifted from a movable point follows the pointer and
  // lands on the target under it when let go.
  let drag = null;
  const svgXY = (e) => {
    const r = $('svg').getBoundingClientRect();
    return [((e.clientX - r.left) / r.width) * lay.w, ((e.clientY - r.top) / r.height) * lay.h];
  };
  $('hits').addEventListener('pointerdown', (e) => {
    const b = e.target.closest('[data-movable]');
    if (!b || !canPlay() || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag = { key: b.dataset.point, b, id: e.pointerId, x: e.clientX, y: e.clientY, on: false };
  });
  $('hits').addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.on) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_PX || !canPlay()) return;
      drag.on = true;
      try { drag.b.setPointerCapture(e.pointerId); } catch (err) { /* released */ }
      select(drag.key);
      const m = boardOf(S);
      take(m, drag.key === 'bar' ? 'bar' : +drag.key, 0);
      drawStones(m, S, false);
      $('g-fly').innerHTML = `<use href="#k" class="stone lifted c-${colourOf(S, 0)}" x="0" y="0"/>`;
    }
    const [x, y] = svgXY(e), el = $('g-fly').firstChild;
    if (el) { el.setAttribute('x', f(x)); el.setAttribute('y', f(y)); }
  });
  const endDrag = (e, drop) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.on) return;
    lastTap = { t: Date.now(), el: d.b }; // the click this gesture may end with is the drag's
    $('g-fly').innerHTML = '';
    const el = drop && document.elementFromPoint(e.clientX, e.clientY);
    const t = el && el.closest('[data-target]');
    if (t && canPlay()) step(d.key, t.dataset.point);
    else drawStones(boardOf(S), S, true);
  };
  $('hits').addEventListener('pointerup', (e) => endDrag(e, true));
  $('hits').addEventListener('pointercancel', (e) => endDrag(e, false));

  // ---------- animation of the other side's play ----------

  const wait = (ms) => new Promise((r) => setTimeout(r, ms));

  // fly moves a sprite from one canonical spot to another.
  function fly(st, side, a, b, ms) {
    if (hurry) return Promise.resolve();
    const g = $('g-fly');
    const el = document.createElementNS(SVGNS, 'use');
    el.setAttribute('href', '#k');
    el.setAttribute('class', `stone lifted c-${colourOf(st, side)}`);
    g.appendChild(el);
    const [ax, ay] = map(...a), [bx, by] = map(...b);
    const t0 = performance.now();
    return new Promise((resolve) => {
      let done = false;
      const finish = () => { if (!done) { done = true; el.remove(); resolve(); } };
      const frame = (now) => {
        if (done) return;
        if (hurry) { finish(); return; }
        const t = Math.min(1, (now - t0) / ms), e = t < 0.5 ? 2 * t * t : 1 - (2 - 2 * t) ** 2 / 2;
        el.setAttribute('x', f(ax + (bx - ax) * e));
        el.setAttribute('y', f(ay + (by - ay) * e));
        if (t < 1) requestAnimationFrame(frame); else finish();
      };
      frame(t0);
      setTimeout(finish, ms + 120); // a hidden page has no frames
    });
  }

  // where gives the canonical spot of the i-th checker of a side at a place.
  function where(m, place, side, i) {
    if (isPoint(place)) return slotXY(place, side, i, Math.max(Math.abs(m.points[place - 1]), i + 1));
    if (place === 'bar') return slotXY('bar', side, i, Math.max(m.bar[side], i + 1));
    return slotXY('off', side, i, 0);
  }

  // unplay takes a play back from a board model; null if it does not fit.
  function unplay(m, steps, side) {
    const sg = side ? -1 : 1;
    for (const stp of steps.slice().reverse()) {
      if (isPoint(stp.to)) {
        if (m.points[stp.to - 1] * sg <= 0) return null;
        m.points[stp.to - 1] -= sg;
        if (stp.hit) {
          if (m.points[stp.to - 1] !== 0 || m.bar[1 - side] <= 0) return null;
          m.bar[1 - side]--;
          m.points[stp.to - 1] = -sg;
        }
      } else {
        if (m.off[side] <= 0) return null;
        m.off[side]--;
      }
      if (isPoint(stp.from)) {
        if (m.points[stp.from - 1] * sg < 0) return null;
        m.points[stp.from - 1] += sg;
      } else m.bar[side]++;
    }
    return m;
  }

  async function animatePlay(prev, st) {
    const side = SIDE[st.last.side] || 0;
    const steps = (st.last.steps || []).map((s) => ({ from: +s.from, to: +s.to, hit: !!s.hit }));
    const m = unplay(boardOf(st), steps, side);
    if (!m || !steps.length) { render(st); return; }
    animating = true;
    sel = null;
    // The page says at once what the game is now (its data-* attributes,
    // the controls, the points that may move); only the checkers drawn
    // catch up, one step after another.
    const ui = Object.assign({}, prev, { moves: {}, made: [], last: null });
    render(st, m);
    for (const stp of steps) {
      const from = isPoint(stp.from) ? stp.from : 'bar', to = isPoint(stp.to) ? stp.to : 'off';
      const a = where(m, from, side, count(m, from, side) - 1);
      take(m, from, side);
      drawStones(m, ui, false);
      if (stp.hit && isPoint(to)) {
        // the mover lands on the blot, which then flies to the bar
        const b = where(m, to, side, 0), o = 1 - side;
        await fly(st, side, a, b, 160);
        m.points[to - 1] = 0;
        put(m, to, side);
        drawStones(m, ui, false);
        await fly(st, o, b, where(m, 'bar', o, m.bar[o]), 140);
        m.bar[o]++;
      } else {
        await fly(st, side, a, where(m, to, side, count(m, to, side)), 160);
        put(m, to, side);
      }
      drawStones(m, ui, false);
    }
    if (!hurry) await wait(60);
    animating = false;
    hurry = false;
    const q = queued;
    queued = null;
    render(S);
    if (q) receive(q, false);
  }

  // ---------- start ----------

  new ResizeObserver(() => {
    if (animating || !shown) layout(shown ? shown.home_left : false);
    else render(shown);
  }).observe($('app'));
  window.__nardi = { get state() { return S; } }; // for debugging in a console
  if (code) live.open();
  load();
})();
