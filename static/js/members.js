// The members page: the list narrows to the rows matching every word typed in the search box, as you type,
// accents and case aside ("astrom" finds Åström), as the page's own search does (tournaments.models.collation_key).
const fold = (text) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
for (const box of document.querySelectorAll("input[data-filter]")) {
  const rows = document.querySelectorAll(`${box.dataset.filter} tbody tr[data-search]`);
  const filter = () => {
    const words = fold(box.value).split(/\s+/).filter(Boolean);
    for (const row of rows) {
      const text = fold(row.dataset.search);
      row.hidden = !words.every((word) => text.includes(word));
    }
  };
  box.addEventListener("input", filter);
  filter();
}
