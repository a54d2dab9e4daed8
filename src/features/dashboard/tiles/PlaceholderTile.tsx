/** Placeholder tile: keeps its place in the layout and shows nothing. */
export function PlaceholderTile() {
  return <div className="tile-placeholder" aria-hidden="true" />;
}
