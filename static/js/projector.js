// The projector follows the party: the page is fetched again every 20 s, so the next seating shows once the bell rang.
(function () {
  setTimeout(function () { window.location.reload(); }, 20000);
})();
