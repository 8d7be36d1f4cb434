// The members page: the list narrows to the rows matching every word typed in the search box, as you type.
for (const box of document.querySelectorAll("input[data-filter]")) {
  const rows = document.querySelectorAll(`${box.dataset.filter} tbody tr[data-search]`);
  const filter = () => {
    const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const row of rows) {
      const text = row.dataset.search.toLowerCase();
      row.hidden = !words.every((word) => text.includes(word));
    }
  };
  box.addEventListener("input", filter);
  filter();
}
