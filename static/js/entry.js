// Traveller entry grid: Enter moves down a row, the engine's verdict (score or problem) shows as you type.
(function () {
  "use strict";
  var form = document.getElementById("entry-grid");
  if (!form) return;
  var url = form.dataset.check;
  var timers = new WeakMap();
  function check(row) {
    var field = function (cls) { var el = row.querySelector("." + cls); return el ? el.value.trim() : ""; };
    var out = row.querySelector(".verdict");
    if (!out) return;
    var whist = form.dataset.whist === "1";  // a duplicate whist board: the tricks N-S took, no contract
    if (!field(whist ? "tricks" : "contract")) { out.textContent = ""; row.classList.remove("bad", "good"); return; }
    var board = row.dataset.board || form.dataset.board;  // a pickup slip: each row its own board
    var query = new URLSearchParams({ board: board, contract: field("contract"), declarer: field("declarer"),
                                      tricks: field("tricks"), lead: field("lead") });
    fetch(url + "?" + query.toString(), { credentials: "same-origin" })
      .then(function (answer) { return answer.json(); })
      .then(function (data) {
        row.classList.toggle("good", data.ok);
        row.classList.toggle("bad", !data.ok);
        out.textContent = data.ok ? (data.score_ns > 0 ? "+" : "") + data.score_ns : data.error;
      });
  }
  form.addEventListener("input", function (event) {
    var input = event.target, row = input.closest("tr");
    if (input.classList.contains("contract") || input.classList.contains("declarer") || input.classList.contains("lead")) {
      var start = input.selectionStart;
      input.value = input.value.toUpperCase();
      input.setSelectionRange(start, start);
    }
    if (input.classList.contains("declarer") && /^[NESW]$/.test(input.value)) {
      row.querySelector(".tricks").focus();
    }
    clearTimeout(timers.get(row));
    timers.set(row, setTimeout(function () { check(row); }, 150));
  });
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.target.tagName !== "INPUT") return;
    var inputs = Array.prototype.slice.call(form.querySelectorAll("tr.line:not(.done)"));
    var row = event.target.closest("tr"), index = inputs.indexOf(row);
    if (event.ctrlKey || event.metaKey || index === inputs.length - 1) return;  // submit the board
    event.preventDefault();
    var cls = event.target.className.split(" ")[0];
    var below = inputs[index + 1].querySelector("." + cls) || inputs[index + 1].querySelector("input");
    below.focus();
    below.select();
  });
})();
