// A party table's phone follows the party: every few seconds it asks which round is in play and how its table is
// seated; once the bell rang it shows the new round (and where each player of the last one goes), once the table is
// seated again (a late arrival, a leaver, a re-seat) the new seating, and after the last bell the standings.
(function () {
  "use strict";
  var box = document.getElementById("party-phone");
  if (!box) return;
  var typing = false;  // a new seating waits while the table types its tally; the bell's new round does not
  document.addEventListener("input", function () { typing = true; });
  function poll() {
    fetch(box.dataset.poll, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.json(); })
      .then(function (state) {
        if (!state.running) { window.location.assign(box.dataset.ended); return; }
        if (String(state.round) !== box.dataset.round || (state.seating !== box.dataset.seating && !typing)) {
          window.location.reload();
          return;
        }
        setTimeout(poll, 4000);
      })
      .catch(function () { setTimeout(poll, 10000); });
  }
  setTimeout(poll, 4000);
})();
