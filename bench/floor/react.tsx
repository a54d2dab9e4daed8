/** The floor with React alone: the same rows, rendered by react-dom into a root. */
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import './floor.css';
import { floorRows, notePainted } from './rows.ts';

function Rows() {
  useLayoutEffect(notePainted, []);
  return (
    <div role="grid">
      {floorRows().map((r) => (
        <div key={r.id} role="row" className="floor-row">
          <span role="gridcell">
            <input type="checkbox" />
          </span>
          <span role="gridcell">
            <span className="floor-chip">{r.priority}</span>
          </span>
          <span role="gridcell">
            <span>{r.time}</span>
          </span>
          <span role="gridcell">
            <span className="floor-cut">{r.station}</span>
          </span>
          <span role="gridcell">
            <span className="floor-cut">{r.source}</span>
          </span>
          <span role="gridcell">
            <span className="floor-cut">{r.text}</span>
          </span>
          <span role="gridcell">
            <span>{r.state}</span>
          </span>
          <span role="gridcell">
            <span>{r.acknowledgedBy}</span>
          </span>
          <span role="gridcell">
            <span>{r.cleared}</span>
          </span>
        </div>
      ))}
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Rows />);
