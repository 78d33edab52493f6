// A save the server did not confirm must never look saved. htmx leaves the page as it is when
// the answer is an error or never comes; this says what happened beside the form that sent
// it, leaves what was typed in place for another Enter, and sends the freshest CSRF token, so
// a login in another tab (which changes the token) does not make every save fail.
(function () {
  "use strict";

  const MESSAGES = {
    server: "Not saved: the server had a problem — your text is still here, press Enter to try again (Esc puts back what is stored).",
    login: "Your login has expired: log in again in another tab, then press Enter.",
    refused: "Not saved: the server refused it. If you logged out or in elsewhere, log in again in another tab, then press Enter.",
    gone: "Not saved: this row is not on the page any more. Copy your text, reload the page and type it again.",
    offline: "Not saved: no connection to the server. Your text is still here: press Enter to try again (Esc puts back what is stored).",
    timeout: "No answer from the server yet: this may not be saved. Press Enter to send it again (a line sent twice is kept once).",
  };

  function cookie(name) {
    const found = document.cookie.split("; ").find(function (part) {
      return part.startsWith(name + "=");
    });
    return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
  }

  // Django rotates the CSRF token at every login; the cookie always holds the current one.
  document.addEventListener("htmx:configRequest", function (event) {
    const token = cookie("csrftoken");
    if (!token || event.detail.verb === "get") return;
    event.detail.headers["X-CSRFToken"] = token;
    if (event.detail.parameters.csrfmiddlewaretoken !== undefined) {
      event.detail.parameters.csrfmiddlewaretoken = token;
    }
  });

  // The server's own refusals that carry the rows (503: the database was busy) are swapped in
  // like any answer: they show the message beside the row with the typed text still in it.
  document.addEventListener("htmx:beforeSwap", function (event) {
    const xhr = event.detail.xhr;
    if (xhr.status >= 400 && xhr.getResponseHeader("Clubscore-Rows") === "swap") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  function sender(event) {
    const elt = event.detail.elt;
    if (!elt || !elt.closest) return null;
    return elt.closest("form");
  }

  function show(event, message) {
    const form = sender(event);
    if (!form) return;  // a poll: it asks again by itself
    const place = form.classList.contains("row-form") ? form.parentElement : form;
    let note = place.querySelector("p.connection-error");
    if (!note) {
      note = document.createElement("p");
      note.className = "error connection-error";
      note.setAttribute("role", "alert");
      if (place === form) {
        form.appendChild(note);
      } else {
        place.insertBefore(note, form.nextSibling);
      }
    }
    note.textContent = message;
    const row = form.closest("tr");
    if (row) row.classList.add("has-error");
    const input = form.querySelector("input.entry-input, input[type=text]");
    if (input) input.focus();
  }

  function plainText(xhr) {
    const type = xhr.getResponseHeader("Content-Type") || "";
    const text = (xhr.responseText || "").trim();
    return type.startsWith("text/plain") && text && text.length < 300 ? text : "";
  }

  document.addEventListener("htmx:responseError", function (event) {
    const xhr = event.detail.xhr;
    const status = xhr.status;
    let message = MESSAGES.server;
    if (status === 401) message = plainText(xhr) || MESSAGES.login;
    else if (status === 403) message = MESSAGES.refused;
    else if (status === 404) message = MESSAGES.gone;
    else if (status >= 400 && status < 500) message = plainText(xhr) || MESSAGES.refused;
    show(event, message);
  });
  document.addEventListener("htmx:sendError", function (event) {
    show(event, MESSAGES.offline);
  });
  document.addEventListener("htmx:timeout", function (event) {
    show(event, MESSAGES.timeout);
  });
})();
