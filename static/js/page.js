// Behaviour templates ask for with data attributes, so that no template carries inline script
// and the Content-Security-Policy can allow scripts from this site's files only.
(function () {
  "use strict";

  // <button data-print>: print the page (score cards, table cards, a round's sheets).
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });

  // <form data-confirm="Remove this penalty?">: ask before the form is sent.
  document.addEventListener("submit", function (event) {
    const question = event.target.dataset && event.target.dataset.confirm;
    if (question && !window.confirm(question)) event.preventDefault();
  });
})();
