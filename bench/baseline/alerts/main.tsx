/** The naive alerts baseline page (scaffold: replaced by its implementation). */
export function mount(root: HTMLElement, query: URLSearchParams): void {
  root.textContent = `baseline view 'alerts' is not built yet (${query.toString()})`;
}
