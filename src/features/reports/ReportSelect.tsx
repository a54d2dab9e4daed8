/** A choice in a report's toolbar: its label above a select of `[value, text]` options. */
export function ReportSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | number;
  options: readonly (readonly [value: string | number, text: string])[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="report-date">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([optionValue, text], i) => (
          <option key={i} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
