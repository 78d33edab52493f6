// The pairs page: a member's number typed in a name box becomes the member's name at once
// (the server does the same on save, so this is only a convenience).
(function () {
  "use strict";

  document.addEventListener("change", function (event) {
    const box = event.target;
    if (!box.matches || !box.matches("input[list=members]")) return;
    const typed = box.value.trim().toUpperCase();
    const members = document.getElementById("members");
    if (!members || typed === "") return;
    const option = Array.from(members.options).find(function (o) {
      return o.textContent.trim().toUpperCase() === typed;
    });
    if (option) box.value = option.value;
  });
})();
