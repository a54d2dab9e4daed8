/** PI rules: a hostile process image renders inert (DESIGN.md "Process images", "Security"). */
import { Window } from 'happy-dom';
import type { WindowLike } from 'dompurify';
import { afterAll, describe, expect, it } from 'vitest';
import { createSvgSanitizer } from '../../../src/features/process-images/sanitizeSvg.ts';

const window = new Window();
const sanitizer = createSvgSanitizer(window as unknown as WindowLike);
afterAll(() => window.happyDOM.close());

const HOSTILE = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="alert(1)">
  <script>alert('script')</script>
  <script xlink:href="https://evil.example/x.js"/>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <rect id="tank" width="10" height="10" fill="url(#g)" data-pv="AnaIn-100001" data-bind="fill" onclick="alert(2)" onmouseover="alert(3)"/>
  <rect id="paint" width="10" height="10" fill="url(https://evil.example/p.svg#x)"/>
  <rect id="styled" width="10" height="10" style="fill: url(https://evil.example/bg.png)"/>
  <g id="pump" style="transform-origin: 5px 5px" tabindex="0" role="button" aria-label="Pumpe 1" data-action="pv"/>
  <a id="js" href="javascript:alert(4)"><text>js</text></a>
  <a id="jsx" xlink:href="javascript:alert(5)"><text>js</text></a>
  <a id="ext" href="https://evil.example/"><text>ext</text></a>
  <a id="ok" href="/process-images/wasserwerk-talaue"><text>ok</text></a>
  <image id="img" href="https://evil.example/track.png" width="1" height="1"/>
  <image id="raster" href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <use id="useext" href="https://evil.example/sprite.svg#a"/>
  <use id="useint" href="#tank"/>
  <foreignObject id="fo" width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe></div></foreignObject>
  <animate id="anim" attributeName="href" to="javascript:alert(6)" begin="0s"/>
  <set id="set" attributeName="onclick" to="alert(7)"/>
  <text id="label" x="1" y="1" data-pv="AnaIn-100001" data-bind="value">—</text>
</svg>`;

describe('process image sanitising', () => {
  const svg = sanitizer.sanitize(HOSTILE)!;
  const html = svg.outerHTML;

  it('PI-S1: no script element and no event handler attribute survives', () => {
    expect(svg.querySelectorAll('script')).toHaveLength(0);
    expect(html).not.toMatch(/<script/i);
    for (const el of [svg, ...svg.querySelectorAll('*')]) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), attr).toBe(false);
    }
  });

  it('PI-S2: javascript: and external links are removed; links to process images stay', () => {
    expect(html).not.toMatch(/javascript:/i);
    expect(svg.querySelector('#js')?.getAttribute('href') ?? null).toBeNull();
    expect(svg.querySelector('#jsx')?.getAttribute('xlink:href') ?? null).toBeNull();
    expect(svg.querySelector('#ext')?.getAttribute('href') ?? null).toBeNull();
    expect(svg.querySelector('#ok')?.getAttribute('href')).toBe(
      '/process-images/wasserwerk-talaue',
    );
  });

  it('PI-S3: no external reference survives (href, paint, style, style sheets, foreignObject)', () => {
    expect(html).not.toContain('evil.example');
    expect(svg.querySelector('style')).toBeNull();
    expect(svg.querySelector('foreignObject')).toBeNull();
    expect(svg.querySelector('#useint')?.getAttribute('href')).toBe('#tank');
    expect(svg.querySelector('#tank')?.getAttribute('fill')).toBe('url(#g)');
  });

  it('PI-S4: bindings, ARIA, tabindex and drawing survive', () => {
    const tank = svg.querySelector('#tank')!;
    expect(tank.getAttribute('data-pv')).toBe('AnaIn-100001');
    expect(tank.getAttribute('data-bind')).toBe('fill');
    const pump = svg.querySelector('#pump')!;
    expect(pump.getAttribute('tabindex')).toBe('0');
    expect(pump.getAttribute('aria-label')).toBe('Pumpe 1');
    expect(pump.getAttribute('data-action')).toBe('pv');
    expect(svg.querySelector('#label')?.textContent).toBe('—');
  });

  it('PI-S1b: the sanitiser keeps nothing of an image it has sanitised (what DOMPurify removed)', () => {
    expect(sanitizer.sanitize(HOSTILE)).not.toBeNull();
    expect(sanitizer.removedHeld()).toBe(0);
  });

  it('PI-S5: text that is not SVG yields nothing to insert', () => {
    expect(sanitizer.sanitize('<div>hello</div>')).toBeNull();
    expect(sanitizer.sanitize('<img src=x onerror=alert(1)>')).toBeNull();
  });
});
