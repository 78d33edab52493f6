// One hand a screen, typed from the keyboard or tapped on a phone. Enter goes to the next box
// still empty and saves once the hand is complete; N, E, S, W pick the declarer; what was
// typed but not saved survives a reload (sessionStorage, this tab only). The page works
// without any of this: it is a plain form.
(function () {
  "use strict";

  const form = document.getElementById("hand-form");
  if (!form) return;
  const field = (name) => form.elements.namedItem(name);
  const PASS = /^(P|PASS|PASSED)$/i;

  function visible(element) {
    return !element.closest("[hidden]");
  }

  // The places Enter stops at, in order: each box, and each group of buttons as one stop.
  function stops() {
    const result = [];
    for (const element of form.querySelectorAll("input.ot-input, fieldset.ot-seats")) {
      if (visible(element)) result.push(element);
    }
    return result;
  }

  function radios(stop) {
    return Array.from(stop.querySelectorAll("input[type=radio]"));
  }

  function isEmpty(stop) {
    if (stop.tagName === "FIELDSET") return !radios(stop).some((radio) => radio.checked);
    return stop.value.trim() === "";
  }

  function isNeeded(stop) {
    if (stop.tagName === "FIELDSET") return stop.classList.contains("ot-played");
    if (stop.name === "hcp_ns") return isEmpty(field("hcp_ew"));
    return ["contract", "made", "fit"].includes(stop.name);
  }

  function focusStop(stop) {
    if (stop.tagName === "FIELDSET") {
      const all = radios(stop);
      (all.find((radio) => radio.checked) || all[0]).focus();
    } else {
      stop.focus();
      stop.select();
    }
  }

  function stopOf(element) {
    return element.closest("fieldset.ot-seats") || element;
  }

  form.addEventListener("keydown", function (event) {
    const target = event.target;
    if (target.tagName === "BUTTON") return;
    const stop = stopOf(target);
    if (event.key === "Enter") {
      event.preventDefault();
      const all = stops();
      if (isNeeded(stop) && isEmpty(stop)) return;
      const after = all.slice(all.indexOf(stop) + 1).find(isEmpty);
      const missing = all.find((other) => isNeeded(other) && isEmpty(other));
      if (after || missing) {
        focusStop(after || missing);
      } else {
        form.requestSubmit();
      }
      return;
    }
    // A seat or a side by its letter: N, E, S, W (or N and E for NS and EW).
    if (target.type === "radio" && /^[nesw]$/i.test(event.key) && !event.ctrlKey && !event.metaKey) {
      const letter = event.key.toUpperCase();
      const choice = radios(stop).find((radio) => radio.value[0] === letter);
      if (choice) {
        event.preventDefault();
        choice.checked = true;
        choice.focus();
        choice.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  });

  // What only matters sometimes: no declarer or result when passed out, and the choice of
  // scoring line only on a 20-20 hand (the tally sheet's instruction 9a).
  function number(name) {
    const value = field(name) && field(name).value.trim();
    return /^\d+$/.test(value || "") ? parseInt(value, 10) : null;
  }

  function refresh() {
    const passed = PASS.test(field("contract").value.replace(/\s+/g, ""));
    for (const part of form.querySelectorAll(".ot-played")) part.hidden = passed;
    const ns = number("hcp_ns");
    const ew = number("hcp_ew");
    field("hcp_ew").placeholder = ns !== null && ns <= 40 ? String(40 - ns) : "";
    field("hcp_ns").placeholder = ew !== null && ew <= 40 ? String(40 - ew) : "";
    const tie = form.querySelector(".ot-tie");
    if (tie) tie.hidden = !(ns === 20 || (ns === null && ew === 20));
  }

  // Typed but not saved: kept per hand, and only while the saved hand is the one it began from.
  const key = form.dataset.draft;
  const base = form.dataset.base;

  function snapshot() {
    const values = {};
    for (const element of form.elements) {
      if (!element.name || element.type === "hidden" || element.type === "submit") continue;
      if (element.type === "radio") {
        if (element.checked) values[element.name] = element.value;
      } else if (element.type === "checkbox") {
        values[element.name] = element.checked;
      } else {
        values[element.name] = element.value;
      }
    }
    return values;
  }

  function restore() {
    let draft = null;
    try {
      draft = JSON.parse(sessionStorage.getItem(key) || "null");
    } catch (error) {
      return;
    }
    if (!draft || draft.base !== base) return;
    const now = snapshot();
    let changed = false;
    for (const [name, value] of Object.entries(draft.values)) {
      if (now[name] === value) continue;
      const element = field(name);
      if (!element) continue;
      changed = true;
      if (element instanceof RadioNodeList) {
        for (const radio of element) radio.checked = radio.value === value;
      } else if (element.type === "checkbox") {
        element.checked = value;
      } else {
        element.value = value;
      }
    }
    const note = document.querySelector(".ot-restored");
    if (changed && note) note.hidden = false;
  }

  function save() {
    try {
      sessionStorage.setItem(key, JSON.stringify({ base: base, values: snapshot() }));
    } catch (error) {
      // Private browsing may refuse storage; the form still works.
    }
  }

  form.addEventListener("input", function () {
    refresh();
    save();
  });
  form.addEventListener("change", function () {
    refresh();
    save();
  });

  restore();
  refresh();
  if (!form.querySelector("[autofocus]") || form.querySelector("[autofocus]").value) {
    const empty = stops().find(isEmpty);
    if (empty && !form.querySelector(".error")) focusStop(empty);
  }
})();
