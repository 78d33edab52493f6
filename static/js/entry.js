// Keyboard entry on travellers: Enter saves a row (the form does that), the arrow keys move
// between rows, and after each save the cursor lands on the next row to type.
(function () {
  "use strict";

  function inputs() {
    return Array.from(document.querySelectorAll("input.entry-input"));
  }

  function focusInput(input) {
    if (!input) return;
    input.focus();
    input.select();
  }

  document.addEventListener("keydown", function (event) {
    const target = event.target;
    if (!target.classList || !target.classList.contains("entry-input")) return;
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = inputs();
    const index = all.indexOf(target);
    const next = event.key === "ArrowDown" ? all[index + 1] : all[index - 1];
    if (next) {
      event.preventDefault();
      focusInput(next);
    }
  });

  function focusMarked() {
    const marked = document.querySelector("input.entry-input[autofocus]");
    if (marked) {
      focusInput(marked);
    } else {
      // The last slip is in: Enter now goes on to the next board.
      const next = document.querySelector("a[accesskey=n]");
      if (next) next.focus();
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (document.querySelector("input.entry-input[autofocus]")) {
      focusMarked();
    } else {
      const empty = inputs().find(function (input) { return !input.value; });
      focusInput(empty || inputs()[0]);
    }
  });
  document.addEventListener("htmx:afterSettle", focusMarked);

  // A save that never reached the server, or that the server refused, must not look saved:
  // say so beside the row and leave what was typed in place for another Enter.
  function showProblem(event, message) {
    const form = event.detail.elt && event.detail.elt.closest("form.row-form");
    if (!form) return;
    const cell = form.parentElement;
    let note = cell.querySelector("p.connection-error");
    if (!note) {
      note = document.createElement("p");
      note.className = "error connection-error";
      note.setAttribute("role", "alert");
      cell.appendChild(note);
    }
    note.textContent = message;
    const input = form.querySelector("input.entry-input");
    if (input) input.focus();
  }
  document.addEventListener("htmx:sendError", function (event) {
    showProblem(event, "Not saved: no connection to the server. Check the network, then press Enter again.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    showProblem(event, "Not saved: the server answered " + event.detail.xhr.status +
      ". Press Enter to try again; nothing half-saved was kept.");
  });
})();
