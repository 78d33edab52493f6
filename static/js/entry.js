// Keyboard entry on travellers: Enter saves a row (the form does that), the arrow keys move
// between rows (in the result column, or in the NS / EW pair columns), Shift+Tab reaches a
// row's pair numbers, Esc answers "keep" to a question beside the row, and after each save the
// cursor lands on the next row to type, or on what is still missing.
(function () {
  "use strict";

  function fields(column) {
    return Array.from(document.querySelectorAll('#traveller input[data-col="' + column + '"]'));
  }

  function focusInput(input) {
    if (!input) return;
    input.focus();
    if (input.select) input.select();
  }

  document.addEventListener("keydown", function (event) {
    const target = event.target;
    if (!target.closest || !target.closest("#traveller")) return;
    if (event.key === "Escape") {
      // A refusal, a warning or a clash with another typist: Esc keeps what is stored, the
      // server drawing the row again (or, when it cannot be reached, putBack below).
      const row = target.closest("tr");
      const keep = row && row.querySelector("a.keep");
      if (keep) {
        event.preventDefault();
        keep.click();
        return;
      }
      // A save the server never answered (htmx-errors.js).
      if (row && row.querySelector("p.connection-error")) {
        event.preventDefault();
        putBack(row);
      }
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const column = target.dataset && target.dataset.col;
    if (!column) return;
    const all = fields(column);
    const index = all.indexOf(target);
    const next = event.key === "ArrowDown" ? all[index + 1] : all[index - 1];
    if (next) {
      event.preventDefault();
      focusInput(next);
    }
  });

  // The row as stored, from the values it was drawn with (data-stored): what was typed goes,
  // and so does any question beside it ("save anyway", "replace") with the answer it carried.
  function putBack(row) {
    row.querySelectorAll("input[data-col]").forEach(function (input) {
      input.value = input.dataset.stored !== undefined ? input.dataset.stored : input.defaultValue;
    });
    row.querySelectorAll('input[name="override"], input[name="replace"]').forEach(function (answer) {
      answer.remove();
    });
    const notes = "p.error, p.warning, p.esc-hint, .conflict, .correction";
    row.querySelectorAll(notes).forEach(function (note) {
      note.remove();
    });
    row.classList.remove("has-error", "has-warning");
    const save = row.querySelector("button.save");
    if (save) save.textContent = "Save";
    focusInput(row.querySelector("input.entry-input"));
  }

  // Esc's "keep" asks the server to draw the row again; offline (or on a server error) the
  // page puts it back itself.
  ["htmx:sendError", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      const keep = event.detail.elt;
      if (!keep || !keep.matches || !keep.matches("#traveller a.keep")) return;
      const row = keep.closest("tr");
      if (row) putBack(row);
    });
  });

  // A confirmation ("save anyway", "delete it") holds for what was typed: change the row and
  // it is asked again.
  // (A correction's reason is no part of the line: typing it keeps the confirmation.)
  document.addEventListener("input", function (event) {
    const input = event.target;
    if (!input.dataset || !input.dataset.col) return;
    if (!input.form || !input.form.classList.contains("row-form")) return;
    const override = input.form.querySelector("input[name=override]");
    if (override) override.remove();
  });

  // The row's result box, or the reason a correction asks for.
  const MARKED = "input.entry-input[autofocus], input.reason-input[autofocus]";

  function focusMarked() {
    const marked = document.querySelector(MARKED);
    if (marked) {
      focusInput(marked);
      return;
    }
    // The last slip is in: Enter now goes on to the next board, or to what is still missing.
    const next = document.querySelector("a[accesskey=n]") ||
      document.querySelector("#progress a");
    if (next) next.focus();
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (document.querySelector(MARKED)) {
      focusMarked();
    } else {
      const inputs = fields("text").filter(function (input) {
        return !input.closest("tr.new-row");
      });
      const empty = inputs.find(function (input) { return !input.value; });
      focusInput(empty || inputs[0]);
    }
  });
  // Keys typed while a row's save is on its way would go into the row about to be replaced,
  // and be lost. They are held, then typed into the row the cursor lands on; an Enter among
  // them saves that row in turn. After a refusal (the cursor stays on the refused row) or a
  // failed request they are dropped rather than typed over what the director must look at.
  let held = null; // the keys held since a row was sent; null when none is on its way

  function isRowForm(element) {
    return element && element.classList && element.classList.contains("row-form");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isRowForm(event.detail.elt)) held = held || [];
  });
  ["htmx:responseError", "htmx:sendError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (isRowForm(event.detail.elt)) held = null;
    });
  });

  document.addEventListener("keydown", function (event) {
    if (held === null || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1 || event.key === "Enter") {
      held.push(event.key);
    } else if (event.key === "Backspace") {
      held.pop();
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  }, true);

  function typeHeld(keys) {
    const input = document.activeElement;
    const row = input && input.closest && input.closest("tr");
    if (!keys.length || !input.classList.contains("entry-input") ||
        row.matches(".has-error, .has-warning")) return;
    const enter = keys.indexOf("Enter");
    const typed = (enter < 0 ? keys : keys.slice(0, enter)).join("");
    if (typed) {
      input.value = typed;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (enter >= 0) {
      const rest = keys.slice(enter + 1);
      input.form.requestSubmit();
      held = (held || []).concat(rest);
    }
  }

  // A screen reader hears what each save of a row did: its result, score and points, read
  // from the row the server sent back, in a polite live region that stays on the page while
  // the rows are swapped (a refusal, a warning or a clash is said by its own role="alert").
  let announcer = null;
  let sent = null; // the row being saved: its label as its boxes are named

  document.addEventListener("DOMContentLoaded", function () {
    if (!document.getElementById("traveller")) return;
    announcer = document.createElement("p");
    announcer.id = "saved";
    announcer.className = "visually-hidden";
    announcer.setAttribute("aria-live", "polite");
    document.querySelector("main").appendChild(announcer);
  });

  function digits(input) {
    const found = input && input.value.match(/\d+/);
    return found ? found[0] : "";
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    const target = event.detail.target;
    if (!target || target.id !== "traveller") return;
    // A save from a row (its result box, its ✕, a ruling): else Esc's "keep", which saves nothing.
    const row = event.detail.elt.tagName === "FORM" && event.detail.elt.closest("tr");
    const text = row && row.querySelector("input.entry-input");
    const board = text && text.getAttribute("aria-label").match(/^Board (\w+)/);
    const pair = function (name) {
      return digits(document.querySelector('input[name="' + name + '"][form="' + text.form.id + '"]'));
    };
    sent = board ? "Board " + board[1] + ", NS " + pair("ns_number") + " v EW " + pair("ew_number") : null;
  });

  function announceSaved(label) {
    const input = Array.from(document.querySelectorAll("#traveller input.entry-input")).find(
      function (box) { return box.getAttribute("aria-label") === label + ": result"; });
    const row = input && input.closest("tr");
    if (!announcer || !row || row.matches(".has-error, .has-warning")) return;
    const deleted = row.querySelector("p.hint[role=status]");
    let said = deleted ? deleted.textContent.trim() : "";
    if (!said && input.value) {
      const headings = row.closest("table").tHead.rows[0].cells;
      const figures = Array.from(row.querySelectorAll("td.num")).filter(function (cell) {
        return cell.textContent.trim();
      }).map(function (cell) {
        return headings[cell.cellIndex].textContent.trim() + " " + cell.textContent.trim();
      });
      said = "Saved " + label + ": " + input.value + (figures.length ? ". " + figures.join(", ") : "") + ".";
    }
    announcer.textContent = said;
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target.id !== "traveller" || !sent) return;
    const label = sent;
    sent = null;
    announceSaved(label);
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    // Only the rows' own swap moves the cursor, never the standings refreshing beside them.
    if (event.target.id !== "traveller") return;
    const keys = held || [];
    held = null;
    focusMarked();
    typeHeld(keys);
  });

  // Results saved elsewhere (another director, a table's phone) come in by the rows' own poll
  // (#traveller's hx-get every second, from the version the rows show: 204 while nothing
  // changed). They are taken in row by row, never swapped in whole. A row being typed (text
  // typed and not saved, a question beside it, its save on its way) stays exactly as it is.
  // The row the cursor waits in shows what is stored now, the cursor staying where it was
  // (the whole text selected if the text changed, as when the cursor arrives at a row); it
  // keeps the version the typist last saw, so a slip typed over a result that came in
  // meanwhile meets it as a clash instead of replacing it unseen.
  document.addEventListener("htmx:configRequest", function (event) {
    const elt = event.detail.elt;
    if (elt.id === "traveller" && event.detail.verb === "get") {
      event.detail.parameters.since = elt.dataset.since;
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    const sent = event.detail.requestConfig;
    if (!sent || sent.elt.id !== "traveller" || sent.verb !== "get") return;
    event.detail.shouldSwap = false;
    // While a row's save is on its way its answer brings the rows; a poll would only race it.
    if (event.detail.xhr.status !== 200 || !sent.elt.isConnected || held !== null) return;
    if (takeIn(sent.elt, event.detail.serverResponse)) {
      document.body.dispatchEvent(new CustomEvent("clubscore:changed"));  // the grid follows
    }
  });

  function beingTyped(row) {
    if (row.querySelector(".htmx-request, p.error, p.warning, .conflict, input[name=override], " +
                          "input[name=replace]")) return true;
    return Array.from(row.querySelectorAll("input[data-col]")).some(function (input) {
      const stored = input.dataset.stored !== undefined ? input.dataset.stored : input.defaultValue;
      return input.value !== stored;
    });
  }

  function rowVersion(row) {
    return row.querySelector("form.row-form input[name=version]");
  }

  // The poll's rows in place of the page's, but for those being typed; false when the answer
  // is no newer than the rows shown (a poll overtaken by a save's answer).
  function takeIn(traveller, html) {
    const answer = document.createElement("template");
    answer.innerHTML = html;
    const fresh = answer.content.getElementById("traveller");
    if (!fresh || Number(fresh.dataset.since) <= Number(traveller.dataset.since)) return false;
    const rows = traveller.querySelector("#rows");
    const kept = new Map();
    Array.from(rows.children).forEach(function (row) {
      if (row.dataset.key && beingTyped(row)) kept.set(row.dataset.key, row);
    });
    const wanted = Array.from(fresh.querySelector("#rows").children).map(function (row) {
      const mine = kept.get(row.dataset.key);
      kept.delete(row.dataset.key);
      return mine || row;
    });
    // A row being typed that the poll no longer has (its off-movement result deleted
    // elsewhere) stays, above the Other pairs row.
    const other = wanted.findIndex(function (row) { return row.classList.contains("new-row"); });
    wanted.splice(other < 0 ? wanted.length : other, 0, ...kept.values());

    const cursor = whereTheCursorIs(rows);
    Array.from(rows.children).forEach(function (row) {
      if (!wanted.includes(row)) row.remove();
    });
    let place = rows.firstElementChild;
    wanted.forEach(function (row) {
      if (row === place) {
        place = place.nextElementSibling;
        return;
      }
      const arriving = !row.isConnected;
      rows.insertBefore(row, place);
      if (arriving) htmx.process(row);
    });
    const progress = traveller.querySelector("#progress");
    if (!progress || !progress.contains(document.activeElement)) {
      if (progress) progress.remove();
      const news = fresh.querySelector("#progress");
      if (news) traveller.appendChild(news);
    }
    traveller.dataset.since = fresh.dataset.since;
    if (cursor) putTheCursorBack(rows, cursor);
    return true;
  }

  function whereTheCursorIs(rows) {
    const input = document.activeElement;
    const row = input && rows.contains(input) && input.closest("tr");
    if (!row || !input.dataset.col) return null;
    const version = rowVersion(row);
    return {
      input: input, row: row, key: row.dataset.key, column: input.dataset.col,
      value: input.value, version: version && version.value,
      caret: [input.selectionStart, input.selectionEnd, input.selectionDirection],
    };
  }

  function putTheCursorBack(rows, cursor) {
    let input = cursor.input;
    if (!input.isConnected) {  // its row came anew: the same box in the row as it is now
      const row = Array.from(rows.children).find(function (r) { return r.dataset.key === cursor.key; });
      input = row && row.querySelector('input[data-col="' + cursor.column + '"]');
      if (!input) return;
      const version = rowVersion(row);
      if (version && cursor.version !== null) version.value = cursor.version;
    }
    if (document.activeElement !== input) input.focus();
    if (input.value === cursor.value) {
      input.setSelectionRange(cursor.caret[0], cursor.caret[1], cursor.caret[2]);
    } else {
      input.select();
    }
  }
})();
