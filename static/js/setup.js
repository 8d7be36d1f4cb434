// The set-up page: only the chosen movement's own options are shown (without script, all show, each naming its kind).
(function () {
  const kind = document.getElementById("kind");
  if (!kind) return;
  const show = () => {
    document.querySelectorAll(".kind-option").forEach((row) => {
      row.hidden = row.dataset.kind !== kind.value;
    });
  };
  // A teams movement is scored by IMPs and VPs: chosen, it sets the scoring (and leaving it sets matchpoints back).
  const scoring = document.getElementById("scoring_method");
  const teams = () => kind.selectedOptions[0] && kind.selectedOptions[0].dataset.size === "teams";
  kind.addEventListener("change", () => {
    show();
    if (!scoring) return;
    if (teams()) scoring.value = "vp";
    else if (scoring.value === "vp") scoring.value = "mp";
  });
  show();
})();
