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
})();
