/** The weather condition of SPEC §3 as an icon (inline SVG), with its name as the label. */
import type { WeatherCondition } from '../../../contract/dashboard.ts';

const SUN = <circle cx="12" cy="12" r="4.5" className="wx-sun" />;
const RAYS = (
  <path
    className="wx-sun-ray"
    d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
  />
);
const CLOUD = (dx = 0, dy = 0, cls = 'wx-cloud') => (
  <path
    className={cls}
    transform={`translate(${dx} ${dy})`}
    d="M7 18h10a4 4 0 0 0 .6-7.96A5.5 5.5 0 0 0 7.1 9.5 4.25 4.25 0 0 0 7 18z"
  />
);
const DROPS = <path className="wx-rain" d="M8 20.5l-1 2M12 20.5l-1 2M16 20.5l-1 2" />;

const DRAWINGS: Record<WeatherCondition, React.ReactNode> = {
  ClearSky: (
    <>
      {SUN}
      {RAYS}
    </>
  ),
  FewClouds: (
    <>
      <g transform="translate(-3 -3) scale(0.8)">
        {SUN}
        {RAYS}
      </g>
      {CLOUD(2, 2)}
    </>
  ),
  ScatteredClouds: CLOUD(0, 0),
  BrokenClouds: (
    <>
      {CLOUD(-3, -4, 'wx-cloud wx-cloud-back')}
      {CLOUD(1, 0)}
    </>
  ),
  ShowerRain: (
    <>
      {CLOUD(0, -3)}
      {DROPS}
    </>
  ),
  Rain: (
    <>
      {CLOUD(0, -3, 'wx-cloud wx-cloud-dark')}
      {DROPS}
    </>
  ),
  Thunderstorm: (
    <>
      {CLOUD(0, -4, 'wx-cloud wx-cloud-dark')}
      <path className="wx-bolt" d="M12 15l-2 4h3l-2 4" />
    </>
  ),
  Snow: (
    <>
      {CLOUD(0, -3)}
      <path className="wx-snow" d="M8 21h.01M12 21.5h.01M16 21h.01M10 23h.01M14 23h.01" />
    </>
  ),
  Mist: <path className="wx-mist" d="M3 9h18M5 13h14M3 17h18M7 21h10" />,
};

export function WeatherIcon({
  condition,
  label,
  size = 48,
}: {
  condition: WeatherCondition;
  label: string;
  size?: number;
}) {
  return (
    <svg
      className="wx-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      role="img"
      aria-label={label}
      data-condition={condition}
    >
      {DRAWINGS[condition]}
    </svg>
  );
}
