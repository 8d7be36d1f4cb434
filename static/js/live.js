// Live standings: poll the standings fragment; the server answers 304 until something changed (ETag).
(function () {
  "use strict";
  var box = document.getElementById("standings");
  if (!box || !box.dataset.live) return;
  var tag = null;
  var delay = Number(box.dataset.every || 3000);
  function poll() {
    var headers = tag ? { "If-None-Match": tag } : {};
    fetch(box.dataset.live, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (answer) {
        if (answer.status === 200) {
          tag = answer.headers.get("ETag");
          return answer.text().then(function (html) {
            if (box.innerHTML.trim() !== html.trim()) {
              box.innerHTML = html;
              box.dataset.updated = String(Date.now());
            }
          });
        }
      })
      .catch(function () { /* offline for a moment: try again next time */ })
      .then(function () { setTimeout(poll, delay); });
  }
  setTimeout(poll, delay);
})();
