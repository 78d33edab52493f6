// Phone entry at the table. A save, a confirmation or a query is one small POST. It is put in
// localStorage first and removed only once the server has answered, so a result saved with no
// connection (a cellar club room, a locked screen) stays on the phone and is sent when the
// connection is back. The page asks every 1.5 s whether the table's state changed (a 204 when
// not: one small query), so the other phone and the director's change show within 2 s, and
// then takes the server's version of every board that changed, keeping what the player has
// tapped but not saved yet.
(function () {
  "use strict";

  const root = document.querySelector(".phone[data-token]");
  if (!root) return;
  const url = root.dataset.url;
  const key = "clubscore-phone:" + root.dataset.token;
  const pendingBox = document.getElementById("pending");
  const announcer = document.getElementById("announce");
  const POLL_MS = 1500;
  const RETRY_MS = 5000;
  const TAPS = ["level", "strain", "doubled", "declarer", "made", "lead"];
  let sending = false;

  function queue() {
    try {
      return JSON.parse(localStorage.getItem(key) || "[]");
    } catch (error) {
      return [];
    }
  }

  function store(items) {
    if (items.length) localStorage.setItem(key, JSON.stringify(items));
    else localStorage.removeItem(key);
  }

  function table() {
    return document.getElementById("table");
  }

  function boardOf(element) {
    const board = element.closest("[data-board]");
    return board ? board.dataset.board : null;
  }

  // The server's page replaces ours, board by board. A board the server shows as before is
  // kept as it is on the phone (its taps, its open "Change", the message beside it), unless
  // it is the one this answer is about (`answered`). A board that changed is the server's,
  // with the taps the player had made on it and not saved yet.
  function swap(html, answered) {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("#table");
    if (!fresh) return false;
    const old = table();
    const focused = focusedField(old);
    fresh.querySelectorAll("article[data-board]").forEach(function (board) {
      const mine = old.querySelector("#" + board.id);
      if (!mine || board.dataset.board === answered) return;
      if (mine.dataset.stamp === board.dataset.stamp) {
        board.replaceWith(mine);
      } else {
        carryTaps(mine, board);
      }
    });
    old.replaceWith(fresh);
    enhance();
    refocus(focused);
    return fresh;
  }

  function tapsOf(form) {
    const taps = {};
    TAPS.forEach(function (name) {
      const field = form.elements[name];
      taps[name] = field ? field.value : "";
    });
    return taps;
  }

  // Taps not saved yet go to the board's new form (a board the other phone saved meanwhile
  // opens its "Change" with them). They keep the version they were tapped against, so saving
  // them over a result the player has not seen is refused and the result shown, not replaced.
  function carryTaps(mine, board) {
    const tapped = mine.querySelector("form.phone-entry[data-dirty]");
    const form = board.querySelector("form.phone-entry");
    if (!tapped || !form) return;
    const taps = tapsOf(tapped);
    TAPS.forEach(function (name) {
      const field = form.elements[name];
      if (!field) return;
      if (field instanceof RadioNodeList || field.type === "radio") {
        form.querySelectorAll("input[name=" + name + "]").forEach(function (input) {
          input.checked = input.value === taps[name];
        });
      } else {
        field.value = taps[name];
      }
    });
    form.elements.version.value = tapped.elements.version.value;
    form.dataset.dirty = "1";
    const change = form.closest("details");
    if (change) change.open = true;
  }

  // The box being typed in (the opening lead) is focused again after the swap, so a refresh
  // does not close the phone's keyboard under the player's fingers.
  function focusedField(old) {
    const active = document.activeElement;
    if (!active || !old.contains(active) || active.tagName !== "INPUT" || active.type !== "text") {
      return null;
    }
    return { board: boardOf(active), name: active.name, start: active.selectionStart };
  }

  function refocus(focused) {
    if (!focused || !focused.board) return;
    const board = document.querySelector('#table article[data-board="' + focused.board + '"]');
    const field = board && board.querySelector("form.phone-entry [name=" + focused.name + "]");
    if (!field || document.activeElement === field) return;
    field.focus();
    if (field.setSelectionRange && focused.start !== null) {
      field.setSelectionRange(focused.start, focused.start);
    }
  }

  function showPending(items, offline) {
    if (!items.length) {
      pendingBox.hidden = true;
      return;
    }
    const what = items.map(function (item) { return item.label; }).join(", ");
    pendingBox.hidden = false;
    pendingBox.classList.toggle("offline", Boolean(offline));
    pendingBox.textContent = offline
      ? "Not sent yet (no connection): " + what + ". It is kept on this phone and sent as soon as the connection is back."
      : "Sending " + what + "…";
  }

  // After a save, a screen reader hears the board's score and what comes next (a refusal
  // is said by its own role="alert").
  function announce(fresh, item) {
    if (!fresh || item.body.action !== "save") return;
    const board = fresh.querySelector('article[data-board="' + item.body.board + '"]');
    if (!board || board.querySelector(".phone-error")) return;
    const result = board.querySelector(".phone-result");
    const state = board.querySelector(".phone-state");
    if (!result) return;
    const parts = [result.querySelector(".contract"), result.querySelector(".score")]
      .filter(Boolean).map(function (part) { return part.textContent.trim(); });
    announcer.textContent = item.label + " saved: " + parts.join(", ") + "." +
      (state ? " " + state.textContent.trim() : "");
  }

  async function flush() {
    if (sending) return;
    let items = queue();
    showPending(items, false);
    if (!items.length) return;
    sending = true;
    try {
      while (items.length) {
        const item = items[0];
        let response;
        try {
          response = await fetch(url, {
            method: "POST",
            body: new URLSearchParams(item.body),
            headers: { "HX-Request": "true" },
          });
        } catch (error) {
          showPending(items, true);
          return;
        }
        if (response.status === 429 || response.status >= 500) {
          showPending(items, true);
          return;
        }
        items = queue().filter(function (queued) { return queued.id !== item.id; });
        store(items);
        if (response.status === 404 || response.status === 410) {
          window.location.reload();  // the link was revoked or the session closed
          return;
        }
        announce(swap(await response.text(), item.body.board), item);
        if (item.keyboard) keepPlace(String(item.body.board));
      }
      showPending(items, false);
    } finally {
      sending = false;
      release();
    }
  }

  // A board sent from the keyboard keeps the keyboard's place: its sent button was held and
  // then replaced, which leaves the focus nowhere (the top of the page). It goes to what comes
  // next: the board's own first control (Agreed, or the first tap after a refusal), else the
  // first one after it, else the first of the table's new round. A focus the player has moved
  // meanwhile is left where it is.
  const CONTROLS = "input:not([type=hidden]), button, summary, a[href]";

  function keepPlace(board) {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const shown = function (element) {
      return !element.disabled && element.getClientRects().length > 0;
    };
    const controls = Array.from(table().querySelectorAll(CONTROLS)).filter(shown);
    const answered = table().querySelector('article[data-board="' + board + '"]');
    const next = answered && controls.find(function (control) {
      return answered.contains(control) ||
        Boolean(answered.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    const target = next || controls[0];
    if (target) target.focus();
  }

  // Buttons are held while their board's answer is on its way (no double saves), and only
  // then: whatever the answer, the board can be changed and saved again.
  function release() {
    const waiting = queue().map(function (item) { return String(item.body.board); });
    document.querySelectorAll("#table form button[disabled]").forEach(function (button) {
      if (waiting.indexOf(boardOf(button)) < 0) button.disabled = false;
    });
  }

  function boardLabel(form) {
    const board = form.closest("[data-board]");
    const heading = board && board.querySelector("h2");
    const name = heading ? heading.firstChild.textContent.trim() : "a result";
    const action = form.querySelector("input[name=action]");
    return action && action.value !== "save" ? name + " (" + action.value + ")" : name;
  }

  document.addEventListener("submit", function (event) {
    const form = event.target.closest("#table form");
    if (!form) return;
    event.preventDefault();
    const body = {};
    new FormData(form).forEach(function (value, name) { body[name] = value; });
    const items = queue();
    items.push({
      id: Date.now() + ":" + Math.random(), body: body, label: boardLabel(form),
      keyboard: Boolean(form.querySelector(":focus-visible")),  // not a tap
    });
    store(items);
    delete form.dataset.dirty;  // its taps are on their way: the answer shows what became of them
    form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    flush();
  });

  // The tricks buttons a contract cannot have are hidden: 4♠ goes from −10 to +3, two rows
  // of seven whatever the level. A pass needs nothing more (no suit, tricks or lead).
  function limit(form) {
    const checked = form.querySelector("input[name=level]:checked");
    const level = checked ? checked.value : "";
    form.querySelectorAll("[data-needs-contract]").forEach(function (part) {
      part.hidden = level === "P";
    });
    const hint = form.querySelector(".tricks-hint");
    if (hint) hint.hidden = Boolean(level);
    const n = Number(level);
    form.querySelectorAll("input[name=made]").forEach(function (input) {
      const made = input.value === "=" ? 0 : Number(input.value);
      const possible = Boolean(level) && made >= -(n + 6) && made <= 7 - n;
      input.closest("label").hidden = !possible;
      if (!possible && level) input.checked = false;
    });
  }

  function enhance() {
    document.querySelectorAll("#table form.phone-entry").forEach(limit);
  }

  function tapped(event) {
    const form = event.target.closest && event.target.closest("form.phone-entry");
    if (!form) return;
    form.dataset.dirty = "1";
    limit(form);
  }

  document.addEventListener("change", tapped);
  document.addEventListener("input", tapped);

  function busy() {
    // A save on its way answers with the whole table anyway.
    return sending || queue().length > 0;
  }

  async function poll() {
    if (document.hidden || busy()) return;
    let response;
    try {
      const stamp = encodeURIComponent(table().dataset.stamp);
      response = await fetch(url + "?stamp=" + stamp, { headers: { "HX-Request": "true" } });
    } catch (error) {
      return;
    }
    if (response.status === 404 || response.status === 410) window.location.reload();
    else if (response.status === 200 && !busy()) swap(await response.text(), null);
  }

  enhance();
  flush();
  setInterval(poll, POLL_MS);
  setInterval(function () { if (queue().length) flush(); }, RETRY_MS);
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    flush();
    poll();
  });
})();
