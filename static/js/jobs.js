// Job progress bars: each <progress data-job-url> follows its job (GET /api/jobs/<id>/) until it ends.
(function () {
  "use strict";
  function follow(bar) {
    fetch(bar.dataset.jobUrl, { credentials: "same-origin", cache: "no-store" })
      .then(function (answer) { return answer.json(); })
      .then(function (job) {
        bar.value = job.progress || 0;
        bar.textContent = (job.progress || 0) + "%";
        var state = bar.parentNode.querySelector(".job-state");
        if (state) state.textContent = job.error ? job.state + ": " + job.error : job.state;
        if (["succeeded", "failed", "success", "failure", "done", "cancelled"].indexOf(String(job.state).toLowerCase()) < 0) {
          setTimeout(function () { follow(bar); }, 1000);
        }
      })
      .catch(function () { setTimeout(function () { follow(bar); }, 3000); });
  }
  document.querySelectorAll("progress[data-job-url]").forEach(follow);
})();
