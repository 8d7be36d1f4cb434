// The set-up page: only the chosen movement's own options are shown (without script, all show, each naming its kind).
(function () {
  const kind = document.getElementById("kind");
  if (!kind) return;
  const show = () => {
    document.querySelectorAll(".kind-option").forEach((row) => {
      row.hidden = row.dataset.kind !== kind.value;
    });
  };
  kind.addEventListener("change", show);
  show();
})();
