// Every page: submit the language switch on change; ask before forms marked data-confirm.
document.addEventListener("change", (event) => {
  if (event.target.id === "lang-select") event.target.form.submit();
});
document.addEventListener("submit", (event) => {
  const question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
