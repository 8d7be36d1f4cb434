// The director's desk follows the room: every 3 s it asks room.json for the round, the tables with results
// missing and the open conflicts, so a second phone's different result shows at once with its link to resolve it.
(function () {
  "use strict";
  var box = document.getElementById("conflicts");
  if (!box) return;
  var list = document.getElementById("conflict-list");
  var round = document.getElementById("room-round");
  var missing = document.getElementById("missing-count");
  function show(state) {
    list.replaceChildren.apply(list, state.conflicts.map(function (c) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = c.url;
      link.textContent = c.text;
      item.appendChild(link);
      return item;
    }));
    box.hidden = state.conflicts.length === 0;
    if (round && state.rounds) round.textContent = "round " + state.round + " of " + state.rounds;
    if (missing) missing.textContent = state.missing.length + " table(s) with results missing";
  }
  function poll() {
    fetch(box.dataset.poll, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.json(); })
      .then(function (state) { show(state); setTimeout(poll, 3000); })
      .catch(function () { setTimeout(poll, 10000); });
  }
  setTimeout(poll, 3000);
})();
