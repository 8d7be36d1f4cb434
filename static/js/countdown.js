// The projector's countdown of a timed round: minutes left from the time the bell ended the round before.
(function () {
  const clock = document.getElementById("countdown");
  if (!clock) return;
  const ends = Date.parse(clock.dataset.started) + Number(clock.dataset.minutes) * 60000;
  function tick() {
    const left = Math.max(0, Math.round((ends - Date.now()) / 1000));
    clock.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    if (left > 0) setTimeout(tick, 1000);
  }
  tick();
})();
