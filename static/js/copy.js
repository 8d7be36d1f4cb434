// A "Copy" button: copies the value of the field its data-copy names and says so beside it.
document.querySelectorAll("[data-copy]").forEach((button) => {
  button.addEventListener("click", async () => {
    const field = document.querySelector(button.dataset.copy);
    const said = button.parentElement.querySelector("[data-copied]");
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      said.textContent = "Copied.";
    } catch {
      said.textContent = "Selected: copy it with Ctrl+C (or long-press on a phone).";
    }
  });
});
