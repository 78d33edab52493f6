// Phone entry at the table. A save, a confirmation or a query is one small POST. It is put in
// localStorage first and removed only once the server has answered, so a result saved with no
// connection (a cellar club room, a locked screen) stays on the phone and is sent when the
// connection is back. The page asks every few seconds whether the table's state changed and
// then takes the server's version, unless the player is half-way through tapping a result.
(function () {
  "use strict";

  const root = document.querySelector(".phone[data-token]");
  if (!root) return;
  const url = root.dataset.url;
  const key = "clubscore-phone:" + root.dataset.token;
  const pendingBox = document.getElementById("pending");
  const POLL_MS = 3000;
  const RETRY_MS = 5000;
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

  function swap(html) {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("#table");
    if (!fresh) return false;
    keepTaps(table(), fresh);
    table().replaceWith(fresh);
    enhance();
    return true;
  }

  // A form the player has started tapping survives the page's refresh (an answer about
  // another board) as long as its board still wants the same result.
  function keepTaps(old, fresh) {
    old.querySelectorAll("form.phone-entry[data-dirty]").forEach(function (form) {
      const board = form.elements.board.value;
      const version = form.elements.version.value;
      fresh.querySelectorAll("form.phone-entry").forEach(function (other) {
        if (other.elements.board.value === board && other.elements.version.value === version) {
          other.replaceWith(form);
        }
      });
    });
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
        swap(await response.text());
      }
      showPending(items, false);
    } finally {
      sending = false;
    }
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
    items.push({ id: Date.now() + ":" + Math.random(), body: body, label: boardLabel(form) });
    store(items);
    form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
    flush();
  });

  // The tricks buttons a contract cannot have are hidden: 4♠ goes from −10 to +3.
  function limit(form) {
    const checked = form.querySelector("input[name=level]:checked");
    const level = checked ? checked.value : "";
    form.querySelectorAll("[data-needs-contract]").forEach(function (part) {
      part.hidden = level === "P";
    });
    if (!level || level === "P") return;
    const n = Number(level);
    form.querySelectorAll("input[name=made]").forEach(function (input) {
      const made = input.value === "=" ? 0 : Number(input.value);
      const possible = made >= -(n + 6) && made <= 7 - n;
      input.closest("label").hidden = !possible;
      if (!possible) input.checked = false;
    });
  }

  function enhance() {
    document.querySelectorAll("#table form.phone-entry").forEach(limit);
  }

  document.addEventListener("change", function (event) {
    const form = event.target.closest && event.target.closest("form.phone-entry");
    if (!form) return;
    form.dataset.dirty = "1";
    limit(form);
  });

  function busy() {
    // Never replace a result under the player's fingers.
    return sending || queue().length > 0 || document.querySelector("#table form[data-dirty]");
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
    else if (response.status === 200 && !busy()) swap(await response.text());
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
