// Job progress bars: each <progress data-job-url> follows its job (GET /api/jobs/<id>/) until it is done or
// failed; with data-reload the page reloads then, to show what the job changed.
(function () {
  "use strict";
  var ENDED = ["done", "failed"];
  function follow(bar) {
    fetch(bar.dataset.jobUrl, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.json(); })
      .then(function (job) {
        bar.value = job.progress || 0;
        bar.textContent = (job.progress || 0) + "%";
        var state = bar.parentNode.querySelector(".job-state");
        if (state) state.textContent = job.error ? job.state + ": " + job.error : job.state === "pending" ? "waiting for a worker" : job.state;
        if (ENDED.indexOf(job.state) < 0) {
          setTimeout(function () { follow(bar); }, 700);
        } else if (bar.dataset.reload) {
          window.location.reload();
        }
      })
      .catch(function () { setTimeout(function () { follow(bar); }, 3000); });
  }
  document.querySelectorAll("progress[data-job-url]").forEach(follow);
})();
